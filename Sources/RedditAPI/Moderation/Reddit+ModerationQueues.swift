public import Courier
import Foundation

/// A subreddit's moderation queues, its moderation log and its traffic (scope `read` for the
/// queues, `modlog` for the log, `modconfig` for traffic); ``SubredditModeration/stream(_:only:options:)`` streams a queue.
///
/// ```swift
/// let queue = try await reddit.send(Reddit.moderationQueue(.modQueue, of: "swift", only: .comments))
/// let bans = try await reddit.send(Reddit.moderationLog(of: "swift", action: "banuser"))
/// ```
extension Reddit {
    /// Items of a moderation queue (`/r/SUB/about/QUEUE`), newest first: posts and comments mixed
    /// unless `only` narrows them (``ModerationQueue/unmoderated`` holds posts only).
    public static func moderationQueue(
        _ queue: ModerationQueue, of subreddit: String, only: ModerationItems? = nil, page: PageParameters = .first
    ) -> Request<Listing> {
        var query = page.queryItems
        if let only { query.append(("only", only.rawValue)) }
        return get("/r/" + segment(subreddit) + "/about/" + queue.rawValue, query)
    }

    /// The moderation log (`/r/SUB/about/log`), newest first, optionally only one `action`
    /// (`type`: `removelink`, `banuser`, `approvecomment`...) or one moderator's (`mod`).
    ///
    /// Page with ``ItemListing/after`` as `page.after` (a `ModAction_…` id).
    public static func moderationLog(
        of subreddit: String, action: String? = nil, moderator: String? = nil, page: PageParameters = .first
    ) -> Request<ItemListing<ModAction>> {
        var query = page.queryItems
        if let action { query.append(("type", action)) }
        if let moderator { query.append(("mod", moderator)) }
        return get("/r/" + segment(subreddit) + "/about/log", query)
    }

    /// A subreddit's visitor statistics (`/r/SUB/about/traffic`); a subreddit whose traffic is not
    /// public to you answers 404.
    public static func traffic(of subreddit: String) -> Request<SubredditTraffic> {
        get("/r/" + segment(subreddit) + "/about/traffic")
    }
}
