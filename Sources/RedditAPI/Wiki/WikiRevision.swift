public import Foundation

/// One revision of a wiki page (`/r/SUB/wiki/revisions`, `/r/SUB/wiki/revisions/PAGE`).
public struct WikiRevision: Sendable, Hashable, Identifiable, Decodable {
    /// The revision's id, for ``Reddit/wikiPage(_:subreddit:revision:)`` and
    /// ``Reddit/revertWikiPage(_:in:to:)``.
    public var id: String
    /// The page it changed.
    public var page: String
    /// The reason given, when there was one.
    public var reason: String?
    /// When it was made.
    public var date: Date
    /// Who made it, when Reddit says.
    public var author: Account?
    /// Whether moderators hid it from the page's history.
    public var isHidden: Bool

    private enum CodingKeys: String, CodingKey {
        case id, page, reason, author
        case date = "timestamp"
        case isHidden = "revision_hidden"
    }

    /// Decodes a revision; its `author` comes wrapped as `{"kind": "t2", "data": {...}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        page = try c.value(.page, or: "")
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        date = try c.date(.date) ?? Date(timeIntervalSince1970: 0)
        author = try c.decodeIfPresent(Wrapped<Account>.self, forKey: .author)?.value
        isHidden = try c.value(.isHidden, or: false)
    }
}
