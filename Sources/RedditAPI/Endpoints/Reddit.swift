public import Courier
import Foundation

/// Reddit's endpoints as typed requests, to send with ``RedditClient/send(_:)``.
///
/// Paths are relative: the client sends them to `oauth.reddit.com` with a token, or to
/// `www.reddit.com` (with `.json` added) without one. The client also adds `raw_json=1`, the
/// User-Agent and the rate limiter to every call, so these factories only describe the call.
///
/// ```swift
/// let hot = try await reddit.send(Reddit.listing(.hot, subreddit: "swift", page: .init(limit: 10)))
/// let thread = try await reddit.send(Reddit.comments(of: "1abcde", sort: .top))
/// ```
public enum Reddit {
    // MARK: Listings

    /// A subreddit's posts, or the front page's when `subreddit` is nil; with `sort` nil, in
    /// Reddit's default order (`/r/SUB`, `/`). A subreddit may be several joined with `+`
    /// (`swift+iOSProgramming`) or `all` minus some (`all-pics`).
    public static func listing(_ sort: ListingSort? = nil, subreddit: String? = nil, page: PageParameters = .first)
        -> Request<Listing>
    {
        sortedListing(sort, at: subreddit.map { "/r/" + segment($0) } ?? "", page: page)
    }

    /// Posts matching `query`, site-wide or within one subreddit (`r/all` searches every
    /// subreddit, as PRAW does: `restrict_sr=false`).
    public static func search(
        _ query: String, subreddit: String? = nil, sort: SearchSort = .relevance, time: TimeRange? = nil,
        page: PageParameters = .first
    ) -> Request<Listing> {
        var items = [("q", query), ("sort", sort.rawValue)] + page.queryItems
        if let time { items.append(("t", time.rawValue)) }
        if let subreddit {
            items.append(("restrict_sr", subreddit.lowercased() == "all" ? "false" : "true"))
            return get("/r/" + segment(subreddit) + "/search", items)
        }
        return get("/search", items)
    }

    /// Subreddits whose name or description matches `query`.
    public static func searchSubreddits(_ query: String, page: PageParameters = .first) -> Request<Listing> {
        get("/subreddits/search", [("q", query)] + page.queryItems)
    }

    /// Subreddit names starting with `query` (for autocompletion); with `exact`, only the
    /// subreddit named `query` (Reddit answers 404 when there is none).
    public static func subredditNames(startingWith query: String, includeOver18: Bool = false, exact: Bool = false)
        -> Request<[String]>
    {
        post(
            "/api/search_reddit_names",
            ["query": query, "include_over_18": String(includeOver18), "exact": String(exact)]
        ).reading(SubredditNames.self) { $0.names }
    }

    // MARK: Subreddits

    /// A subreddit's description and counts.
    public static func subredditAbout(_ name: String) -> Request<Subreddit> {
        unwrapped("/r/" + segment(name) + "/about")
    }

    /// Subscribes to subreddits, by name (without subscribing a new account to the default
    /// subreddits too: `skip_inital_defaults`, Reddit's spelling).
    public static func subscribe(to names: [String]) -> Request<Void> {
        post(
            "/api/subscribe",
            ["action": "sub", "sr_name": names.joined(separator: ","), "skip_inital_defaults": "true"])
    }

    /// Unsubscribes from subreddits, by name.
    public static func unsubscribe(from names: [String]) -> Request<Void> {
        post("/api/subscribe", ["action": "unsub", "sr_name": names.joined(separator: ",")])
    }

    // MARK: Comments

    /// A post and its comments.
    ///
    /// - Parameters:
    ///   - linkID: The post's id (`48dxvx`; a `t3_` fullname is accepted too).
    ///   - sort: The order of comments.
    ///   - depth: How many levels of replies to send.
    ///   - limit: How many comments to send before `more` stubs.
    ///   - comment: Focus on this comment's subtree (the "continue this thread" page).
    ///   - context: With `comment`, how many parents of it to include.
    ///   - richText: Whether the post and comments also carry their text as a rich text
    ///     document (`rtj=all`), as the editor needs for inline media.
    public static func comments(
        of linkID: String, sort: CommentSort? = nil, depth: Int? = nil, limit: Int? = nil,
        focusing comment: String? = nil, context: Int? = nil, richText: Bool = false
    ) -> Request<PostWithComments> {
        var query: [(String, String)] = []
        if let sort { query.append(("sort", sort.rawValue)) }
        if let depth { query.append(("depth", String(depth))) }
        if let limit { query.append(("limit", String(limit))) }
        if let context { query.append(("context", String(context))) }
        if richText { query.append(("rtj", "all")) }
        var path = "/comments/" + segment(Fullname(linkID).id)
        if let comment { path += "/_/" + segment(Fullname(comment).id) }
        return get(path, query)
    }

