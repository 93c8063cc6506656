public import Courier
import Foundation

/// What the signed-in user needs more than one request for, from ``RedditClient/user``:
/// unblocking a user (Reddit asks for your account's fullname). Each single call of the account
/// (preferences, friends, trust, drafts...) is a ``Reddit`` factory sent with
/// ``RedditClient/send(_:)``.
///
/// ```swift
/// for friend in try await reddit.send(Reddit.friends()) { print(friend.name) }
/// try await reddit.user.unblock("spammer")
/// ```
public struct CurrentUser: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The calls through `client`.
    public init(client: RedditClient) { self.client = client }

    /// Unblocks a user (two calls: your account's fullname, which Reddit asks for, then the unblock).
    public func unblock(_ user: String) async throws(HTTPError) {
        let me = try await client.send(Reddit.me())
        try await client.send(Reddit.unblock(user, blockedBy: me.fullname))
    }
}

extension RedditClient {
    /// The signed-in user's several-request calls.
    public var user: CurrentUser { CurrentUser(client: self) }
}
