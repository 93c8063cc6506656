/// A page of things (kind `Listing`) with the cursors for the pages around it.
///
/// Pass ``after`` as the `after` parameter to get the next page; nil means this is the last.
public struct Listing: Sendable, Hashable, Decodable {
    /// The items, in Reddit's order.
    public var children: [Thing]
    /// The fullname to ask for the next page with, or nil at the end.
    public var after: Fullname?
    /// The fullname to ask for the previous page with, or nil at the start.
    public var before: Fullname?
    /// The number of items Reddit says it sent (newer responses only).
    public var dist: Int?
    /// A legacy CSRF token (cookie sessions only).
    public var modhash: String?

    /// Creates a listing.
    public init(children: [Thing], after: Fullname? = nil, before: Fullname? = nil, dist: Int? = nil) {
        self.children = children
        self.after = after
        self.before = before
        self.dist = dist
        modhash = nil
    }

    private enum OuterKeys: String, CodingKey { case kind, data }
    private enum CodingKeys: String, CodingKey { case children, after, before, dist, modhash }

    /// Decodes `{"kind": "Listing", "data": {...}}`; any other kind is a decoding error.
    public init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: OuterKeys.self)
        let kind = try outer.decode(String.self, forKey: .kind)
        guard kind == "Listing" else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: outer, debugDescription: "expected a Listing, found kind \"\(kind)\"")
        }
        let c = try outer.nestedContainer(keyedBy: CodingKeys.self, forKey: .data)
        children = try c.value(.children, or: [])
        after = try c.fullnameIfPresent(.after)
        before = try c.fullnameIfPresent(.before)
        dist = try c.decodeIfPresent(Int.self, forKey: .dist)
        modhash = try c.decodeIfPresent(String.self, forKey: .modhash)
    }

    /// The posts in the listing, in order.
    public var links: [Link] { children.compactMap(\.link) }
    /// The comments in the listing, in order.
    public var comments: [Comment] { children.compactMap(\.comment) }
    /// The subreddits in the listing, in order.
    public var subreddits: [Subreddit] { children.compactMap(\.subreddit) }
}

/// The answer of `/comments/ID`: the post and the first part of its comment tree.
public struct PostWithComments: Sendable, Hashable, Decodable {
    /// The post.
    public var link: Link
    /// Top-level comments and `more` stubs, each with its replies.
    public var comments: Listing

    /// Decodes the `[Listing(t3), Listing(t1|more)]` pair.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        let links = try c.decode(Listing.self)
        guard let link = links.links.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "the first listing holds no post"))
        }
        self.link = link
        comments = try c.decode(Listing.self)
    }

    /// Creates the pair.
    public init(link: Link, comments: Listing) {
        self.link = link
        self.comments = comments
    }
}
