import Foundation

// The baseline of the "Reddit listing decode" and "comment tree build" rows: the structs an app
// without RedditAPI would write for the same fields as RedditAPI's `Listing`, `Thing`, `Link`,
// `Comment` and `More`, decoded by a plain `JSONDecoder` with synthesized conformances wherever
// the JSON allows. Fields Reddit may leave out are optionals; the polymorphic ones (`edited`,
// `replies`, mixed kinds) get the usual hand-written `init(from:)`.

/// A `Listing` of things.
struct PlainListing: Decodable, Sendable {
    struct Contents: Decodable, Sendable {
        let children: [PlainThing]?
        let after: String?
        let before: String?
        let dist: Int?
        let modhash: String?
    }

    let kind: String
    let data: Contents
}

/// One element of a listing, by its `kind`; an unknown kind is kept, not a failure.
enum PlainThing: Decodable, Sendable {
    case link(PlainLink)
    case comment(PlainComment)
    case more(PlainMore)
    case unknown(kind: String)

    private enum Keys: String, CodingKey { case kind, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "t3": self = .link(try container.decode(PlainLink.self, forKey: .data))
        case "t1": self = .comment(try container.decode(PlainComment.self, forKey: .data))
        case "more": self = .more(try container.decode(PlainMore.self, forKey: .data))
        default: self = .unknown(kind: kind)
        }
    }
}

/// `edited`: `false`, `true` or an epoch time.
enum PlainEdited: Decodable, Sendable {
    case no
    case yes(at: Double?)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = flag ? .yes(at: nil) : .no
        } else {
            self = .yes(at: try container.decode(Double.self))
        }
    }
}

/// An image at one size, as in `preview`.
struct PlainImageSource: Decodable, Sendable {
    let url: String
    let width: Int?
    let height: Int?
}

/// An image at one size, as in `media_metadata` (`u`, `x`, `y`, or `gif`).
struct PlainMediaSource: Decodable, Sendable {
    let u: String?
    let gif: String?
    let x: Int?
    let y: Int?
}

/// A post's `preview`.
struct PlainPreview: Decodable, Sendable {
    struct Image: Decodable, Sendable {
        let source: PlainImageSource
        let resolutions: [PlainImageSource]?
    }

    let images: [Image]
}

/// One entry of `media_metadata`.
struct PlainMediaMetadata: Decodable, Sendable {
    let status: String?
    let m: String?
    let s: PlainMediaSource?
    let p: [PlainMediaSource]?
}

/// A gallery post's `gallery_data`.
struct PlainGalleryData: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        let mediaID: String
        let id: Int
        let caption: String?
        let outboundURL: String?

        private enum CodingKeys: String, CodingKey {
            case mediaID = "media_id"
            case id, caption
            case outboundURL = "outbound_url"
        }
    }

    let items: [Item]
}

/// A post (t3), with the fields of RedditAPI's `Link`.
struct PlainLink: Decodable, Sendable {
    let id: String
    let name: String?
    let title: String?
    let author: String?
    let subreddit: String?
    let subredditID: String?
    let selftext: String?
    let selftextHTML: String?
    let url: String?
    let permalink: String?
    let domain: String?
    let score: Int?
    let upvoteRatio: Double?
    let commentCount: Int?
    let created: Double?
    let edited: PlainEdited?
    let likes: Bool?
    let saved: Bool?
    let hidden: Bool?
    let isSelf: Bool?
    let over18: Bool?
    let spoiler: Bool?
    let stickied: Bool?
    let locked: Bool?
    let archived: Bool?
    let distinguished: String?
    let linkFlairText: String?
    let authorFlairText: String?
    let thumbnail: String?
    let postHint: String?
    let isGallery: Bool?
    let galleryData: PlainGalleryData?
    let mediaMetadata: [String: PlainMediaMetadata]?
    let preview: PlainPreview?
    let crosspostParent: String?
    let crosspostParents: [PlainLink]?

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
        case thumbnail
        case postHint = "post_hint"
        case isGallery = "is_gallery"
        case galleryData = "gallery_data"
        case mediaMetadata = "media_metadata"
        case preview
        case crosspostParent = "crosspost_parent"
        case crosspostParents = "crosspost_parent_list"
    }
}

