public import Courier
import Foundation

/// What a moderator of one subreddit needs more than one request for, from
/// ``RedditClient/moderation(of:)``: removing with a reason, leaving a role, changing settings
/// (by the subreddit's fullname, looked up first), uploading emoji and images through a lease,
/// and streams of new queue items and log entries.
///
/// Every single moderation call (approving, banning, the queues, notes, rules, widgets...) is a
/// ``Reddit`` factory sent with ``RedditClient/send(_:)``: one public path per endpoint.
///
/// ```swift
/// let mod = reddit.moderation(of: "swift")
/// for case .link(let post) in try await reddit.send(Reddit.moderationQueue(.modQueue, of: "swift", only: .posts)).children {
///     try await mod.remove(post.name, reasonID: "15kbmgmhm6mxo", modNote: "off topic")
/// }
/// try await reddit.send(Reddit.ban("spammer", in: "swift", days: 3, message: "Please read the rules."))
/// ```
public struct SubredditModeration: Sendable {
    /// The client the calls go through.
    public let client: RedditClient
    /// The subreddit (`mod` for every subreddit you moderate, in queues and the log).
    public let subreddit: String

    /// The calls for `subreddit` through `client`.
    public init(client: RedditClient, subreddit: String) {
        self.client = client
        self.subreddit = subreddit
    }

    /// Removes a post or comment and records why in a second call (as PRAW does): the removal
    /// reason `reasonID` and a note to moderators (``Reddit/remove(_:spam:)`` and
    /// ``Reddit/applyRemovalReason(_:modNote:to:)``; without either, only the first is sent). Nothing is retried: if the second call fails, the item stays removed
    /// without a reason and the error says why.
    public func remove(_ id: Fullname, spam: Bool = false, reasonID: String?, modNote: String? = nil)
        async throws(HTTPError)
    {
        try await client.send(Reddit.remove(id, spam: spam))
        if reasonID != nil || modNote != nil {
            try await client.send(Reddit.applyRemovalReason(reasonID, modNote: modNote, to: [id]))
        }
    }
}

extension RedditClient {
    /// A moderator's calls for `subreddit` (`mod` for every subreddit you moderate, in queues and the log).
    public func moderation(of subreddit: String) -> SubredditModeration {
        SubredditModeration(client: self, subreddit: subreddit)
    }
}
