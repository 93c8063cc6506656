import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A detached tmux session of a fixed size on a private server socket, to drive a full-screen
/// program like a person at a terminal: send keys, read the screen, wait for text.
///
/// The session's server is private (`tmux -L <unique name>`), so ``close()`` kills only it.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let socket = "courier-cli-test-" + UUID().uuidString.prefix(8).lowercased()
    let name = "browse"

    /// Starts `command` (run by `sh -c`) in a `columns`×`rows` window.
    init(command: String, columns: Int = 100, rows: Int = 30) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.tmuxPath) else {
            throw Failure(
                description:
                    "tmux is not installed at \(Self.tmuxPath); Scripts/test installs it (Tests/Servers/apt-packages.txt)"
            )
        }
        try run(
            ["new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows), command], captureOutput: false)
    }

    static let tmuxPath = "/usr/bin/tmux"

    /// Runs one tmux command and returns its output.
    ///
    /// Spawned with `posix_spawn`, not Foundation's `Process`: `Process` learns that a child
    /// ended from a socket the child inherits, and the tmux server forked by `new-session`
    /// keeps that socket open forever, so `Process` would never see the client exit.
    @discardableResult
    private func run(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        var pipe: [Int32] = [-1, -1]
        guard Glibc.pipe(&pipe) == 0 else { throw Failure(description: "pipe() failed") }
        // Close-on-exec, so processes other tests spawn meanwhile do not hold our pipe open.
        _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        } else {
            // The server started here would inherit the pipe and keep it open: give it /dev/null.
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // tmux, and the server it forks, get no other descriptor of this process (tests running
        // in parallel may have pipes open that must see end-of-file).
        Self.closeFrom3(&actions)
        let argv = ([Self.tmuxPath, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // The test runner ignores or blocks some signals (SIGHUP, SIGPIPE), and a spawned child
        // inherits that: tmux and the shells in its panes would then survive kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Self.tmuxPath, &actions, &attributes, argv, environ)
        Glibc.close(pipe[1])
        defer { Glibc.close(pipe[0]) }
        guard spawned == 0 else { throw Failure(description: "could not start tmux: error \(spawned)") }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output.append(contentsOf: buffer[0..<count])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: output, as: UTF8.self)
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
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

    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, 3)
    }

    /// Sends keys by tmux name (`Enter`, `Down`, `C-c`) or as literal text.
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", name] + keys)
    }

    /// Resizes the window (the program gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    /// The screen as text, one string a line.
    func screen() throws -> [String] {
        try run(["capture-pane", "-p", "-t", name]).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Whether the pane shows the alternate screen.
    func isOnAlternateScreen() throws -> Bool {
        try run(["display-message", "-p", "-t", name, "#{alternate_on}"]).trimmingCharacters(
            in: .whitespacesAndNewlines) == "1"
    }

    /// Polls the screen until `condition` holds; fails with the last screen after `timeout`
    /// (a bound only a hang reaches).
    @discardableResult
    func waitFor(
        _ what: String, timeout: Duration = hangLimit, _ condition: ([String]) throws -> Bool
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var last: [String] = []
        while ContinuousClock.now < deadline {
            last = try screen()
            if try condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "timed out waiting for \(what); the screen was:\n" + last.joined(separator: "\n"))
    }

    /// Waits until some line contains `text`.
    @discardableResult
    func waitFor(text: String) async throws -> [String] {
        try await waitFor("\"\(text)\"") { $0.contains { $0.contains(text) } }
    }

    /// The process ids of the programs the pane's shell started.
    func paneChildren() throws -> [pid_t] {
        let shell = try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { pid_t($0) }
    }

    /// Kills this session's private tmux server.
    func close() {
        _ = try? run(["kill-server"])
    }

    deinit { close() }
}
