package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Durable whole-file writes with POSIX calls: a temporary file in the same directory is written,
/// flushed to disk, renamed over the target, and the directory entry is flushed too. A reader (or
/// a process started after a crash) sees either the old file or the new one, never a mix.
///
/// Shared by `DocumentStore` (CourierStore) and `FileTokenStore` (CourierOAuth), the only users,
/// through this small internal target. Temporary files
/// are created with mode 0600, so a secret is never readable by others, not even for a moment.
package enum AtomicFile {
    /// Prefix of temporary files, so leftovers from a killed process can be found and removed.
    package static func temporaryPrefix(for target: URL) -> String { "." + target.lastPathComponent + ".tmp-" }

    /// Replaces the file at `target` with `data`, durably. Creates the directory when missing,
    /// with `directoryPermissions` when given (e.g. 0o700 for secrets).
    package static func write(_ data: Data, to target: URL, directoryPermissions: Int? = nil) throws(AtomicFileError) {
        let directory = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: directoryPermissions.map { [.posixPermissions: $0] }
            )
        } catch {
            throw .unwritable(path: directory.path, reason: pathProblem(of: target) ?? Self.describe(error))
        }
        let temporary = directory.appendingPathComponent(temporaryPrefix(for: target) + UUID().uuidString)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .unwritable(path: directory.path, reason: lastErrno()) }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try writeAll(data, to: fd, path: temporary.path)
            guard fsync(fd) == 0 else { throw AtomicFileError.writeFailed(path: temporary.path, reason: lastErrno()) }
            closed = true
            guard close(fd) == 0 else { throw AtomicFileError.writeFailed(path: temporary.path, reason: lastErrno()) }
            guard rename(temporary.path, target.path) == 0 else {
                let reason = lastErrno()
                throw AtomicFileError.writeFailed(path: target.path, reason: pathProblem(of: target) ?? reason)
            }
        } catch let error as AtomicFileError {
            unlink(temporary.path)
            throw error
        } catch {
            unlink(temporary.path)
            throw .writeFailed(path: target.path, reason: Self.describe(error))
        }
        try syncDirectory(directory)
    }

    /// Removes `target` (if present) and flushes the directory. A missing file, or a missing
    /// folder, is nothing to remove. A folder that refuses the removal (permissions, a read-only
    /// disk) is ``AtomicFileError/unwritable(path:reason:)`` naming the folder.
    package static func remove(_ target: URL) throws(AtomicFileError) {
        let directory = target.deletingLastPathComponent()
        if unlink(target.path) != 0 {
            let code = errno
            if code == ENOENT { return }
            if let problem = pathProblem(of: target) { throw .writeFailed(path: target.path, reason: problem) }
            throw .unwritable(path: directory.path, reason: String(cString: strerror(code)))
        }
        try syncDirectory(directory)
    }

    /// Moves `source` to `destination` and flushes the directory.
    package static func move(_ source: URL, to destination: URL) throws(AtomicFileError) {
        guard rename(source.path, destination.path) == 0 else {
            throw .writeFailed(path: destination.path, reason: lastErrno())
        }
        try syncDirectory(destination.deletingLastPathComponent())
    }

    /// Why `target` cannot be a file, in plain words, when the shape of its path is the reason:
    /// a folder is where the file should be (`… is a folder, not a file`), or a file is where
    /// one of its folders should be (`… is a file, not a folder`). Nil when neither; the cause is
    /// then elsewhere (permissions, a read-only or full disk) and the system's words say it.
    package static func pathProblem(of target: URL) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(target.path) is a folder, not a file"
        }
        var parent = target.deletingLastPathComponent()
        while parent.path != "/" && !parent.path.isEmpty {
            if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : "\(parent.path) is a file, not a folder"
            }
            parent = parent.deletingLastPathComponent()
        }
        return nil
    }

    /// Deletes temporary files a killed writer left next to `target`.
    package static func removeLeftovers(of target: URL) {
        let directory = target.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: target)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(AtomicFileError) {
        let failure: String? = data.withUnsafeBytes { buffer -> String? in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return lastErrno()
                }
                offset += written
            }
            return nil
        }
        if let failure { throw .writeFailed(path: path, reason: failure) }
    }

    /// Flushes a directory so a rename or unlink in it survives a power loss.
    private static func syncDirectory(_ directory: URL) throws(AtomicFileError) {
        let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .writeFailed(path: directory.path, reason: lastErrno()) }
        defer { close(fd) }
        // Some file systems refuse fsync on a directory (EINVAL); the rename is still atomic there.
        if fsync(fd) != 0 && errno != EINVAL {
            throw .writeFailed(path: directory.path, reason: lastErrno())
        }
    }

    package static func lastErrno() -> String { String(cString: strerror(errno)) }

    package static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}

/// A durable write failed.
package enum AtomicFileError: Error, Sendable {
    /// The directory could not be created or a file could not be created in it.
    case unwritable(path: String, reason: String)
    /// Writing, flushing, renaming or removing failed.
    case writeFailed(path: String, reason: String)

    /// The file or directory involved.
    package var path: String {
        switch self {
        case .unwritable(let path, _), .writeFailed(let path, _): path
        }
    }

    /// Why it failed, as the system said.
    package var reason: String {
        switch self {
        case .unwritable(_, let reason), .writeFailed(_, let reason): reason
        }
    }
}

/// POSIX `write`, named apart from Swift's `write` methods.
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(fd, buffer, count)
    #elseif canImport(Musl)
    Musl.write(fd, buffer, count)
    #else
    Glibc.write(fd, buffer, count)
    #endif
}
