public import Courier
import Foundation

/// The signed-in user's inbox, from ``RedditClient/inbox``: its folders, conversations,
/// read marks, composing, muting, and Reddit's announcements.
///
/// Each call sends the ``Reddit`` request of the same name through the client (its rate
/// limiter and token; writes are never retried). The calls that take many items send them
/// ``Reddit/inboxBatchLimit`` at a time, as Reddit asks, one call after another; the first
/// refusal stops them and is thrown, the earlier batches stay done.
///
/// ```swift
/// let unread = try await reddit.inbox.unread(page: .init(limit: 100))
/// for case .message(let item) in unread.children where !item.isComment {
///     print(item.author ?? "[deleted]", item.subject)
/// }
/// try await reddit.inbox.markRead(unread.children.compactMap(\.fullname))
/// ```
public struct Inbox: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The inbox calls through `client`.
    public init(client: RedditClient) { self.client = client }

    // MARK: Folders

    /// Everything, messages and comment replies mixed (`/message/inbox`).
    public func all(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.inbox(page: page))
    }

    /// Unread items, without marking them read.
    public func unread(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.unread(page: page))
    }

    /// Private messages only.
    public func messages(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.messages(page: page))
    }

    /// Messages you sent.
    public func sent(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.sentMessages(page: page))
    }

    /// Comments mentioning you.
    public func mentions(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.mentions(page: page))
    }

    /// Replies to your comments.
    public func commentReplies(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.commentReplies(page: page))
    }

    /// Replies to your posts.
    public func postReplies(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.postReplies(page: page))
    }

    /// The conversation a message belongs to, as a tree.
    public func thread(_ id: String) async throws(HTTPError) -> MessageThread {
        try await client.send(Reddit.messageThread(id))
    }

    // MARK: Marks

    /// Marks messages and comment replies read, any number of them.
    public func markRead(_ ids: [Fullname]) async throws(HTTPError) {
        try await inBatches(ids) { Reddit.markRead($0) }
    }

    /// Marks messages and comment replies unread, any number of them.
    public func markUnread(_ ids: [Fullname]) async throws(HTTPError) {
        try await inBatches(ids) { Reddit.markUnread($0) }
    }

    /// Marks the whole inbox read.
    public func markAllRead() async throws(HTTPError) { try await client.send(Reddit.markAllRead()) }

    /// Collapses messages, or expands them again, any number of them.
    public func setCollapsed(_ ids: [Fullname], _ collapsed: Bool) async throws(HTTPError) {
        try await inBatches(ids) { Reddit.setCollapsed($0, collapsed) }
    }

    // MARK: Writing and muting

    /// Sends a private message, as a subreddit's moderators with `fromSubreddit`.
    public func compose(to recipient: MessageRecipient, subject: String, text: String, fromSubreddit: String? = nil)
        async throws(HTTPError)
    {
        try await client.send(Reddit.compose(to: recipient, subject: subject, text: text, fromSubreddit: fromSubreddit))
    }

    /// Answers a message; returns the reply Reddit made.
    @discardableResult
    public func reply(to message: Fullname, text: String) async throws(HTTPError) -> Thing? {
        try await client.send(Reddit.reply(to: message, text: text))
    }

    /// Deletes a message from your inbox.
    public func delete(_ message: Fullname) async throws(HTTPError) {
        try await client.send(Reddit.deleteMessage(message))
    }

    /// Mutes or unmutes the sender of a message to a subreddit you moderate.
    public func setAuthorMuted(of message: Fullname, _ muted: Bool) async throws(HTTPError) {
        try await client.send(muted ? Reddit.muteAuthor(of: message) : Reddit.unmuteAuthor(of: message))
    }

    /// Lets the subreddit that sent `message` message you again.
    public func unblockSubreddit(of message: Fullname) async throws(HTTPError) {
        try await client.send(Reddit.unblockSubreddit(of: message))
    }

    // MARK: Announcements

    /// One page of Reddit's announcements.
    public func announcements(after: String? = nil, limit: Int? = nil) async throws(HTTPError)
        -> ItemListing<Announcement>
    {
        try await client.send(Reddit.announcements(after: after, limit: limit))
    }

    /// Marks announcements read; with `ids` nil, all of them.
    public func markAnnouncementsRead(_ ids: [String]? = nil) async throws(HTTPError) {
        try await client.send(ids.map { Reddit.markAnnouncementsRead($0) } ?? Reddit.markAllAnnouncementsRead())
    }

    /// Hides announcements.
    public func hideAnnouncements(_ ids: [String]) async throws(HTTPError) {
        try await client.send(Reddit.hideAnnouncements(ids))
    }

    // MARK: Streams

    /// New unread items as they arrive (``RedditClient/newInboxItems(options:)``).
    public func newItems(options: StreamOptions = .init()) -> RedditStream<Message> {
        client.newInboxItems(options: options)
    }

    /// Sends `make` for each run of at most ``Reddit/inboxBatchLimit`` ids, in order.
    private func inBatches(_ ids: [Fullname], _ make: ([Fullname]) -> Request<Void>) async throws(HTTPError) {
        var start = ids.startIndex
        while start < ids.endIndex {
            let end = min(start + Reddit.inboxBatchLimit, ids.endIndex)
            try await client.send(make(Array(ids[start..<end])))
            start = end
        }
    }
}

extension RedditClient {
    /// The signed-in user's inbox: folders, marks, composing, muting and announcements.
    public var inbox: Inbox { Inbox(client: self) }
}
