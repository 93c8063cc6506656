import Foundation

// Stand-ins for RedditAPI's models, local to the bench until that target lands (the
// "Reddit listing decode" and "comment tree build" rows then switch to RedditAPI's own types).
// They decode the same fields a client shows, with Reddit's polymorphic ones (`edited`,
// `replies`, mixed kinds) handled the same way.

/// A `Listing` of things.
struct BenchListing: Decodable, Sendable {
    let after: String?
    let before: String?
    let children: [BenchThing]

    private enum Keys: String, CodingKey { case data }
    private enum DataKeys: String, CodingKey { case after, before, children }

    init(from decoder: any Decoder) throws {
        let data = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        after = try data.decodeIfPresent(String.self, forKey: .after)
        before = try data.decodeIfPresent(String.self, forKey: .before)
        children = try data.decode([BenchThing].self, forKey: .children)
    }
}

/// One element of a listing, by its `kind`; an unknown kind is kept, not a failure.
enum BenchThing: Decodable, Sendable {
    case link(BenchLink)
    case comment(BenchComment)
    case more(BenchMore)
    case unknown(kind: String)

    private enum Keys: String, CodingKey { case kind, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "t3": self = .link(try container.decode(BenchLink.self, forKey: .data))
        case "t1": self = .comment(try container.decode(BenchComment.self, forKey: .data))
        case "more": self = .more(try container.decode(BenchMore.self, forKey: .data))
        default: self = .unknown(kind: kind)
        }
    }
}

/// `edited`: `false`, `true` or an epoch time.
enum BenchEdited: Decodable, Sendable {
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

/// A post (t3).
struct BenchLink: Decodable, Sendable {
    let id: String
    let name: String
    let title: String
    let author: String
    let subreddit: String
    let score: Int
    let numComments: Int
    let createdUtc: Double
    let url: String?
    let permalink: String
    let selftext: String?
    let isSelf: Bool
    let over18: Bool
    let edited: BenchEdited
    let thumbnail: String?
    let domain: String?
    let linkFlairText: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, title, author, subreddit, score, url, permalink, selftext, edited, thumbnail, domain
        case numComments = "num_comments", createdUtc = "created_utc", isSelf = "is_self", over18 = "over_18"
        case linkFlairText = "link_flair_text"
    }
}

/// A comment (t1); `replies` is `""` or a listing.
struct BenchComment: Decodable, Sendable {
    let id: String
    let name: String
    let author: String
    let body: String
    let score: Int
    let createdUtc: Double
    let parentId: String
    let depth: Int?
    let edited: BenchEdited
    let replies: [BenchThing]

    private enum CodingKeys: String, CodingKey {
        case id, name, author, body, score, depth, edited, replies
        case createdUtc = "created_utc", parentId = "parent_id"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        author = try container.decode(String.self, forKey: .author)
        body = try container.decode(String.self, forKey: .body)
        score = try container.decode(Int.self, forKey: .score)
        createdUtc = try container.decode(Double.self, forKey: .createdUtc)
        parentId = try container.decode(String.self, forKey: .parentId)
        depth = try container.decodeIfPresent(Int.self, forKey: .depth)
        edited = try container.decode(BenchEdited.self, forKey: .edited)
        if let listing = try? container.decode(BenchListing.self, forKey: .replies) {
            replies = listing.children
        } else {
            replies = []
        }
    }
}

/// A "load more comments" placeholder.
struct BenchMore: Decodable, Sendable {
    let id: String
    let count: Int
    let children: [String]
    let parentId: String

    private enum CodingKeys: String, CodingKey {
        case id, count, children
        case parentId = "parent_id"
    }
}

/// The comment tree a client shows: rows in display order with their depth and how many rows a
/// collapse would hide.
struct BenchCommentTree: Sendable {
    struct Row: Sendable {
        enum Content: Sendable { case comment(BenchComment), more(count: Int, children: [String]) }
        let content: Content
        let depth: Int
        var descendants: Int
    }

    private(set) var rows: [Row] = []

    /// Builds the tree from `/comments/ID`'s second listing.
    init(_ things: [BenchThing]) {
        for thing in things { append(thing, depth: 0) }
    }

    @discardableResult
    private mutating func append(_ thing: BenchThing, depth: Int) -> Int {
        switch thing {
        case .comment(let comment):
            let index = rows.count
            rows.append(Row(content: .comment(comment), depth: depth, descendants: 0))
            var descendants = 0
            for reply in comment.replies { descendants += append(reply, depth: depth + 1) }
            rows[index].descendants = descendants
            return descendants + 1
        case .more(let more):
            rows.append(Row(content: .more(count: more.count, children: more.children), depth: depth, descendants: 0))
            return 1
        case .link, .unknown:
            return 0
        }
    }
}
