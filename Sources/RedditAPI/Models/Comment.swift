public import Foundation

/// A comment (kind `t1`).
public struct Comment: Sendable, Hashable, Identifiable, Decodable {
    /// The base-36 id (`cu5pebp`).
    public var id: String
    /// The fullname (`t1_cu5pebp`).
    public var name: Fullname
    /// The author's username; `[deleted]` when the account is gone.
    public var author: String
    /// The text in Markdown; `[deleted]` or `[removed]` when gone.
    public var body: String
    /// The text rendered as HTML.
    public var bodyHTML: String?
    /// The post this comment belongs to (`t3_...`).
    public var linkID: Fullname
    /// The parent: the post (`t3_...`) for a top-level comment, else a comment (`t1_...`).
    public var parentID: Fullname
    /// The subreddit's name, without `r/`.
    public var subreddit: String
    /// The score.
    public var score: Int
    /// Whether the score is hidden for now.
    public var scoreHidden: Bool
    /// When it was written.
    public var created: Date
    /// Whether and when it was edited.
    public var edited: Edited
    /// The signed-in user's vote.
    public var likes: Vote
    /// Whether the signed-in user saved it.
    public var saved: Bool
    /// Whether the moderators pinned it.
    public var stickied: Bool
    /// Whether it is archived.
    public var archived: Bool
    /// `moderator`, `admin` or `special` when distinguished.
    public var distinguished: String?
    /// The author's flair text.
    public var authorFlairText: String?
    /// The author's flair in rich text (text and emoji), when the subreddit sends it.
    public var authorFlairParts: [FlairPart]
    /// How many awards it received (`total_awards_received`; 0 when not sent).
    public var awardCount: Int
    /// The nesting depth in the tree it was fetched with (0 for top level), when sent.
    public var depth: Int?
    /// The post's title, sent only in user listings (overview, comments, saved).
    public var linkTitle: String?
    /// The direct replies: comments and `more` stubs. Reddit sends `""` when there are none.
    public var replies: Listing?
    /// Images used inline in the text, keyed by media id.
    public var mediaMetadata: [String: MediaMetadata]

    private enum CodingKeys: String, CodingKey {
        case id, name, author, body
        case bodyHTML = "body_html"
        case linkID = "link_id"
        case parentID = "parent_id"
        case subreddit, score
        case scoreHidden = "score_hidden"
        case created = "created_utc"
        case edited, likes, saved
        case stickied, archived, distinguished
        case authorFlairText = "author_flair_text"
        case authorFlairParts = "author_flair_richtext"
        case awardCount = "total_awards_received"
        case depth
        case linkTitle = "link_title"
        case replies
        case mediaMetadata = "media_metadata"
    }

    /// Decodes a comment's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname(kind: .comment, id: id))
        author = try c.value(.author, or: "[deleted]")
        body = try c.value(.body, or: "")
        bodyHTML = try c.decodeIfPresent(String.self, forKey: .bodyHTML)
        linkID = try c.fullname(.linkID)
        parentID = try c.fullname(.parentID)
        subreddit = try c.value(.subreddit, or: "")
        score = try c.value(.score, or: 0)
        scoreHidden = try c.value(.scoreHidden, or: false)
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        edited = try c.value(.edited, or: .never)
        likes = try c.value(.likes, or: .none)
        saved = try c.value(.saved, or: false)
        stickied = try c.value(.stickied, or: false)
        archived = try c.value(.archived, or: false)
        distinguished = try c.decodeIfPresent(String.self, forKey: .distinguished)
        authorFlairText = try c.decodeIfPresent(String.self, forKey: .authorFlairText)
        authorFlairParts = try c.value(.authorFlairParts, or: [])
        awardCount = try c.value(.awardCount, or: 0)
        depth = try c.decodeIfPresent(Int.self, forKey: .depth)
        linkTitle = try c.decodeIfPresent(String.self, forKey: .linkTitle)
        replies = try c.replies(.replies)
        mediaMetadata = try c.value(.mediaMetadata, or: [:])
    }

    /// The comment's fullname.
    public var fullname: Fullname { name }
}

/// A stub for comments not sent yet (kind `more`).
///
/// With `count > 0` its `children` ids are loaded through `/api/morechildren`. With `id == "_"`
/// and `count == 0` it is a "continue this thread" link: the replies of ``parentID`` are read
/// from the comment's own page.
public struct More: Sendable, Hashable, Identifiable, Codable {
    /// The id of the first hidden comment, or `_` for a continue-this-thread stub.
    public var id: String
    /// The stub's name (`t1_...` or `t1__`).
    public var name: Fullname
    /// The comment (or post) the hidden comments reply to.
    public var parentID: Fullname
    /// How many comments are hidden, replies included.
    public var count: Int
    /// The ids (without prefix) of the hidden comments to ask `/api/morechildren` for.
    public var children: [String]
    /// The nesting depth of the hidden comments, when sent.
    public var depth: Int?

    private enum CodingKeys: String, CodingKey {
        case id, name
        case parentID = "parent_id"
        case count, children, depth
    }

    /// Creates a stub.
    public init(id: String, name: Fullname, parentID: Fullname, count: Int, children: [String], depth: Int?) {
        self.id = id
        self.name = name
        self.parentID = parentID
        self.count = count
        self.children = children
        self.depth = depth
    }

    /// Decodes a `more` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname(kind: .comment, id: id))
        parentID = try c.fullname(.parentID)
        count = try c.value(.count, or: 0)
        children = try c.value(.children, or: [])
        depth = try c.decodeIfPresent(Int.self, forKey: .depth)
    }

    /// Whether this is a "continue this thread" stub rather than a load-more stub.
    public var isContinueThread: Bool { id == "_" || (count == 0 && children.isEmpty) }
}
