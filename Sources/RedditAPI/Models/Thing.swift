/// One item of a listing, by its `kind`.
///
/// Listings can mix kinds: a user's overview holds posts and comments, a comment listing holds
/// comments and `more` stubs, saved items are both. A kind this library does not know becomes
/// ``unknown(kind:)`` so the rest of the listing still decodes.
public enum Thing: Sendable, Hashable, Decodable {
    /// A comment (`t1`).
    case comment(Comment)
    /// An account (`t2`).
    case account(Account)
    /// A post (`t3`).
    case link(Link)
    /// A private message (`t4`).
    case message(Message)
    /// A subreddit (`t5`).
    case subreddit(Subreddit)
    /// A trophy (`t6`).
    case trophy(Trophy)
    /// A stub for comments not loaded yet (`more`).
    case more(More)
    /// A multireddit (`LabeledMulti`).
    case multi(Multi)
    /// A kind this library does not decode; its data is skipped.
    case unknown(kind: String)

    private enum CodingKeys: String, CodingKey { case kind, data }
    private enum InboxKeys: String, CodingKey { case wasComment = "was_comment" }

    /// Decodes `{"kind": ..., "data": {...}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "t1":
            // The inbox sends comments as messages (`was_comment`, no `link_id`).
            if try c.nestedContainer(keyedBy: InboxKeys.self, forKey: .data).contains(.wasComment) {
                self = .message(try c.decode(Message.self, forKey: .data))
            } else {
                self = .comment(try c.decode(Comment.self, forKey: .data))
            }
        case "t2": self = .account(try c.decode(Account.self, forKey: .data))
        case "t3": self = .link(try c.decode(Link.self, forKey: .data))
        case "t4": self = .message(try c.decode(Message.self, forKey: .data))
        case "t5": self = .subreddit(try c.decode(Subreddit.self, forKey: .data))
        case "t6": self = .trophy(try c.decode(Trophy.self, forKey: .data))
        case "more": self = .more(try c.decode(More.self, forKey: .data))
        case "LabeledMulti": self = .multi(try c.decode(Multi.self, forKey: .data))
        default: self = .unknown(kind: kind)
        }
    }

    /// The fullname of the thing, when it has one (multireddits and unknown kinds have none).
    public var fullname: Fullname? {
        switch self {
        case .comment(let comment): comment.name
        case .account(let account): account.fullname
        case .link(let link): link.name
        case .message(let message): message.name
        case .subreddit(let subreddit): subreddit.name
        case .more(let more): more.name
        case .trophy, .multi, .unknown: nil
        }
    }

    /// The post, if this is one.
    public var link: Link? { if case .link(let link) = self { link } else { nil } }
    /// The comment, if this is one.
    public var comment: Comment? { if case .comment(let comment) = self { comment } else { nil } }
    /// The message (or inbox comment), if this is one.
    public var message: Message? { if case .message(let message) = self { message } else { nil } }
    /// The subreddit, if this is one.
    public var subreddit: Subreddit? { if case .subreddit(let subreddit) = self { subreddit } else { nil } }
    /// The `more` stub, if this is one.
    public var more: More? { if case .more(let more) = self { more } else { nil } }
}
