public import Courier
import Foundation

/// Listings of posts beyond a subreddit's and the front page's: a domain's, a post's
/// duplicates, and the lists of a user's votes, hidden posts and gildings. Each is a ``Listing`` paged with ``PageParameters``; pass the request to
/// ``RedditClient/pages(_:)`` or ``RedditClient/items(_:)-(Request<Listing>)`` to read every page.
///
/// ```swift
/// let videos = try await reddit.send(Reddit.listing(.top(.week), domain: "youtube.com"))
/// let reposts = try await reddit.send(Reddit.duplicates(of: "t3_avj2v"))
/// ```
extension Reddit {
    /// Posts linking to a domain (`/domain/DOMAIN/SORT`), in Reddit's default order when `sort` is nil.
    public static func listing(_ sort: ListingSort? = nil, domain: String, page: PageParameters = .first) -> Request<
        Listing
    > {
        sortedListing(sort, at: "/domain/" + domainSegment(domain), page: page)
    }

    /// Other posts of the same link (`/duplicates/ID`): crossposts and reposts elsewhere.
    ///
    /// Reddit answers with the post itself and then its duplicates; the listing holds the
    /// duplicates, and its ``Listing/after`` pages through them.
    public static func duplicates(of post: Fullname, page: PageParameters = .first) -> Request<Listing> {
        decoded("/duplicates/" + segment(post.id), query: page.queryItems, as: ListingPair.self) { $0.second }
    }

    // MARK: A user's lists (only your own; scope `history`)

    /// Posts and comments you upvoted (`/user/NAME/upvoted`); Reddit answers 403 for another user's.
    public static func userUpvoted(_ username: String, page: PageParameters = .first) -> Request<Listing> {
        get("/user/" + segment(username) + "/upvoted", page.queryItems)
    }

    /// Posts and comments you downvoted (`/user/NAME/downvoted`); 403 for another user's.
    public static func userDownvoted(_ username: String, page: PageParameters = .first) -> Request<Listing> {
        get("/user/" + segment(username) + "/downvoted", page.queryItems)
    }

    /// Posts you hid (`/user/NAME/hidden`); 403 for another user's.
    public static func userHidden(_ username: String, page: PageParameters = .first) -> Request<Listing> {
        get("/user/" + segment(username) + "/hidden", page.queryItems)
    }

    /// Posts and comments you gave awards to (`/user/NAME/gilded/given`); 403 for another user's.
    public static func userGildedGiven(_ username: String, page: PageParameters = .first) -> Request<Listing> {
        get("/user/" + segment(username) + "/gilded/given", page.queryItems)
    }

    // MARK: Shared by the listings

    /// `base` with the sort's path segment (none for nil) and, for `top` and `controversial`, its `t=`.
    static func sortedListing(_ sort: ListingSort?, at base: String, page: PageParameters) -> Request<Listing> {
        var query = page.queryItems
        if let range = sort?.timeRange { query.append(("t", range.rawValue)) }
        guard let sort else { return get(base.isEmpty ? "/" : base, query) }
        return get(base + "/" + sort.path, query)
    }

    /// A domain for one path segment: like ``segment(_:)`` but keeping dots (`youtube.com`);
    /// `.` and `..` alone are escaped so they cannot walk the path.
    static func domainSegment(_ domain: String) -> String {
        let escaped = domain.split(separator: ".", omittingEmptySubsequences: false).map { segment(String($0)) }
            .joined(separator: ".")
        return escaped.allSatisfy { $0 == "." } ? escaped.replacingOccurrences(of: ".", with: "%2E") : escaped
    }
}

/// The `[Listing, Listing]` answer of `/duplicates/ID` (the post, then its duplicates).
struct ListingPair: Decodable, Sendable {
    let first: Listing
    let second: Listing

    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        first = try c.decode(Listing.self)
        second = try c.decode(Listing.self)
    }
}
