import Foundation

/// A response body passed the size limit of its call (``HTTPRequest/maximumResponseBodySize``):
/// what a transport throws when it stops reading, and what the pipeline reports as
/// ``HTTPError/Kind/responseBodyTooLarge(limit:received:expected:)``.
///
/// The transports check the limit where the bytes arrive, before keeping them: a body whose
/// `Content-Length` announces more than the limit is refused with its head, before any of it is
/// read; any other body is refused by the chunk that would pass the limit, which is not kept. At
/// most the limit is ever held, and ``received`` is at most the limit plus one read from the
/// network.
struct ResponseBodyTooLarge: Error, Sendable, CustomStringConvertible {
    /// The call's limit, in bytes.
    let limit: Int
    /// The body bytes that had arrived when the transfer was stopped, the refused chunk included.
    let received: Int
    /// The length the response announced (`Content-Length`), when it announced one of the bytes
    /// it hands over.
    let expected: Int?

    var description: String {
        if let expected {
            return "the response announced a body of \(expected) bytes, more than the limit of \(limit) bytes"
        }
        return "the response body passed the limit of \(limit) bytes (\(received) bytes received when it was stopped)"
    }

    /// The error for a response head that announces `expected` body bytes, when that is more
    /// than `limit`.
    static func announced(_ expected: Int64?, limit: Int?) -> ResponseBodyTooLarge? {
        guard let limit, let expected, expected > Int64(limit) else { return nil }
        return ResponseBodyTooLarge(limit: limit, received: 0, expected: Int(clamping: expected))
    }

    /// The error when `count` more body bytes arrive after `held`, when that passes `limit`.
    static func receiving(_ count: Int, after held: Int, limit: Int?) -> ResponseBodyTooLarge? {
        guard let limit, held + count > limit else { return nil }
        return ResponseBodyTooLarge(limit: limit, received: held + count, expected: nil)
    }

    /// How many body bytes a response head announces, for progress and for the limit: its
    /// `Content-Length`, unless a `Content-Encoding` makes that the size of the encoded bytes
    /// while the transports hand over (and count) decoded ones. Nil when unknown.
    static func expectedLength(contentLength: String?, contentEncoding: String?) -> Int64? {
        if let contentEncoding, contentEncoding.lowercased() != "identity" { return nil }
        guard let length = contentLength.flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }), length >= 0
        else { return nil }
        return length
    }
}