/// A comment (t1), with the fields of RedditAPI's `Comment`; `replies` is `""` or a listing.
struct PlainComment: Decodable, Sendable {
    let id: String
    let name: String?
    let author: String?
    let body: String?
    let bodyHTML: String?
    let linkID: String
    let parentID: String
    let subreddit: String?
    let score: Int?
    let scoreHidden: Bool?
    let created: Double?
    let edited: PlainEdited?
    let likes: Bool?
    let saved: Bool?
    let stickied: Bool?
    let archived: Bool?
    let distinguished: String?
    let authorFlairText: String?
    let depth: Int?
    let linkTitle: String?
    let replies: PlainListing?
    let mediaMetadata: [String: PlainMediaMetadata]?

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
        case depth
        case linkTitle = "link_title"
        case replies
        case mediaMetadata = "media_metadata"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        author = try c.decodeIfPresent(String.self, forKey: .author)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        bodyHTML = try c.decodeIfPresent(String.self, forKey: .bodyHTML)
        linkID = try c.decode(String.self, forKey: .linkID)
        parentID = try c.decode(String.self, forKey: .parentID)
        subreddit = try c.decodeIfPresent(String.self, forKey: .subreddit)
        score = try c.decodeIfPresent(Int.self, forKey: .score)
        scoreHidden = try c.decodeIfPresent(Bool.self, forKey: .scoreHidden)
        created = try c.decodeIfPresent(Double.self, forKey: .created)
        edited = try c.decodeIfPresent(PlainEdited.self, forKey: .edited)
        likes = try c.decodeIfPresent(Bool.self, forKey: .likes)
        saved = try c.decodeIfPresent(Bool.self, forKey: .saved)
        stickied = try c.decodeIfPresent(Bool.self, forKey: .stickied)
        archived = try c.decodeIfPresent(Bool.self, forKey: .archived)
        distinguished = try c.decodeIfPresent(String.self, forKey: .distinguished)
        authorFlairText = try c.decodeIfPresent(String.self, forKey: .authorFlairText)
        depth = try c.decodeIfPresent(Int.self, forKey: .depth)
        linkTitle = try c.decodeIfPresent(String.self, forKey: .linkTitle)
        replies = try? c.decode(PlainListing.self, forKey: .replies)
        mediaMetadata = try c.decodeIfPresent([String: PlainMediaMetadata].self, forKey: .mediaMetadata)
    }
}

/// A "load more comments" stub.
struct PlainMore: Decodable, Sendable {
    let id: String
    let name: String?
    let parentID: String
    let count: Int?
    let children: [String]?
    let depth: Int?

    private enum CodingKeys: String, CodingKey {
        case id, name
        case parentID = "parent_id"
        case count, children, depth
    }
}

/// The rows a client shows for a comments page, built from the plain structs: each comment or
/// stub in display order with its depth.
struct PlainCommentRows: Sendable {
    enum Content: Sendable {
        case comment(PlainComment)
        case more(PlainMore)
    }

    private(set) var rows: [(content: Content, depth: Int)] = []

    /// Flattens `/comments/ID`'s second listing.
    init(_ things: [PlainThing]) {
        append(things, depth: 0)
    }

    private mutating func append(_ things: [PlainThing], depth: Int) {
        for thing in things {
            switch thing {
            case .comment(let comment):
                rows.append((.comment(comment), depth))
                append(comment.replies?.data.children ?? [], depth: depth + 1)
            case .more(let more):
                rows.append((.more(more), depth))
            case .link, .unknown:
                continue
            }
        }
    }
}
