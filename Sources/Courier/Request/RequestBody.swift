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
    /// A `multipart/form-data` body.
    case multipart(RequestBody.Multipart)

    /// Encodes the body; returns the bytes and the content type to send.
    func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch self {
        case .json(let value):
            return (try encoder.encode(value), "application/json")
        case .form(let fields):
            return (Data(FormEncoding.encode(fields).utf8), "application/x-www-form-urlencoded")
        case .data(let data, let contentType):
            return (data, contentType)
        case .multipart(let form):
            return (form.encoded(), form.contentType)
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
