public import Foundation

/// One message of a modmail conversation.
public struct ModmailMessage: Sendable, Hashable, Identifiable, Decodable {
    /// The message's id.
    public var id: String
    /// Who wrote it.
    public var author: ModmailAuthor
    /// The text in Markdown.
    public var bodyMarkdown: String
    /// The text as HTML.
    public var body: String
    /// Whether it is a private moderator note, hidden from the participant.
    public var isInternal: Bool
    /// When it was sent.
    public var date: Date?

    private enum CodingKeys: String, CodingKey { case id, author, bodyMarkdown, body, isInternal, date }

    /// Decodes a message.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        author = try c.decode(ModmailAuthor.self, forKey: .author)
        bodyMarkdown = try c.value(.bodyMarkdown, or: "")
        body = try c.value(.body, or: "")
        isInternal = try c.value(.isInternal, or: false)
        date = try c.isoDate(.date)
    }
}
