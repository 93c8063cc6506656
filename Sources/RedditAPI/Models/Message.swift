public import Foundation

/// A private message (kind `t4`).
public struct Message: Sendable, Hashable, Identifiable, Decodable {
    /// The base-36 id.
    public var id: String
    /// The fullname (`t4_...`).
    public var name: Fullname
    /// The sender's username.
    public var author: String
    /// The recipient's username.
    public var destination: String
    /// The subject line.
    public var subject: String
    /// The text in Markdown.
    public var body: String
    /// When it was sent.
    public var created: Date
    /// Whether it is unread.
    public var isNew: Bool
    /// Replies in the same conversation.
    public var replies: Listing?

    private enum CodingKeys: String, CodingKey {
        case id, name, author, destination = "dest", subject, body, created = "created_utc", isNew = "new", replies
    }

    /// Decodes a message's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname(kind: .message, id: id))
        author = try c.value(.author, or: "")
        destination = try c.value(.destination, or: "")
        subject = try c.value(.subject, or: "")
        body = try c.value(.body, or: "")
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        isNew = try c.value(.isNew, or: false)
        replies = try c.replies(.replies)
    }
}

/// A trophy on a user's page (kind `t6`).
public struct Trophy: Sendable, Hashable, Decodable {
    /// The trophy's name (`Verified Email`).
    public var name: String
    /// Its description, if any.
    public var description: String?
    /// A 70-pixel icon.
    public var icon70: String?
    /// A page it links to, if any.
    public var url: String?

    private enum CodingKeys: String, CodingKey { case name, description, icon70 = "icon_70", url }
}
