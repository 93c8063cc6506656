public import Foundation

/// The body of a ``Request``.
///
/// The body is encoded when the request is sent, with the client's `JSONEncoder` for `.json`.
/// A `Content-Type` header is added unless the request already has one.
public enum RequestBody: Sendable {
    /// A JSON document encoded from the value with the client's encoder.
    case json(any Encodable & Sendable)
    /// `application/x-www-form-urlencoded` fields, written in name order so the bytes are stable.
    case form([String: String])
    /// Raw bytes with their content type.
    case data(Data, contentType: String)
    /// A `multipart/form-data` body; its file parts are read from disk as they are sent.
    case multipart(RequestBody.Multipart)
    /// The contents of a file, read from disk as they are sent (never loaded whole) and sent
    /// with `Content-Length`. The file must be readable when the request is built, or the call
    /// fails with ``HTTPError/Kind/invalidRequest(reason:underlying:)`` before anything is sent.
    case file(URL, contentType: String)
    /// A wire body (a stream, usually) with its content type; see ``stream(length:contentType:_:)``.
    case body(HTTPRequest.Body, contentType: String)

    /// Chunks of an `AsyncSequence` that `makeSequence` makes afresh for each attempt, so a retry
    /// or a 307/308 redirect sends the whole body again (see ``HTTPRequest/Body/stream(length:_:)``).
    ///
    /// - Parameters:
    ///   - length: The size in bytes when known (sent as `Content-Length`), nil to send chunked.
    ///   - contentType: The body's content type.
    ///   - makeSequence: Makes one attempt's sequence of chunks.
    public static func stream<Chunks: AsyncSequence & Sendable>(
        length: Int64?, contentType: String = "application/octet-stream",
        _ makeSequence: @escaping @Sendable () -> Chunks
    ) -> RequestBody where Chunks.Element: DataProtocol {
        .body(.stream(length: length, makeSequence), contentType: contentType)
    }

    /// Encodes the body; returns the wire body and the content type to send.
    func encoded(with encoder: JSONEncoder) throws -> (body: HTTPRequest.Body, contentType: String) {
        switch self {
        case .json(let value):
            return (.data(try encoder.encode(value)), "application/json")
        case .form(let fields):
            return (.data(Data(FormEncoding.encode(fields).utf8)), "application/x-www-form-urlencoded")
        case .data(let data, let contentType):
            return (.data(data), contentType)
        case .multipart(let form):
            let body = form.wireBody
            try Self.checkReadable(body.files)
            return (body, form.contentType)
        case .file(let url, let contentType):
            try Self.checkReadable([url])
            return (.file(url), contentType)
        case .body(let body, let contentType):
            return (body, contentType)
        }
    }

    /// Fails with the reason a file cannot be sent, before anything is: missing, unreadable or
    /// not a regular file.
    private static func checkReadable(_ files: [URL]) throws(URLError) {
        for file in files {
            let code: URLError.Code
            if !file.isFileURL || !FileManager.default.fileExists(atPath: file.path) {
                code = .fileDoesNotExist
            } else if HTTPRequest.Body.fileSize(file) == nil {
                code = .fileIsDirectory
            } else if !FileManager.default.isReadableFile(atPath: file.path) {
                code = .noPermissionsToReadFile
            } else {
                continue
            }
            let reason =
                switch code {
                case .fileDoesNotExist: "does not exist"
                case .fileIsDirectory: "is not a regular file"
                default: "is not readable"
                }
            throw URLError(
                code, userInfo: [NSLocalizedDescriptionKey: "the body's file \(file.path) \(reason)"])
        }
    }
}

/// Percent-encoding for query strings and form bodies.
///
/// Only RFC 3986's unreserved characters stay as they are. `URLComponents` leaves `+`, `&`-free
/// sub-delimiters and `/` alone in queries, and many servers read a literal `+` as a space, so the
/// stricter set is the one that round-trips.
package enum FormEncoding {
    private static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return set
    }()

    /// Percent-encodes one name or value.
    package static func escape(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: unreserved) ?? string
    }

    /// Encodes pairs as `a=1&b=2`, keeping their order.
    package static func encode(_ pairs: [(String, String?)]) -> String {
        pairs.map { name, value in
            value.map { escape(name) + "=" + escape($0) } ?? escape(name)
        }.joined(separator: "&")
    }

    /// Encodes a dictionary in name order.
    package static func encode(_ fields: [String: String]) -> String {
        encode(fields.sorted { $0.key < $1.key }.map { ($0.key, Optional($0.value)) })
    }

    /// Decodes `a=1&b=2` (with `+` read as a space) into ordered pairs.
    package static func decode(_ string: String) -> [(String, String)] {
        string.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func unescape(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }
}
