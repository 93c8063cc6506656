import Foundation

/// Lenient reads for Reddit's fields: many are missing in older responses or `null` in newer ones.
extension KeyedDecodingContainer {
    /// The value, or `fallback` when the key is missing or null. A value of the wrong type still throws.
    func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    // Why the overloads below: called with a generic `T`, `decodeIfPresent` reaches the
    // container's generic requirement, and JSONDecoder answers that by creating a nested decoder
    // and running `T.init(from:)`, several times the cost of its `String`, `Bool`, `Int` and
    // `Double` overloads. A post has some 35 fields, so the generic path made RedditAPI's models
    // slower than plain structs with synthesized `Decodable` (which call the concrete overloads).

    /// A string, or `fallback` when the key is missing or null.
    func value(_ key: Key, or fallback: String) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? fallback
    }

    /// A Boolean, or `fallback` when the key is missing or null.
    func value(_ key: Key, or fallback: Bool) throws -> Bool {
        try decodeIfPresent(Bool.self, forKey: key) ?? fallback
    }

    /// An integer, or `fallback` when the key is missing or null.
    func value(_ key: Key, or fallback: Int) throws -> Int {
        try decodeIfPresent(Int.self, forKey: key) ?? fallback
    }

    /// A fullname, or `fallback` when the key is missing or null. The fallback is built from the
    /// id only when needed (nearly every thing sends its `name`).
    func fullname(_ key: Key, or fallback: @autoclosure () -> Fullname) throws -> Fullname {
        try fullnameIfPresent(key) ?? fallback()
    }

    /// A fullname that must be present (read as a string, not through ``Fullname/init(from:)``).
    func fullname(_ key: Key) throws -> Fullname {
        Fullname(try decode(String.self, forKey: key))
    }

    /// A fullname, or nil when the key is missing or null.
    func fullnameIfPresent(_ key: Key) throws -> Fullname? {
        try decodeIfPresent(String.self, forKey: key).map { Fullname($0) }
    }

    /// `edited` (`false`, `true` or epoch seconds), or ``Edited/never`` when missing or null;
    /// the same reading as ``Edited/init(from:)`` without a nested decoder for the common `false`.
    func value(_ key: Key, or fallback: Edited) throws -> Edited {
        do {
            guard let flag = try decodeIfPresent(Bool.self, forKey: key) else { return fallback }
            return flag ? .atUnknownTime : .never
        } catch DecodingError.typeMismatch {
            return .at(Date(timeIntervalSince1970: try decode(Double.self, forKey: key)))
        }
    }

    /// `likes` (`true`, `false`, `null`, or an integer direction), or `fallback` when missing;
    /// the same reading as ``Vote/init(from:)`` without a nested decoder.
    func value(_ key: Key, or fallback: Vote) throws -> Vote {
        do {
            guard let flag = try decodeIfPresent(Bool.self, forKey: key) else { return fallback }
            return flag ? .up : .down
        } catch DecodingError.typeMismatch {
            let direction = try decode(Int.self, forKey: key)
            return direction > 0 ? .up : direction < 0 ? .down : .none
        }
    }

    /// A `replies` field: Reddit sends `""` when there are none and a Listing otherwise.
    ///
    /// The Listing is tried first: a comment fetched with its thread usually has replies, and a
    /// failed attempt (a thrown error) costs more than the decode itself.
    func replies(_ key: Key) throws -> Listing? {
        do {
            return try decodeIfPresent(Listing.self, forKey: key)
        } catch DecodingError.typeMismatch where (try? decode(String.self, forKey: key)) != nil {
            return nil
        }
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
