public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` and waited for with `waitpid`, for tests that
/// start and kill other processes meanwhile (the fleet test kills redis-server mid-run).
///
/// Not Foundation's `Process`: it learns that a child ended from a socket the child inherits,
/// and any process spawned while that child runs (a daemon forked by redis-server, for one)
/// inherits it too and keeps it open, or closes it when killed: `Process` then reports the wrong
/// child as ended. Here the child gets no descriptor of this process but the ones it is given
/// (standard input from /dev/null, standard output and error to files), and the end is learnt
/// from `waitpid` on the child's own id.
public struct SpawnedProcess: Sendable {
    /// The child's process id.
    public let pid: pid_t

    /// A child that could not be started.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public let description: String
    }

    /// Starts `executable` with `arguments`, its standard output and error written to the files
    /// at `output` and `errors` (created or truncated; /dev/null when nil).
    public init(_ executable: String, arguments: [String], output: URL? = nil, errors: URL? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors?.path ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = Self.addCloseFrom?(&actions, 3)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "could not start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
    }

    /// Waits (off the cooperative pool) until the child ends; its exit status, or 128 plus the
    /// signal that ended it.
    public func wait() async -> Int32 {
        let pid = pid
        return await offPool {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
            return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
    /// does not export; looked up at run time.
    private static let addCloseFrom:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()
}
