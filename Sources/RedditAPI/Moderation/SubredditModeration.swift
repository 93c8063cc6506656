public import Courier
import Foundation

/// A moderator's calls for one subreddit, from ``RedditClient/moderation(of:)``: the queues and
/// the log, acting on posts and comments, removal reasons, notes, the subreddit's lists of users
/// and moderator invitations, and streams of new queue items and log entries.
///
/// Each call sends the ``Reddit`` request of the same name through the client (its rate
/// limiter and token; writes are never retried) and returns what Reddit answered.
///
/// ```swift
/// let mod = reddit.moderation(of: "swift")
/// for case .link(let post) in try await mod.queue(.modQueue, only: .posts).children {
///     try await mod.remove(post.name, spam: false, reasonID: "15kbmgmhm6mxo", modNote: "off topic")
/// }
/// try await mod.ban("spammer", days: 3, message: "Please read the rules.")
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

    // MARK: Queues and the log

    /// One page of a moderation queue.
    public func queue(_ queue: ModerationQueue, only: ModerationItems? = nil, page: PageParameters = .first)
        async throws(HTTPError) -> Listing
    {
        try await client.send(Reddit.moderationQueue(queue, of: subreddit, only: only, page: page))
    }

    /// One page of the moderation log, optionally one action's or one moderator's.
    public func log(action: String? = nil, moderator: String? = nil, page: PageParameters = .first)
        async throws(HTTPError) -> ItemListing<ModAction>
    {
        try await client.send(Reddit.moderationLog(of: subreddit, action: action, moderator: moderator, page: page))
    }

    /// The subreddit's visitor statistics.
    public func traffic() async throws(HTTPError) -> SubredditTraffic {
        try await client.send(Reddit.traffic(of: subreddit))
    }

    // MARK: Posts and comments

    /// Approves a post or comment.
    public func approve(_ id: Fullname) async throws(HTTPError) { try await client.send(Reddit.approve(id)) }

    /// Removes a post or comment; with `reasonID` or `modNote`, records why in a second call
    /// (as PRAW does). Nothing is retried: if the second call fails, the item stays removed
    /// without a reason and the error says why.
    public func remove(_ id: Fullname, spam: Bool = false, reasonID: String? = nil, modNote: String? = nil)
        async throws(HTTPError)
    {
        try await client.send(Reddit.remove(id, spam: spam))
        if reasonID != nil || modNote != nil {
            try await client.send(Reddit.applyRemovalReason(reasonID, modNote: modNote, to: [id]))
        }
    }

    /// Sends a removal message; answers with the public comment on a post, else nil.
    public func sendRemovalMessage(
        for id: Fullname, message: String, title: String = "ignored", type: RemovalMessageType = .publicComment
    ) async throws(HTTPError) -> Comment? {
        try await client.send(Reddit.sendRemovalMessage(for: id, message: message, title: title, type: type))
    }

    /// Distinguishes a post or comment (or removes the mark); answers with the thing as it is now.
    @discardableResult
    public func distinguish(_ id: Fullname, as how: Distinction = .moderator, sticky: Bool = false)
        async throws(HTTPError) -> Thing?
    {
        try await client.send(Reddit.distinguish(id, as: how, sticky: sticky))
    }

    /// Pins or unpins a post.
    public func setSticky(_ id: Fullname, _ sticky: Bool, slot: Int? = nil) async throws(HTTPError) {
        try await client.send(Reddit.setSticky(id, sticky, slot: slot))
    }

    /// Locks or unlocks a post or comment.
    public func setLocked(_ id: Fullname, _ locked: Bool) async throws(HTTPError) {
        try await client.send(locked ? Reddit.lock(id) : Reddit.unlock(id))
    }

    /// Marks a post NSFW or not.
    public func setNSFW(_ id: Fullname, _ nsfw: Bool) async throws(HTTPError) {
        try await client.send(Reddit.setNSFW(id, nsfw))
    }

    /// Marks a post as a spoiler or not.
    public func setSpoiler(_ id: Fullname, _ spoiler: Bool) async throws(HTTPError) {
        try await client.send(Reddit.setSpoiler(id, spoiler))
    }

    /// Turns contest mode on or off.
    public func setContestMode(_ id: Fullname, _ enabled: Bool) async throws(HTTPError) {
        try await client.send(Reddit.setContestMode(id, enabled))
    }

    /// Sets or clears a post's suggested comment order.
    public func setSuggestedSort(_ id: Fullname, _ sort: CommentSort?) async throws(HTTPError) {
        try await client.send(Reddit.setSuggestedSort(id, sort))
    }

    /// Ignores reports on a post or comment, or listens to them again.
    public func setIgnoringReports(_ id: Fullname, _ ignoring: Bool) async throws(HTTPError) {
        try await client.send(ignoring ? Reddit.ignoreReports(id) : Reddit.unignoreReports(id))
    }

    /// Marks a post as original content or not.
    public func setOriginalContent(_ post: Fullname, _ original: Bool) async throws(HTTPError) {
        try await client.send(Reddit.setOriginalContent(post, in: subreddit, original))
    }

    // MARK: Removal reasons

    /// The subreddit's removal reasons, in order.
    public func removalReasons() async throws(HTTPError) -> [RemovalReason] {
        try await client.send(Reddit.removalReasons(of: subreddit))
    }

    /// Creates a removal reason; answers with its id.
    public func createRemovalReason(title: String, message: String) async throws(HTTPError) -> String {
        try await client.send(Reddit.createRemovalReason(in: subreddit, title: title, message: message))
    }

    /// Changes a removal reason.
    public func updateRemovalReason(_ id: String, title: String, message: String) async throws(HTTPError) {
        try await client.send(Reddit.updateRemovalReason(id, in: subreddit, title: title, message: message))
    }

    /// Deletes a removal reason.
    public func deleteRemovalReason(_ id: String) async throws(HTTPError) {
        try await client.send(Reddit.deleteRemovalReason(id, in: subreddit))
    }

    // MARK: Moderator notes

    /// A user's notes here, newest first.
    public func notes(for user: String, type: String? = nil, cursor: String? = nil) async throws(HTTPError)
        -> ItemListing<ModNote>
    {
        try await client.send(Reddit.modNotes(for: user, in: subreddit, type: type, cursor: cursor))
    }

    /// Writes a note about a user; answers with it.
    public func createNote(about user: String, note: String, label: String? = nil, thing: Fullname? = nil)
        async throws(HTTPError) -> ModNote
    {
        try await client.send(Reddit.createModNote(about: user, in: subreddit, note: note, label: label, thing: thing))
    }

    /// Deletes a note.
    public func deleteNote(_ id: String, about user: String) async throws(HTTPError) {
        try await client.send(Reddit.deleteModNote(id, about: user, in: subreddit))
    }
}

extension RedditClient {
    /// A moderator's calls for `subreddit` (`mod` for every subreddit you moderate, in queues and the log).
    public func moderation(of subreddit: String) -> SubredditModeration {
        SubredditModeration(client: self, subreddit: subreddit)
    }
}
