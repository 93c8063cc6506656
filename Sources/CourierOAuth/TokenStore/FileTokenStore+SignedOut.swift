import CourierFileSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The signed-out marker: what ``FileTokenStore/clear()`` writes over the token when it cannot
/// delete the file. It holds no secret, only the fact and the time.
struct SignedOutMarker: Codable {
    /// Always true; the key is what tells a marker from a token.
    var signedOut: Bool
    /// When the marker was written (ISO 8601), for a person reading the file.
    var at: String

    static func data(now: Date) -> Data {
        let marker = SignedOutMarker(signedOut: true, at: ISO8601DateFormatter().string(from: now))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(marker)) ?? Data(#"{"signedOut":true}"#.utf8)
    }

    /// Whether `data` is a marker. An empty file counts as one: it is what is left when the
    /// marker's write failed after the token was truncated away (a token is never written empty).
    static func matches(_ data: Data) -> Bool {
        if data.isEmpty { return true }
        return (try? JSONDecoder().decode(SignedOutMarker.self, from: data))?.signedOut == true
    }
}

/// The file operations ``FileTokenStore`` uses to save and get rid of a token; tests replace
/// them to make a save or a deletion fail as on a read-only disk, which permission bits cannot do
/// for root.
struct TokenFileOperations: Sendable {
    /// Deletes the file at the path: 0, or the `errno` of the failure.
    var remove: @Sendable (String) -> Int32
    /// Opens the existing regular file at the path (never creating it), truncates it and writes
    /// the data: 0 once the truncation succeeded, else the `errno` of the failure.
    var overwrite: @Sendable (String, Data) -> Int32
    /// Replaces the file with the data, atomically and durably, creating its folder (mode 0700).
    var save: @Sendable (Data, URL) throws(AtomicFileError) -> Void = saveFile

    static let system = TokenFileOperations(remove: removeFile, overwrite: overwriteFile)

    private static func saveFile(_ data: Data, _ url: URL) throws(AtomicFileError) {
        try AtomicFile.write(data, to: url, directoryPermissions: 0o700)
    }

    private static func removeFile(_ path: String) -> Int32 {
        unlink(path) == 0 ? 0 : errno
    }

    private static func overwriteFile(_ path: String, _ data: Data) -> Int32 {
        // O_NONBLOCK so a FIFO put in the token's place cannot hang the open.
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return errno }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return EINVAL }
        guard ftruncate(fd, 0) == 0 else { return errno }
        // The token is gone from here on. A failed write leaves an empty file, which load() also
        // reads as signed out, so it is not reported as a failure.
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        _ = fsync(fd)
        return 0
    }
}

extension FileTokenStore {
    /// Deletes the signed-out marker at `fileURL` if the file there is still the marker that was
    /// read (same device and inode), so a token another process saved meanwhile is never deleted.
    /// Failures are ignored: the marker is harmless, and the next save replaces it.
    func removeSignedOutMarker() {
        let path = fileURL.path
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG, opened.st_size < 4096 else { return }
        var bytes = [UInt8](repeating: 0, count: Int(opened.st_size))
        let count = bytes.isEmpty ? 0 : read(fd, &bytes, bytes.count)
        guard count == bytes.count, SignedOutMarker.matches(Data(bytes)) else { return }
        var current = stat()
        guard lstat(path, &current) == 0, current.st_dev == opened.st_dev, current.st_ino == opened.st_ino else {
            return
        }
        _ = operations.remove(path)
    }
}
