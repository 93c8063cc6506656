import Courier
import CourierFileSupport
import Dispatch
public import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the token in a JSON file readable only by its owner.
///
/// The file is written to a temporary file created with mode 0600 (so the token is never
/// readable by others, not even for a moment), flushed, and renamed over the old one, so a crash
/// leaves either the old token or the new one, never a partial file.
///
/// Several processes may share one file (two commands of a terminal client): it is a
/// ``SharedTokenStore``, locked with an advisory `flock(2)` on `<token file>.lock` while a
/// session refreshes, so only one of them refreshes each expiry and the others adopt its token.
///
/// ```swift
/// let store = try FileTokenStore(application: "my-app")   // ~/.config/my-app/token.json
/// ```
///
/// ## Signing out when the file cannot be deleted
///
/// ``clear()`` (called by ``OAuthSession/signOut()``) deletes the file. Deleting needs write
/// permission on the folder, so it fails in a folder the process may not write to, on a
/// read-only file system, or for a file marked immutable or append-only. Then `clear()` opens
/// the existing file (without creating it), truncates it and writes a signed-out marker
/// (`{"at":"<time>","signedOut":true}`, no secret) in place. That needs write permission on the
/// file only, so it works in an unwritable folder; it fails on a read-only file system and for
/// an immutable, append-only or unwritable file. Either way `clear()` throws a ``Failure``
/// naming the file, whose ``Failure/tokenOverwritten`` says whether the token was overwritten.
///
/// ``load()`` reads a marker, or an empty file (what is left when writing the marker failed after
/// the truncation), as no token, in any process, and deletes it if it can and it is still the
/// same file; otherwise it stays until the next ``save(_:)`` replaces it. When the overwrite
/// failed too, the file keeps the token: ``OAuthSession`` then refuses that token in the same
/// process only, and a new process restores it (see ``OAuthSession/signOut()``). No marker is
/// written beside the file: creating one needs a writable folder, which is what deleting needs.
public final class FileTokenStore: SharedTokenStore {
    /// Where the token lives.
    public let fileURL: URL
    private let lock = Mutex(())
    /// How the file is deleted or overwritten; tests make these fail.
    let operations: TokenFileOperations

    /// A store at an explicit path; its folder is created (mode 0700) on first save.
    public init(fileURL: URL) {
        self.fileURL = fileURL
        self.operations = .system
    }

    init(fileURL: URL, operations: TokenFileOperations) {
        self.fileURL = fileURL
        self.operations = operations
    }

    /// A store at `<config>/<application>/<fileName>`, where `<config>` is `$XDG_CONFIG_HOME`, or
    /// `~/.config` when that is unset or not absolute (XDG Base Directory specification).
    ///
    /// - Throws: ``Failure`` when there is no home directory to put it in.
    public convenience init(application: String, fileName: String = "token.json") throws(Failure) {
        guard !application.isEmpty, !application.contains("/"), application != "..", application != "." else {
            throw Failure(
                operation: "locate", path: application, reason: "the app name must be one non-empty path component")
        }
        guard let base = Self.configDirectory(environment: ProcessInfo.processInfo.environment) else {
            throw Failure(operation: "locate", path: application, reason: "neither XDG_CONFIG_HOME nor HOME is set")
        }
        self.init(fileURL: base.appendingPathComponent(application, isDirectory: true).appendingPathComponent(fileName))
    }

    /// `$XDG_CONFIG_HOME` when absolute, else `$HOME/.config`, else nil.
    static func configDirectory(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return nil
    }

