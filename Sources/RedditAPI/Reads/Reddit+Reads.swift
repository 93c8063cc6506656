public import Courier
import Foundation

/// Things by fullname, account settings and karma, subreddit rules, wiki pages and visits.
extension Reddit {
    /// The most fullnames `/api/info` takes in one call.
    public static let infoLimit = 100

    /// Posts, comments and subreddits by fullname (`/api/info`), at most ``infoLimit`` at once;
    /// Reddit leaves unknown ids out. ``RedditClient/info(_:)`` batches longer lists and reports
    /// what is missing.
    public static func info(_ ids: [Fullname]) -> Request<Listing> {
        get("/api/info", [("id", ids.prefix(infoLimit).map(\.rawValue).joined(separator: ","))])
    }

    /// The account's preferences (`/api/v1/me/prefs`).
    public static func preferences() -> Request<Preferences> { get("/api/v1/me/prefs") }

    /// The account's karma by subreddit (`/api/v1/me/karma`).
    public static func karma() -> Request<[SubredditKarma]> {
        decoded("/api/v1/me/karma", as: KarmaList.self) { $0.data }
    }

    /// A subreddit's rules (`/r/SUB/about/rules`).
    public static func rules(of subreddit: String) -> Request<SubredditRules> {
        get("/r/" + segment(subreddit) + "/about/rules")
    }

    /// A wiki page (`/r/SUB/wiki/PAGE`), as it is now or at `revision` (a ``WikiRevision/id``);
    /// a bad name fails with ``RedditError`` reason `INVALID_PAGE_NAME` (400), a missing page
    /// with `PAGE_NOT_FOUND` (404). `page` may contain `/` for sub-pages; each segment is escaped.
    public static func wikiPage(_ page: String, subreddit: String, revision: String? = nil) -> Request<WikiPage> {
        let path = wikiPath(subreddit, wikiPageSegments(page))
        guard let revision else { return unwrapped(path) }
        return Request<Void>(path: path, query: [URLQueryItem(name: "v", value: revision)])
            .reading(Wrapped<WikiPage>.self) { $0.value }
    }

    /// Records that the account visited these posts (`/api/store_visits`, Reddit Premium only).
    public static func storeVisits(_ links: [Fullname]) -> Request<Void> {
        post("/api/store_visits", ["links": links.map(\.rawValue).joined(separator: ",")])
    }
}

extension RedditClient {
    /// Posts, comments and subreddits by fullname, any number of them: asked 100 at a time, one
    /// call after another. The answer keeps the order asked and lists what Reddit left out.
    public func info(_ ids: [Fullname]) async throws(HTTPError) -> ThingsByName {
        var found: [Fullname: Thing] = [:]
        var start = ids.startIndex
        while start < ids.endIndex {
            let end = min(start + Reddit.infoLimit, ids.endIndex)
            let listing = try await send(Reddit.info(Array(ids[start..<end])))
            for thing in listing.children {
                if let name = thing.fullname { found[name] = thing }
            }
            start = end
        }
        var things: [Thing] = []
        var missing: [Fullname] = []
        var listed: Set<Fullname> = []
        for id in ids where listed.insert(id).inserted {
            if let thing = found[id] { things.append(thing) } else { missing.append(id) }
        }
        return ThingsByName(things: things, missing: missing)
    }
}
