public import Courier
import Foundation

/// The flair of any number of users at once, from ``RedditClient/flair(of:)``: it sends
/// ``Reddit/setUserFlairs(_:in:)`` 100 users at a time. Each single flair call (templates, one
/// user's or one post's flair, the settings) is a ``Reddit`` factory sent with
/// ``RedditClient/send(_:)``.
///
/// ```swift
/// let results = try await reddit.flair(of: "swift").setUsers(members.map { UserFlair(user: $0, text: "Helper") })
/// ```
public struct SubredditFlair: Sendable {
    /// The client the calls go through.
    public let client: RedditClient
    /// The subreddit.
    public let subreddit: String

    /// The calls for `subreddit` through `client`.
    public init(client: RedditClient, subreddit: String) {
        self.client = client
        self.subreddit = subreddit
    }

    /// Sets the flair of any number of users, 100 a call, one call after another (as PRAW
    /// does); answers with every line's result, in order. Nothing is retried: when a call
    /// fails, the users of the calls before it have their flair and the error says why.
    public func setUsers(_ flairs: [UserFlair]) async throws(HTTPError) -> [FlairUpdateResult] {
        var results: [FlairUpdateResult] = []
        var start = flairs.startIndex
        while start < flairs.endIndex {
            let end = min(start + Reddit.flairCSVLimit, flairs.endIndex)
            results += try await client.send(Reddit.flairCSV(Array(flairs[start..<end]), in: subreddit))
            start = end
        }
        return results
    }
}

extension RedditClient {
    /// The flair of many users of `subreddit` at once.
    public func flair(of subreddit: String) -> SubredditFlair {
        SubredditFlair(client: self, subreddit: subreddit)
    }
}
