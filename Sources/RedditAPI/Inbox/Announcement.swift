public import Foundation

/// A message from Reddit's admins to moderators (`/api/announcements/v1`): newsletters and
/// notices, listed apart from the inbox.
public struct Announcement: Sendable, Hashable, Decodable {
    /// The announcement's id (`ann_…`), for ``Reddit/markAnnouncementsRead(_:)`` and
    /// ``Reddit/hideAnnouncements(_:)``, and the cursor of the next page.
    public var id: String
    /// The sending account's fullname.
    public var authorFullname: Fullname?
    /// The subject.
    public var subject: String
    /// The text in Markdown.
    public var body: String
    /// The text as HTML.
    public var bodyHTML: String?
    /// When it was sent.
    public var sentAt: Date?
    /// When you read it; nil while unread.
    public var readAt: Date?
    /// Its page on reddit.com.
    public var permalink: String?

    /// Whether you read it.
    public var isRead: Bool { readAt != nil }

    private enum CodingKeys: String, CodingKey {
        case id, subject, body, permalink
        case authorFullname = "author_fullname"
        case bodyHTML = "body_html"
        case sentAt = "sent_at"
        case readAt = "read_at"
    }

    /// Decodes one entry of the answer's `data`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        authorFullname = try c.fullnameIfPresent(.authorFullname)
        subject = try c.value(.subject, or: "")
        body = try c.value(.body, or: "")
        bodyHTML = try c.decodeIfPresent(String.self, forKey: .bodyHTML)
        sentAt = try c.isoDate(.sentAt)
        readAt = try c.isoDate(.readAt)
        permalink = try c.decodeIfPresent(String.self, forKey: .permalink)
    }
}

/// `{"after": "ann_…", "before": "", "data": [...]}`: the page of `/api/announcements/v1`.
struct AnnouncementPage: Decodable, Sendable {
    let page: ItemListing<Announcement>

    private enum Keys: String, CodingKey { case after, before, data }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let items = try c.value(.data, or: [Announcement]())
        let cursor = { (key: Keys) throws -> String? in
            guard let text = try c.decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
            return text
        }
        page = ItemListing(items: items, after: try cursor(.after), before: try cursor(.before))
    }
}
