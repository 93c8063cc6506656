#if os(Linux)
import Foundation

/// Parses the raw header block libcurl hands over (every line after the status line, each
/// ending in CRLF) into ``HTTPHeaders``, in one pass over the bytes.
///
/// This runs once per response on the caller's thread, and it used to be a third of that
/// thread's time in a 16-in-flight profile (splitting `Data` into slices, trimming them one byte
/// at a time through `Data`'s indexing, each access checked for exclusivity): here the bytes are
/// read through one raw buffer and each name and value becomes a `String` straight from it.
enum CurlHeaderBlock {
    static func parse(_ head: Data) -> HTTPHeaders {
        head.withUnsafeBytes { parse(UnsafeRawBufferPointer($0)) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(16)
        var lineStart = 0
        // Whether the last line was a field, which a folded line may continue.
        var canFold = false
        let count = bytes.count
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let next = lineEnd + 1
            let (start, end) = trimmed(bytes, lineStart, lineEnd)
            defer { lineStart = next }
            guard start < end else { continue }
            if isBlank(bytes[lineStart]), canFold {
                // An obsolete folded line continues the field before it.
                fields[fields.count - 1].value += " " + string(bytes, start, end)
                continue
            }
            var colon = start
            while colon < end, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            guard colon < end else {
                // Not a field (a stray line): it ends any field a folded line could continue.
                canFold = false
                continue
            }
            canFold = true
            let name = trimmed(bytes, start, colon)
            let value = trimmed(bytes, colon + 1, end)
            fields.append(
                HTTPHeaders.Field(
                    name: string(bytes, name.start, name.end), value: string(bytes, value.start, value.end)))
        }
        return HTTPHeaders(fields)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> (start: Int, end: Int) {
        var start = start
        var end = end
        while start < end, isBlank(bytes[start]) { start += 1 }
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        return (start, end)
    }

    private static func string(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
#endif
