import Courier
import Foundation

/// Streams for moderators, with ``RedditStream``'s semantics: each new item once, oldest first,
/// polls sharing the client's rate limit, pauses growing while nothing is new.
extension SubredditModeration {
    /// New items of a moderation queue as they arrive (posts and comments as ``Thing``s).
    ///
    /// ```swift
    /// for try await item in reddit.moderation(of: "swift").stream(.reports) {
    ///     print(item.fullname?.rawValue ?? "")
    /// }
    /// ```
    public func stream(_ queue: ModerationQueue, only: ModerationItems? = nil, options: StreamOptions = .init())
        -> RedditStream<Thing>
    {
        let subreddit = subreddit
        return RedditStream(
            client: client, options: options,
            request: { Reddit.moderationQueue(queue, of: subreddit, only: only, page: $0) }, extract: { $0 })
    }

    /// New moderation log entries as they are made, optionally one action's or one moderator's.
    public func logStream(action: String? = nil, moderator: String? = nil, options: StreamOptions = .init())
        -> RedditStream<ModAction>
    {
        let subreddit = subreddit
        return RedditStream(client: client, options: options) { client, page in
            let log = try await client.send(
                Reddit.moderationLog(of: subreddit, action: action, moderator: moderator, page: page))
            return log.items.map { StreamItem(name: Fullname($0.id), element: $0) }
        }
    }
}

extension Modmail {
    /// Conversations as they appear in a folder (by default every subreddit you moderate, newest
    /// activity first). Modmail has no `before` cursor, so every poll reads the newest page and
    /// the stream yields the conversations it has not seen (remembering
    /// ``StreamOptions/rememberedCount`` ids, as PRAW does).
    public func newConversations(
        in subreddits: [String] = [], state: ModmailState? = nil, sort: ModmailSort? = nil,
        options: StreamOptions = .init()
    ) -> RedditStream<ModmailConversation> {
        RedditStream(client: client, options: options, sendsBefore: false) { client, page in
            let conversations = try await client.send(
                Reddit.modmailConversations(in: subreddits, state: state, sort: sort, limit: page.limit))
            return conversations.map { StreamItem(name: Fullname($0.id), element: $0) }
        }
    }
}
