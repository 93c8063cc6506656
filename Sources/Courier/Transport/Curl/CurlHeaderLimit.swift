#if os(Linux)
import Foundation

/// How a response's head is arriving, to tell libcurl's limits on its size from other failures.
///
/// libcurl refuses a header section over 300 KB with `CURLE_RECV_ERROR` (its message, "Too large
/// response headers", goes only to an error buffer) and a header line over 100 KB with
/// `CURLE_OUT_OF_MEMORY`, never handing that line over. Reported as they are, the first reads as
/// a lost connection (which a retry policy sends again, to meet the same headers) and the second
/// as "Out of memory". Counting the head's bytes as they arrive tells them apart: a failure while
/// a head is incomplete and near the section limit, or an "out of memory" after a status line and
/// before the head's end, is a head too large. Loop thread only.
struct CurlHeadProgress {
    /// Bytes of the latest head so far, its status line included.
    private var bytes = 0
    /// Whether its blank line arrived.
    private var ended = false

    /// A header line (or status line) arrived.
    mutating func received(_ line: UnsafeRawBufferPointer) {
        if line.starts(with: "HTTP/".utf8) {
            bytes = 0
            ended = false
        }
        bytes += line.count
        if line.count <= 2, line.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) { ended = true }
    }

    /// The error a failed transfer's `code` stands for when it was the head's size; nil otherwise.
    func tooLarge(code: Int32) -> ResponseHeadersTooLarge? {
        guard bytes > 0, !ended else { return nil }
        switch code {
        case 56 where bytes >= ResponseHeadersTooLarge.sectionLimit - ResponseHeadersTooLarge.lineLimit:
            // CURLE_RECV_ERROR with most of a section in: libcurl's section limit.
            return ResponseHeadersTooLarge(limit: ResponseHeadersTooLarge.sectionLimit)
        case 27:
            // CURLE_OUT_OF_MEMORY inside a head: a line past libcurl's line buffer.
            return ResponseHeadersTooLarge(limit: ResponseHeadersTooLarge.lineLimit)
        default:
            return nil
        }
    }
}
#endif
