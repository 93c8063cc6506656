public import Foundation

/// A post (kind `t3`): a link or a self (text) post.
///
/// Fields Reddit leaves out of older responses get neutral defaults (`false`, `0`, nil), so a
/// 2016 listing and a 2025 one decode alike.
public struct Link: Sendable, Hashable, Identifiable, Decodable {
    /// The base-36 id (`48dxvx`).
    public var id: String
    /// The fullname (`t3_48dxvx`).
    public var name: Fullname
    /// The title.
    public var title: String
    /// The author's username; `[deleted]` when the account is gone.
    public var author: String
    /// The subreddit's name, without `r/`.
    public var subreddit: String
    /// The subreddit's fullname (`t5_2qh0u`), when sent.
    public var subredditID: Fullname?
    /// The self text in Markdown; empty for link posts.
    public var selftext: String
    /// The self text rendered as HTML, when there is any.
    public var selftextHTML: String?
    /// The linked address, or the post's own address for self posts.
    public var url: String
    /// The path of the comments page (`/r/pics/comments/48dxvx/...`).
    public var permalink: String
    /// The linked domain (`i.imgur.com`, `self.AskReddit`).
    public var domain: String
    /// The score (upvotes minus downvotes, fuzzed).
    public var score: Int
    /// The share of upvotes, from 0 to 1, when sent.
    public var upvoteRatio: Double?
    /// The number of comments.
    public var commentCount: Int
    /// When the post was made.
    public var created: Date
    /// Whether and when it was edited.
    public var edited: Edited
    /// The signed-in user's vote.
    public var likes: Vote
    /// Whether the signed-in user saved it.
    public var saved: Bool
    /// Whether the signed-in user hid it.
    public var hidden: Bool
    /// Whether it is a text post.
    public var isSelf: Bool
    /// Whether it is marked NSFW.
    public var over18: Bool
    /// Whether it is marked as a spoiler.
    public var spoiler: Bool
    /// Whether the moderators pinned it.
    public var stickied: Bool
    /// Whether new comments are refused.
    public var locked: Bool
    /// Whether it is archived (no votes or comments).
    public var archived: Bool
    /// `moderator`, `admin` or `special` when distinguished.
    public var distinguished: String?
    /// The link flair text.
    public var linkFlairText: String?
    /// The author's flair text.
    public var authorFlairText: String?
    /// The link flair in rich text (text and emoji), when the subreddit sends it.
    public var linkFlairParts: [FlairPart]
    /// The author's flair in rich text (text and emoji), when the subreddit sends it.
    public var authorFlairParts: [FlairPart]
    /// How many awards it received (`total_awards_received`; 0 when not sent).
    public var awardCount: Int
    /// Whether the author marked it as original content (OC).
    public var isOriginalContent: Bool
    /// Why it is gone (`moderator`, `deleted`, `reddit`, …), when it was removed or deleted.
    public var removalCategory: String?
    /// A thumbnail address, or a keyword such as `self`, `default` or `nsfw`.
    public var thumbnail: String?
    /// Reddit's guess at the content (`image`, `link`, `self`, `hosted:video`).
    public var postHint: String?
    /// Whether it is a gallery post.
    public var isGallery: Bool
    /// The gallery's items in order, for gallery posts.
    public var galleryItems: [GalleryItem]
    /// Images used by the post (gallery items, inline images), keyed by media id.
    public var mediaMetadata: [String: MediaMetadata]
    /// Preview images, when Reddit made some.
    public var preview: Preview?
    /// The fullname of the original post when this is a crosspost.
    public var crosspostParent: Fullname?
    /// The original posts when this is a crosspost.
    public var crosspostParents: [Link]

    private enum CodingKeys: String, CodingKey {
        case id, name, title, author, subreddit
        case subredditID = "subreddit_id"
        case selftext
        case selftextHTML = "selftext_html"
        case url, permalink, domain, score
        case upvoteRatio = "upvote_ratio"
        case commentCount = "num_comments"
        case created = "created_utc"
        case edited, likes, saved, hidden
        case isSelf = "is_self"
        case over18 = "over_18"
        case spoiler, stickied
        case locked, archived, distinguished
        case linkFlairText = "link_flair_text"
        case authorFlairText = "author_flair_text"
        case linkFlairParts = "link_flair_richtext"
        case authorFlairParts = "author_flair_richtext"
        case awardCount = "total_awards_received"
        case isOriginalContent = "is_original_content"
        case removalCategory = "removed_by_category"
        case thumbnail
        case postHint = "post_hint"
        case isGallery = "is_gallery"
        case galleryData = "gallery_data"
        case mediaMetadata = "media_metadata"
        case preview
        case crosspostParent = "crosspost_parent"
        case crosspostParents = "crosspost_parent_list"
    }

    /// Decodes a post's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname(kind: .link, id: id))
        title = try c.value(.title, or: "")
        author = try c.value(.author, or: "[deleted]")
        subreddit = try c.value(.subreddit, or: "")
        subredditID = try c.fullnameIfPresent(.subredditID)
        selftext = try c.value(.selftext, or: "")
        selftextHTML = try c.decodeIfPresent(String.self, forKey: .selftextHTML)
        url = try c.value(.url, or: "")
        permalink = try c.value(.permalink, or: "")
        domain = try c.value(.domain, or: "")
        score = try c.value(.score, or: 0)
        upvoteRatio = try c.decodeIfPresent(Double.self, forKey: .upvoteRatio)
        commentCount = try c.value(.commentCount, or: 0)
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        edited = try c.value(.edited, or: .never)
        likes = try c.value(.likes, or: .none)
        saved = try c.value(.saved, or: false)
        hidden = try c.value(.hidden, or: false)
        isSelf = try c.value(.isSelf, or: false)
        over18 = try c.value(.over18, or: false)
        spoiler = try c.value(.spoiler, or: false)
        stickied = try c.value(.stickied, or: false)
        locked = try c.value(.locked, or: false)
        archived = try c.value(.archived, or: false)
        distinguished = try c.decodeIfPresent(String.self, forKey: .distinguished)
        linkFlairText = try c.decodeIfPresent(String.self, forKey: .linkFlairText)
        authorFlairText = try c.decodeIfPresent(String.self, forKey: .authorFlairText)
        linkFlairParts = try c.value(.linkFlairParts, or: [])
        authorFlairParts = try c.value(.authorFlairParts, or: [])
        awardCount = try c.value(.awardCount, or: 0)
        isOriginalContent = try c.value(.isOriginalContent, or: false)
        removalCategory = try c.decodeIfPresent(String.self, forKey: .removalCategory)
        thumbnail = try c.decodeIfPresent(String.self, forKey: .thumbnail)
        postHint = try c.decodeIfPresent(String.self, forKey: .postHint)
        isGallery = try c.value(.isGallery, or: false)
        galleryItems = try c.decodeIfPresent(GalleryData.self, forKey: .galleryData)?.items ?? []
        mediaMetadata = try c.value(.mediaMetadata, or: [:])
        preview = try c.decodeIfPresent(Preview.self, forKey: .preview)
        crosspostParent = try c.fullnameIfPresent(.crosspostParent)
        crosspostParents = try c.value(.crosspostParents, or: [])
    }

    /// The thing's fullname, as `Identifiable` requires a stable id.
    public var fullname: Fullname { name }
}
