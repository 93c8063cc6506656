#if os(Linux)
import Foundation
import Glibc

/// The file a download's successful body streams into while libcurl delivers it, so a large
/// download never sits in memory whole.
///
/// Plain `write(2)` on a descriptor: each chunk goes from libcurl's buffer to the file without
/// being copied into a `Data` first. Used only on the event-loop thread.
struct CurlBodyFile {
    let url: URL
    private let descriptor: Int32
    /// Body bytes written so far.
    private(set) var bytesWritten: Int64 = 0

    /// Creates the file at `url`, emptying any file already there; nil when it cannot be created.
    init?(url: URL) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.url = url
        self.descriptor = descriptor
    }

    /// Appends `bytes`; false when the file system refused them (disk full, I/O error).
    mutating func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        bytesWritten += Int64(bytes.count)
        return true
    }

    /// Closes the file, keeping it; false when the last writes failed to reach it (then it is
    /// removed: a file that may be partial is never left behind).
    func close() -> Bool {
        guard Glibc.close(descriptor) == 0 else {
            unlink(url.path)
            return false
        }
        return true
    }

    /// Closes and removes the file (the transfer failed).
    func discard() {
        _ = Glibc.close(descriptor)
        unlink(url.path)
    }
}
#endif
