public import Foundation

/// A collection: posts of one subreddit a moderator grouped under a title, in their order
/// (`/api/v1/collections/...`).
public struct PostCollection: Sendable, Hashable, Identifiable, Decodable {
    /// The collection's id, a UUID.
    public var id: String
    /// The subreddit's fullname (`t5_…`).
    public var subredditID: Fullname
    /// The title.
    public var title: String
    /// The description.
    public var description: String
    /// Who made it (for a collection made as the subreddit, the subreddit's name).
    public var authorName: String?
    /// The author's fullname.
    public var authorID: Fullname?
    /// The collection's page on reddit.com.
    public var permalink: String?
    /// The posts' fullnames, in the collection's order.
    public var postIDs: [Fullname]
    /// The post shown first, when Reddit says.
    public var primaryPostID: Fullname?
    /// How the collection is shown; nil when none was set (Reddit shows a timeline).
    public var layout: CollectionLayout?
    /// When it was made.
    public var created: Date
    /// When it last changed.
    public var lastUpdated: Date?
    /// The posts themselves, when asked for (``Reddit/collection(_:includePosts:)``).
    public var posts: Listing?

    private enum CodingKeys: String, CodingKey {
        case id = "collection_id"
        case subredditID = "subreddit_id"
        case title, description
        case authorName = "author_name"
        case authorID = "author_id"
        case permalink
        case postIDs = "link_ids"
        case primaryPostID = "primary_link_id"
        case layout = "display_layout"
        case created = "created_at_utc"
        case lastUpdated = "last_update_utc"
        case posts = "sorted_links"
    }

    /// Decodes a collection object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        subredditID = try c.fullname(.subredditID)
        title = try c.value(.title, or: "")
        description = try c.value(.description, or: "")
        authorName = try c.decodeIfPresent(String.self, forKey: .authorName)
        authorID = try c.fullnameIfPresent(.authorID)
        permalink = try c.decodeIfPresent(String.self, forKey: .permalink)
        postIDs = try c.value(.postIDs, or: [String]()).map { Fullname($0) }
        primaryPostID = try c.fullnameIfPresent(.primaryPostID)
        layout = try c.decodeIfPresent(String.self, forKey: .layout).flatMap {
            $0.isEmpty ? nil : CollectionLayout(rawValue: $0)
        }
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        lastUpdated = try c.date(.lastUpdated)
        posts = try c.decodeIfPresent(Listing.self, forKey: .posts)
    }
}

/// How a collection is shown (`TIMELINE`, `GALLERY`, or another value Reddit adds).
public struct CollectionLayout: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The layout's name as Reddit spells it.
    public var rawValue: String

    /// Wraps a layout name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a layout name written as a literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// Posts in time order: for events and discussions.
    public static let timeline: CollectionLayout = "TIMELINE"
    /// Posts as a grid: for images and memes.
    public static let gallery: CollectionLayout = "GALLERY"
}

/// `/api/v1/collections/collection`'s answer: the collection, or, for an id Reddit does not
/// know, an `api_type=json` answer with an empty error list.
struct CollectionLookup: Decodable, Sendable {
    let collection: PostCollection?

    private enum Keys: String, CodingKey { case json }

    init(from decoder: any Decoder) throws {
        collection = try decoder.container(keyedBy: Keys.self).contains(.json) ? nil : PostCollection(from: decoder)
    }
}
