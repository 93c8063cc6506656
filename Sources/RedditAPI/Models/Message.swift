public import Foundation

/// An inbox item: a private message (kind `t4`), or a comment reply or username mention as the
/// inbox shows it (kind `t1` with `was_comment: true`).
///
/// In the inbox, ``Thing`` decodes both kinds to ``Thing/message(_:)``: the inbox's `t1` objects
/// lack the `link_id` a ``Comment`` has and carry the message fields instead. ``isComment``
/// and ``type`` tell them apart.
public struct Message: Sendable, Hashable, Identifiable, Decodable {
    /// What an inbox item is (`type`).
    public enum ItemType: Sendable, Hashable {
        /// A reply to one of your comments (`comment_reply`).
        case commentReply
        /// A reply to one of your posts (`post_reply`).
        case postReply
        /// A comment mentioning `/u/you` (`username_mention`).
        case usernameMention
        /// A private message (`unknown`, as Reddit calls it) or another type.
        case other(String)

        init(_ raw: String) {
            switch raw {
            case "comment_reply": self = .commentReply
            case "post_reply": self = .postReply
            case "username_mention": self = .usernameMention
            default: self = .other(raw)
            }
        }
    }

    /// The base-36 id.
    public var id: String
    /// The fullname (`t4_...`, or `t1_...` for a comment in the inbox).
    public var name: Fullname
    /// The sender's username (empty when Reddit sent none, as for some messages from a subreddit).
    public var author: String
    /// The recipient: a username, or `#subreddit` for a message sent to a subreddit's moderators.
    public var destination: String
    /// The subject line (`comment reply` for a comment).
    public var subject: String
    /// The text in Markdown.
    public var body: String
    /// When it was sent.
    public var created: Date
    /// Whether it is unread.
    public var isNew: Bool
    /// Replies in the same conversation: for a thread's root from `/message/messages/ID`, every
    /// later message, flat (see ``MessageThread``).
    public var replies: Listing?
    /// Whether this is a comment (`was_comment`) rather than a private message.
    public var isComment: Bool
    /// What the item is (`type`).
    public var type: ItemType
    /// For a comment, the path of the comment with context (`/r/SUB/comments/LINK/SLUG/ID/?context=3`).
    public var context: String?
    /// The root of the conversation (`first_message_name`); nil on the root itself.
    public var firstMessageName: Fullname?
    /// The message or comment this one answers (`parent_id`), when Reddit says.
    public var parentID: Fullname?
    /// The subreddit, for comments and for messages from or to a subreddit.
    public var subreddit: String?
    /// The title of the post, for comments.
    public var linkTitle: String?
    /// `moderator` or `admin` when the sender spoke as one.
    public var distinguished: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, author
        case destination = "dest"
        case subject, body
        case created = "created_utc"
        case isNew = "new"
        case replies
        case isComment = "was_comment"
        case type, context
        case firstMessageName = "first_message_name"
        case parentID = "parent_id"
        case subreddit
        case linkTitle = "link_title"
        case distinguished
    }

    /// Decodes a message's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        isComment = try c.value(.isComment, or: false)
        name = try c.fullname(.name, or: Fullname(kind: isComment ? .comment : .message, id: id))
        author = try c.value(.author, or: "")
        destination = try c.value(.destination, or: "")
        subject = try c.value(.subject, or: "")
        body = try c.value(.body, or: "")
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        isNew = try c.value(.isNew, or: false)
        replies = try c.replies(.replies)
        type = ItemType(try c.value(.type, or: "unknown"))
        context = try c.decodeIfPresent(String.self, forKey: .context).flatMap { $0.isEmpty ? nil : $0 }
        firstMessageName = try c.fullnameIfPresent(.firstMessageName)
        parentID = try c.fullnameIfPresent(.parentID)
        subreddit = try c.decodeIfPresent(String.self, forKey: .subreddit)
        linkTitle = try c.decodeIfPresent(String.self, forKey: .linkTitle)
        distinguished = try c.decodeIfPresent(String.self, forKey: .distinguished)
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

    private enum CodingKeys: String, CodingKey {
        case name, description
        case icon70 = "icon_70"
        case url
    }
}
