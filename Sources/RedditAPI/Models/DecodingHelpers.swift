import Foundation

/// Lenient reads for Reddit's fields: many are missing in older responses or `null` in newer ones.
extension KeyedDecodingContainer {
    /// The value, or `fallback` when the key is missing or null. A value of the wrong type still throws.
    func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    /// A `replies` field: Reddit sends `""` when there are none and a Listing otherwise.
    func replies(_ key: Key) throws -> Listing? {
        if (try? decodeIfPresent(String.self, forKey: key)) != nil { return nil }
        return try decodeIfPresent(Listing.self, forKey: key)
    }

    /// An epoch-seconds float as a date, or `nil` when missing or null.
    func date(_ key: Key) throws -> Date? {
        try decodeIfPresent(Double.self, forKey: key).map { Date(timeIntervalSince1970: $0) }
    }
}

/// A thing wrapped as Reddit sends it: `{"kind": "t5", "data": {...}}`.
///
/// Used where an endpoint answers with one thing of a known kind (`/r/NAME/about`,
/// `/user/NAME/about`).
struct Wrapped<Value: Decodable>: Decodable {
    let value: Value

    private enum CodingKeys: String, CodingKey { case kind, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Value.self, forKey: .data)
    }
}

extension Wrapped: Sendable where Value: Sendable {}