    /// Comments hidden behind a `more` stub, as a flat list of comments and further stubs.
    ///
    /// Re-thread them by ``Comment/parentID``, or let ``CommentTree`` do it.
    ///
    /// - Throws: ``RedditUsageError/tooManyChildren(_:)`` for more than 100 ids.
    public static func moreChildren(
        _ ids: [String], of linkID: Fullname, sort: CommentSort? = nil, depth: Int? = nil
    ) throws(RedditUsageError) -> Request<[Thing]> {
        guard ids.count <= moreChildrenLimit else { throw .tooManyChildren(ids.count) }
        return moreChildrenRequest(ids, of: linkID, sort: sort, depth: depth)
    }

    // MARK: The signed-in user

    /// The signed-in account (scope `identity`).
    public static func me() -> Request<Account> { get("/api/v1/me") }

    /// The signed-in user's multireddits (scope `read`).
    public static func myMultireddits() -> Request<[Multi]> {
        decoded("/api/multi/mine", as: [Wrapped<Multi>].self) { $0.map(\.value) }
    }

    // MARK: Actions

    /// Votes on a post or comment (scope `vote`). Votes must be cast by people, not bots.
    public static func vote(_ vote: Vote, on id: Fullname) -> Request<Void> {
        post("/api/vote", ["id": id.rawValue, "dir": String(vote.rawValue)])
    }

    /// Saves a post or comment (scope `save`), in one of your categories (Reddit Premium) when
    /// `category` is given.
    public static func save(_ id: Fullname, category: String? = nil) -> Request<Void> {
        var form = ["id": id.rawValue]
        if let category { form["category"] = category }
        return post("/api/save", form)
    }

    /// Unsaves a post or comment (scope `save`).
    public static func unsave(_ id: Fullname) -> Request<Void> { post("/api/unsave", ["id": id.rawValue]) }

    /// Hides posts from the user's listings (scope `report`).
    public static func hide(_ ids: [Fullname]) -> Request<Void> {
        post("/api/hide", ["id": ids.map(\.rawValue).joined(separator: ",")])
    }

    /// Shows hidden posts again (scope `report`).
    public static func unhide(_ ids: [Fullname]) -> Request<Void> {
        post("/api/unhide", ["id": ids.map(\.rawValue).joined(separator: ",")])
    }

    // MARK: Users

    /// A user's public profile.
    public static func userAbout(_ username: String) -> Request<Account> {
        unwrapped("/user/" + segment(username) + "/about")
    }

    /// A user's posts and comments, mixed.
    public static func userOverview(_ username: String, sort: UserListingSort = .new, page: PageParameters = .first)
        -> Request<Listing>
    {
        userListing(username, "overview", sort: sort, page: page)
    }

    /// A user's posts.
    public static func userSubmitted(_ username: String, sort: UserListingSort = .new, page: PageParameters = .first)
        -> Request<Listing>
    {
        userListing(username, "submitted", sort: sort, page: page)
    }

    /// A user's comments.
    public static func userComments(_ username: String, sort: UserListingSort = .new, page: PageParameters = .first)
        -> Request<Listing>
    {
        userListing(username, "comments", sort: sort, page: page)
    }

    /// What a user saved, posts and comments mixed (only the user's own; scope `history`).
    public static func userSaved(_ username: String, page: PageParameters = .first) -> Request<Listing> {
        get("/user/" + segment(username) + "/saved", page.queryItems)
    }

    /// A user's trophies.
    public static func trophies(of username: String) -> Request<[Trophy]> {
        decoded("/api/v1/user/" + segment(username) + "/trophies", as: Wrapped<TrophyList>.self) { $0.value.trophies }
    }
}
