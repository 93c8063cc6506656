#if os(Linux)
import Foundation

/// What the body limit reads of a response head while it arrives: its status and the two fields
/// that say how long its body is.
struct CurlLimitHead {
    var status = 0
    var contentLength: String?
    var contentEncoding: String?
}

// The limit on a body held in memory (``HTTPRequest/maximumResponseBodySize``). Loop thread only:
// called from the transfer's callbacks.
extension CurlTransfer {
    /// Keeps a chunk of the body in memory, unless it would take the body past the limit: then
    /// nothing of it is kept, the error is recorded, and the caller aborts the transfer.
    func keep(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let error = ResponseBodyTooLarge.receiving(bytes.count, after: body.count, limit: bodyLimit) {
            limitError = error
            return false
        }
        if let base = bytes.baseAddress { body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count) }
        return true
    }

    /// Follows the response heads line by line; false (the transfer is aborted before any of the
    /// body is read) when a complete head announces a body past the limit that would be held in
    /// memory. A download's successful body goes to its file and is not limited.
    func limitHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        if Self.isStatusLine(line) {
            limitHead = CurlLimitHead(status: Self.statusCode(ofStatusLine: line))
        } else if let value = Self.value(ofField: "content-length", in: line) {
            limitHead.contentLength = value
        } else if let value = Self.value(ofField: "content-encoding", in: line) {
            limitHead.contentEncoding = value
        } else if line.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
            if downloadFile != nil, (200..<300).contains(limitHead.status) { return true }
            let expected = ResponseBodyTooLarge.expectedLength(
                contentLength: limitHead.contentLength, contentEncoding: limitHead.contentEncoding)
            if let error = ResponseBodyTooLarge.announced(expected, limit: bodyLimit) {
                limitError = error
                return false
            }
        }
        return true
    }

    /// The value of a header line when its name is `name` (lower-case ASCII, compared without
    /// case), trimmed; nil for any other line.
    static func value(ofField name: StaticString, in line: UnsafeRawBufferPointer) -> String? {
        let count = name.utf8CodeUnitCount
        guard line.count > count, line[count] == UInt8(ascii: ":") else { return nil }
        let matches = name.withUTF8Buffer { name in
            name.indices.allSatisfy { line[$0] | 0x20 == name[$0] }
        }
        guard matches else { return nil }
        // Trimmed byte by byte (spaces, tabs and the line's CRLF), not through Foundation's
        // character sets: this runs on the loop thread for every response.
        var start = count + 1
        var end = line.count
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start,
            line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0D || line[end - 1] == 0x0A
        {
            end -= 1
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }
}
#endif
