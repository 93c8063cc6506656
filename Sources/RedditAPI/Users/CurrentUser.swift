public import Courier
import Foundation

/// The signed-in user's own calls, from ``RedditClient/user``: the account, karma and
/// preferences, friends, blocked and trusted users, drafts and multireddits.
///
/// Each call sends the ``Reddit`` request of the same name through the client (its rate
/// limiter and token; writes are never retried) and returns what Reddit answered.
///
/// ```swift
/// let me = reddit.user
/// try await me.updatePreferences(["media_preview": "on"])
/// for friend in try await me.friends() { print(friend.name) }
/// ```
public struct CurrentUser: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The calls through `client`.
    public init(client: RedditClient) { self.client = client }

    // MARK: The account

    /// The signed-in account.
    public func me() async throws(HTTPError) -> Account { try await client.send(Reddit.me()) }

    /// Karma by subreddit.
    public func karma() async throws(HTTPError) -> [SubredditKarma] { try await client.send(Reddit.karma()) }

    /// Every preference.
    public func preferences() async throws(HTTPError) -> Preferences { try await client.send(Reddit.preferences()) }

    /// Changes some preferences; answers with all of them as they are now.
    @discardableResult
    public func updatePreferences(_ changes: [String: JSON]) async throws(HTTPError) -> Preferences {
        try await client.send(Reddit.updatePreferences(changes))
    }

    /// Your multireddits, private ones included.
    public func multireddits() async throws(HTTPError) -> [Multi] { try await client.send(Reddit.myMultireddits()) }

    // MARK: Friends, blocks, trust

    /// Your friends.
    public func friends() async throws(HTTPError) -> [UserRelationship] { try await client.send(Reddit.friends()) }

    /// Makes `user` your friend (with a note, for Reddit Premium); answers with the friendship.
    @discardableResult
    public func addFriend(_ user: String, note: String? = nil) async throws(HTTPError) -> UserRelationship {
        try await client.send(Reddit.addFriend(user, note: note))
    }

    /// Ends a friendship.
    public func removeFriend(_ user: String) async throws(HTTPError) {
        try await client.send(Reddit.removeFriend(user))
    }

    /// The users you blocked.
    public func blocked() async throws(HTTPError) -> [UserRelationship] {
        try await client.send(Reddit.blockedUsers())
    }

    /// Blocks a user; answers with the block.
    @discardableResult
    public func block(_ user: String) async throws(HTTPError) -> UserRelationship {
        try await client.send(Reddit.block(user))
    }

    /// Unblocks a user (two calls: your account's fullname, which Reddit asks for, then the unblock).
    public func unblock(_ user: String) async throws(HTTPError) {
        let me = try await client.send(Reddit.me())
        try await client.send(Reddit.unblock(user, blockedBy: me.fullname))
    }

    /// The users whose messages always reach you.
    public func trusted() async throws(HTTPError) -> [UserRelationship] {
        try await client.send(Reddit.trustedUsers())
    }

    /// Trusts a user, or stops trusting them.
    public func setTrusted(_ user: String, _ trusted: Bool) async throws(HTTPError) {
        try await client.send(trusted ? Reddit.trust(user) : Reddit.distrust(user))
    }

    // MARK: Drafts

    /// Your drafts.
    public func drafts() async throws(HTTPError) -> [Draft] { try await client.send(Reddit.drafts()) }

    /// Saves a new draft; answers with its id.
    @discardableResult
    public func saveDraft(_ content: DraftContent) async throws(HTTPError) -> String {
        try await client.send(Reddit.createDraft(content)).id
    }

    /// Replaces a draft's content.
    public func updateDraft(_ id: String, _ content: DraftContent) async throws(HTTPError) {
        _ = try await client.send(Reddit.updateDraft(id, content))
    }

    /// Deletes a draft.
    public func deleteDraft(_ id: String) async throws(HTTPError) { _ = try await client.send(Reddit.deleteDraft(id)) }
}

extension RedditClient {
    /// The signed-in user's own calls.
    public var user: CurrentUser { CurrentUser(client: self) }
}
