public import Courier
import Foundation

/// New modmail's calls, from ``RedditClient/modmail``: each sends the ``Reddit`` request of the
/// same name through the client and returns what Reddit answered.
///
/// ```swift
/// let modmail = reddit.modmail
/// for conversation in try await modmail.conversations(in: ["swift"], state: .new) {
///     try await modmail.reply(to: conversation.id, body: "Looking into it.", internal: true)
/// }
/// for try await conversation in modmail.newConversations(in: ["swift"]) { print(conversation.subject) }
/// ```
public struct Modmail: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The calls through `client`.
    public init(client: RedditClient) { self.client = client }

    /// The conversations of a folder.
    public func conversations(
        in subreddits: [String] = [], state: ModmailState? = nil, sort: ModmailSort? = nil, after: String? = nil,
        limit: Int? = nil
    ) async throws(HTTPError) -> [ModmailConversation] {
        try await client.send(
            Reddit.modmailConversations(in: subreddits, state: state, sort: sort, after: after, limit: limit))
    }

    /// One conversation, with its messages, actions and user summary.
    public func conversation(_ id: String, markRead: Bool = false) async throws(HTTPError) -> ModmailConversation {
        try await client.send(Reddit.modmailConversation(id, markRead: markRead))
    }

    /// Starts a conversation with a user from a subreddit's moderators.
    public func create(
        from subreddit: String, to user: String, subject: String, body: String, authorHidden: Bool = false
    )
        async throws(HTTPError) -> ModmailConversation
    {
        try await client.send(
            Reddit.createModmailConversation(
                from: subreddit, to: user, subject: subject, body: body, authorHidden: authorHidden))
    }

    /// Answers a conversation, or writes a private moderator note when `internal`; answers with
    /// the new message.
    @discardableResult
    public func reply(to id: String, body: String, authorHidden: Bool = false, internal isInternal: Bool = false)
        async throws(HTTPError) -> ModmailMessage?
    {
        try await client.send(Reddit.replyToModmail(id, body: body, authorHidden: authorHidden, internal: isInternal))
            .messages.last
    }

    /// Archives or unarchives a conversation.
    @discardableResult
    public func setArchived(_ id: String, _ archived: Bool) async throws(HTTPError) -> ModmailConversation? {
        try await client.send(Reddit.setModmailArchived(id, archived))
    }

    /// Highlights a conversation or removes the highlight.
    @discardableResult
    public func setHighlighted(_ id: String, _ highlighted: Bool) async throws(HTTPError) -> ModmailConversation? {
        try await client.send(Reddit.setModmailHighlighted(id, highlighted))
    }

    /// Mutes the conversation's user for 3, 7 or 28 days.
    @discardableResult
    public func muteUser(in id: String, days: Int? = nil) async throws(HTTPError) -> ModmailConversation? {
        try await client.send(Reddit.muteModmailUser(in: id, days: days))
    }

    /// Unmutes the conversation's user.
    @discardableResult
    public func unmuteUser(in id: String) async throws(HTTPError) -> ModmailConversation? {
        try await client.send(Reddit.unmuteModmailUser(in: id))
    }

    /// Marks conversations read or unread.
    public func setRead(_ ids: [String], _ read: Bool) async throws(HTTPError) {
        try await client.send(read ? Reddit.markModmailRead(ids) : Reddit.markModmailUnread(ids))
    }

    /// Marks a whole folder read; answers with the ids marked.
    @discardableResult
    public func markAllRead(in subreddits: [String] = [], state: ModmailState = .all) async throws(HTTPError)
        -> [String]
    {
        try await client.send(Reddit.markAllModmailRead(in: subreddits, state: state))
    }

    /// How many unread conversations each folder holds.
    public func unreadCounts() async throws(HTTPError) -> ModmailUnreadCounts {
        try await client.send(Reddit.modmailUnreadCounts())
    }

    /// The subreddits whose modmail you read.
    public func subreddits() async throws(HTTPError) -> [String] {
        try await client.send(Reddit.modmailSubreddits())
    }
}

extension RedditClient {
    /// New modmail's calls.
    public var modmail: Modmail { Modmail(client: self) }
}
