public import Courier
import Foundation

/// The inbox marks that take any number of items, from ``RedditClient/inbox``: they send
/// ``Reddit/markRead(_:)``, ``Reddit/markUnread(_:)`` or ``Reddit/setCollapsed(_:_:)``
/// ``Reddit/inboxBatchLimit`` items at a time, as Reddit asks, one call after another; the first
/// refusal stops them and is thrown, the earlier batches stay done. Everything else of the inbox
/// is one request: a ``Reddit`` factory sent with ``RedditClient/send(_:)``.
///
/// ```swift
/// let unread = try await reddit.send(Reddit.unread(page: .init(limit: 100)))
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

    /// Marks messages and comment replies read, any number of them.
    public func markRead(_ ids: [Fullname]) async throws(HTTPError) {
        try await inBatches(ids) { Reddit.markRead($0) }
    }

    /// Marks messages and comment replies unread, any number of them.
    public func markUnread(_ ids: [Fullname]) async throws(HTTPError) {
        try await inBatches(ids) { Reddit.markUnread($0) }
    }

    /// Collapses messages, or expands them again, any number of them.
    public func setCollapsed(_ ids: [Fullname], _ collapsed: Bool) async throws(HTTPError) {
        try await inBatches(ids) { Reddit.setCollapsed($0, collapsed) }
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
    /// The inbox marks that take any number of items.
    public var inbox: Inbox { Inbox(client: self) }
}