    /// The stored token; nil when the file does not exist or holds the signed-out marker (or is
    /// empty). A marker is deleted when possible.
    ///
    /// - Throws: ``Failure`` when the file cannot be read or does not hold a token.
    public func load() throws(Failure) -> Token? {
        try lock.withLock { _ throws(Failure) -> Token? in
            let data: Data
            do {
                data = try Data(contentsOf: fileURL)
            } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
                if let problem = Self.pathProblem(fileURL) {
                    throw Failure(operation: "read", path: fileURL.path, reason: problem)
                }
                return nil
            } catch {
                let reason = Self.pathProblem(fileURL) ?? error.localizedDescription
                throw Failure(operation: "read", path: fileURL.path, reason: reason)
            }
            if SignedOutMarker.matches(data) {
                removeSignedOutMarker()
                return nil
            }
            do {
                return try JSONDecoder().decode(Token.self, from: data)
            } catch {
                throw Failure(
                    operation: "read", path: fileURL.path,
                    reason: "the file does not hold a token (\(data.count) bytes)")
            }
        }
    }

    /// Writes `token` atomically with mode 0600.
    public func save(_ token: Token) throws(Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        let data: Data
        do { data = try encoder.encode(token) } catch {
            throw Failure(operation: "encode", path: fileURL.path, reason: "\(error)")
        }
        try lock.withLock { _ throws(Failure) in try write(data) }
    }

    /// Deletes the file; no error when it does not exist. When it cannot be deleted, the token
    /// in it is overwritten with the signed-out marker if possible (see the type's overview).
    ///
    /// - Throws: ``Failure`` when the file could not be deleted, also when the marker replaced
    ///   the token (``Failure/tokenOverwritten`` tells the two apart).
    public func clear() throws(Failure) {
        try lock.withLock { _ throws(Failure) in
            let code = operations.remove(fileURL.path)
            guard code != 0, code != ENOENT else { return }
            let reason = Self.pathProblem(fileURL) ?? String(cString: strerror(code))
            let overwrite = operations.overwrite(fileURL.path, SignedOutMarker.data(now: Date()))
            if overwrite == 0 {
                throw Failure(
                    operation: "delete", path: fileURL.path,
                    reason: reason + "; the token in it was overwritten with a signed-out marker instead",
                    tokenOverwritten: true
                )
            }
            throw Failure(
                operation: "delete", path: fileURL.path,
                reason: reason + "; overwriting the token in it failed too: " + String(cString: strerror(overwrite))
            )
        }
    }

    private func write(_ data: Data) throws(Failure) {
        do {
            try operations.save(data, fileURL)
        } catch {
            throw Failure(operation: "write", path: error.path, reason: error.reason)
        }
    }

    /// Why `url` cannot be a token file, in plain words (a folder in its place, or a file where
    /// one of its folders should be); nil when neither.
    static func pathProblem(_ url: URL) -> String? { AtomicFile.pathProblem(of: url) }

    /// Where the cross-process refresh lock lives: `<token file>.lock`.
    public var lockFileURL: URL { fileURL.appendingPathExtension("lock") }

    /// Takes the exclusive advisory lock on ``lockFileURL`` (creating it with mode 0600), waiting
    /// on a thread of its own while another process holds it.
    ///
    /// - Throws: ``Failure`` when the lock file cannot be opened or locked.
    public func lockExclusively() async throws -> TokenStoreLock {
        let path = lockFileURL.path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            throw Failure(
                operation: "lock", path: path, reason: Self.pathProblem(lockFileURL) ?? String(cString: strerror(code)))
        }
        let locked: Int32 = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var result: Int32
                repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
                continuation.resume(returning: result == 0 ? 0 : errno)
            }
        }
        guard locked == 0 else {
            close(fd)
            throw Failure(operation: "lock", path: path, errno: locked)
        }
        return TokenStoreLock {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    /// A file operation failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What was being done (`read`, `create`, `write`, `replace`, ...).
        public let operation: String
        /// The file or folder involved.
        public let path: String
        /// Why it failed.
        public let reason: String
        /// True when ``FileTokenStore/clear()`` could not delete the file but overwrote the token
        /// in it with the signed-out marker: no ``FileTokenStore`` loads that token again.
        public let tokenOverwritten: Bool

        init(operation: String, path: String, reason: String, tokenOverwritten: Bool = false) {
            self.operation = operation
            self.path = path
            self.reason = reason
            self.tokenOverwritten = tokenOverwritten
        }

        init(operation: String, path: String, errno code: Int32) {
            self.init(operation: operation, path: path, reason: String(cString: strerror(code)))
        }

        /// `could not <operation> <path>: <reason>`.
        public var description: String { "could not \(operation) \(path): \(reason)" }
    }
}
