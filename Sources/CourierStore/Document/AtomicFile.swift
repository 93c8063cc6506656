import Foundation
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
enum AtomicFile {
    /// Prefix of temporary files, so leftovers from a killed process can be found and removed.
    static func temporaryPrefix(for target: URL) -> String { "." + target.lastPathComponent + ".tmp-" }

    /// Replaces the file at `target` with `data`, durably. Creates the directory when missing.
    static func write(_ data: Data, to target: URL) throws(DocumentStoreError) {
        let directory = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: directory.path, reason: Self.describe(error))
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
            guard fsync(fd) == 0 else { throw DocumentStoreError.writeFailed(path: temporary.path, reason: lastErrno()) }
            closed = true
            guard close(fd) == 0 else { throw DocumentStoreError.writeFailed(path: temporary.path, reason: lastErrno()) }
            guard rename(temporary.path, target.path) == 0 else {
                throw DocumentStoreError.writeFailed(path: target.path, reason: lastErrno())
            }
        } catch let error as DocumentStoreError {
            unlink(temporary.path)
            throw error
        } catch {
            unlink(temporary.path)
            throw .writeFailed(path: target.path, reason: Self.describe(error))
        }
        try syncDirectory(directory)
    }

    /// Removes `target` (if present) and flushes the directory.
    static func remove(_ target: URL) throws(DocumentStoreError) {
        if unlink(target.path) != 0 && errno != ENOENT {
            throw .writeFailed(path: target.path, reason: lastErrno())
        }
        try syncDirectory(target.deletingLastPathComponent())
    }

    /// Moves `source` to `destination` and flushes the directory.
    static func move(_ source: URL, to destination: URL) throws(DocumentStoreError) {
        guard rename(source.path, destination.path) == 0 else {
            throw .writeFailed(path: destination.path, reason: lastErrno())
        }
        try syncDirectory(destination.deletingLastPathComponent())
    }

    /// Deletes temporary files a killed writer left next to `target`.
    static func removeLeftovers(of target: URL) {
        let directory = target.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: target)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(DocumentStoreError) {
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
    private static func syncDirectory(_ directory: URL) throws(DocumentStoreError) {
        let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .writeFailed(path: directory.path, reason: lastErrno()) }
        defer { close(fd) }
        // Some file systems refuse fsync on a directory (EINVAL); the rename is still atomic there.
        if fsync(fd) != 0 && errno != EINVAL {
            throw .writeFailed(path: directory.path, reason: lastErrno())
        }
    }

    static func lastErrno() -> String { String(cString: strerror(errno)) }

    static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return (error as NSError).localizedDescription
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
