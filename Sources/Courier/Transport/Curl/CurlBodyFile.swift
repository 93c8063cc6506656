#if os(Linux)
import Foundation
import Glibc

/// The file a download's successful body streams into while libcurl delivers it, so a large
/// download never sits in memory whole.
///
/// Plain `write(2)` on a descriptor: each chunk goes from libcurl's buffer to the file without
/// being copied into a `Data` first. Used only on the event-loop thread.
struct CurlBodyFile {
    let target: DownloadFile
    private let descriptor: Int32
    /// Body bytes written so far.
    private(set) var bytesWritten: Int64 = 0

    /// Opens the download's partial file as its 2xx head planned (appending to the bytes on disk
    /// or replacing them); nil when it cannot be opened.
    init?(target: DownloadFile) {
        guard let descriptor = target.open() else { return nil }
        self.target = target
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
    /// removed with its record: bytes that may be missing are never resumed).
    func close() -> Bool {
        guard Glibc.close(descriptor) == 0 else {
            target.discard()
            return false
        }
        return true
    }

    /// Closes the file after a failed transfer: its bytes stay to be resumed when they can be.
    func discard() {
        _ = Glibc.close(descriptor)
        target.attemptFailed()
    }
}
#endif
