/// A thing's fullname: its kind prefix, an underscore and its base-36 id (`t3_15bfi0`).
///
/// Reddit's API takes fullnames wherever it names a thing (`after`, `id` of a vote, `link_id`),
/// so the type keeps them apart from bare ids and usernames.
public struct Fullname: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The full text, such as `t1_cu5pebp`.
    public let rawValue: String

    /// Wraps a fullname as Reddit sends it; no check is made.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Builds a fullname from a kind and a bare id (`Fullname(kind: .link, id: "15bfi0")`).
    public init(kind: ThingKind, id: String) { rawValue = kind.rawValue + "_" + id }

    /// Wraps a string literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// Decodes a fullname from a JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the fullname as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The kind named by the prefix, or nil when the text has no `tN_` prefix.
    public var kind: ThingKind? {
        guard let underscore = rawValue.firstIndex(of: "_") else { return nil }
        return ThingKind(rawValue: String(rawValue[..<underscore]))
    }

    /// The base-36 id after the prefix (the whole text when there is no prefix).
    public var id: String {
        guard let underscore = rawValue.firstIndex(of: "_"), kind != nil else { return rawValue }
        return String(rawValue[rawValue.index(after: underscore)...])
    }

    /// The fullname as Reddit writes it.
    public var description: String { rawValue }
}

/// The type prefixes of Reddit's fullnames.
public enum ThingKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A comment (`t1`).
    case comment = "t1"
    /// A user account (`t2`).
    case account = "t2"
    /// A link, that is a post (`t3`).
    case link = "t3"
    /// A private message (`t4`).
    case message = "t4"
    /// A subreddit (`t5`).
    case subreddit = "t5"
    /// An award or trophy (`t6`).
    case award = "t6"
}
