public import Courier
import Foundation

/// New modmail (`/api/mod/conversations`, scope `modmail`): folders, one conversation, writing
/// as a moderator or as a private note, archiving, highlighting, muting and read marks.
/// ``Modmail/newConversations(in:state:sort:options:)`` streams new ones.
///
/// ```swift
/// let unread = try await reddit.send(Reddit.modmailConversations(in: ["swift"], state: .new))
/// let answer = try await reddit.send(Reddit.replyToModmail(unread[0].id, body: "Thanks!", internal: false))
/// print(answer.messages.last?.bodyMarkdown ?? "")
/// ```
extension Reddit {
    /// The conversations of a folder, of some subreddits or of every one you moderate when
    /// `subreddits` is empty. For the next page pass the last conversation's id as `after`.
    public static func modmailConversations(
        in subreddits: [String] = [], state: ModmailState? = nil, sort: ModmailSort? = nil, after: String? = nil,
        limit: Int? = nil
    ) -> Request<[ModmailConversation]> {
        var query: [(String, String)] = []
        if !subreddits.isEmpty { query.append(("entity", subreddits.joined(separator: ","))) }
        if let state { query.append(("state", state.rawValue)) }
        if let sort { query.append(("sort", sort.rawValue)) }
        if let after { query.append(("after", after)) }
        if let limit { query.append(("limit", String(min(max(limit, 1), 100)))) }
        return call(.get, modmailPath, query: query, as: ModmailConversationList.self) { $0.conversations }
    }

    /// One conversation with its messages, actions and user summary; `markRead` marks it read.
    public static func modmailConversation(_ id: String, markRead: Bool = false) -> Request<ModmailConversation> {
        call(
            .get, modmailPath + segment(id), query: markRead ? [("markRead", "true")] : [],
            as: ModmailConversationAnswer.self
        ) { $0.conversation }
    }

    /// Starts a conversation from a subreddit's moderators to a user; `authorHidden` writes as
    /// the subreddit instead of as you. Answers with the new conversation.
    public static func createModmailConversation(
        from subreddit: String, to user: String, subject: String, body: String, authorHidden: Bool = false
    ) -> Request<ModmailConversation> {
        call(
            .post, modmailPath,
            form: [
                "srName": subreddit, "to": user, "subject": subject, "body": body,
                "isAuthorHidden": String(authorHidden),
            ], as: ModmailConversationAnswer.self
        ) { $0.conversation }
    }

    /// Answers a conversation: to the user, or as a private moderator note when `internal`;
    /// `authorHidden` writes as the subreddit. Answers with the conversation, the new message last.
    public static func replyToModmail(
        _ id: String, body: String, authorHidden: Bool = false, internal isInternal: Bool = false
    )
        -> Request<ModmailConversation>
    {
        call(
            .post, modmailPath + segment(id),
            form: ["body": body, "isAuthorHidden": String(authorHidden), "isInternal": String(isInternal)],
            as: ModmailConversationAnswer.self
        ) { $0.conversation }
    }

    /// Archives a conversation, or brings it back with `archived` false. Answers with the
    /// conversation, or nil when Reddit answers without a body.
    public static func setModmailArchived(_ id: String, _ archived: Bool) -> Request<ModmailConversation?> {
        conversationAction(write(.post, modmailPath + segment(id) + (archived ? "/archive" : "/unarchive")))
    }

    /// Highlights a conversation, or removes the highlight.
    public static func setModmailHighlighted(_ id: String, _ highlighted: Bool) -> Request<ModmailConversation?> {
        let path = modmailPath + segment(id) + "/highlight"
        return conversationAction(highlighted ? write(.post, path) : bodiless(.delete, path))
    }

    /// Mutes the conversation's user in the subreddit's modmail for `days` (3, 7 or 28; Reddit's
    /// default of 3 when nil).
    public static func muteModmailUser(in id: String, days: Int? = nil) -> Request<ModmailConversation?> {
        conversationAction(
            bodiless(
                .post, modmailPath + segment(id) + "/mute", query: days.map { [("num_hours", String($0 * 24))] } ?? []))
    }

    /// Unmutes the conversation's user.
    public static func unmuteModmailUser(in id: String) -> Request<ModmailConversation?> {
        conversationAction(bodiless(.post, modmailPath + segment(id) + "/unmute"))
    }

    /// Marks conversations read (Reddit answers 204, nothing).
    public static func markModmailRead(_ ids: [String]) -> Request<Void> {
        write(.post, modmailPath + "read", form: ["conversationIds": ids.joined(separator: ",")])
    }

    /// Marks conversations unread.
    public static func markModmailUnread(_ ids: [String]) -> Request<Void> {
        write(.post, modmailPath + "unread", form: ["conversationIds": ids.joined(separator: ",")])
    }

    /// Marks every conversation of a folder read, in some subreddits or all you moderate;
    /// answers with the ids marked.
    public static func markAllModmailRead(in subreddits: [String] = [], state: ModmailState = .all) -> Request<
        [String]
    > {
        var query = [("state", state.rawValue)]
        if !subreddits.isEmpty { query.insert(("entity", subreddits.joined(separator: ",")), at: 0) }
        return call(.post, modmailPath + "bulk/read", query: query, form: [:], as: BulkReadAnswer.self) { $0.ids }
    }

    /// How many unread conversations each folder holds.
    public static func modmailUnreadCounts() -> Request<ModmailUnreadCounts> {
        get(modmailPath + "unread/count")
    }

    /// The names of the subreddits whose modmail you read.
    public static func modmailSubreddits() -> Request<[String]> {
        decoded(modmailPath + "subreddits", as: ModmailSubreddits.self) { $0.names }
    }

    private static let modmailPath = "/api/mod/conversations/"

    /// A conversation action's answer: the conversation, or nil for an empty body (204).
    private static func conversationAction(_ request: Request<Void>) -> Request<ModmailConversation?> {
        request.map { data, _, _ in
            guard !isBlank(data) else { return nil }
            return try JSON.TapeDecoder().decode(ModmailConversationAnswer.self, from: data).conversation
        }
    }
}

/// `{"conversation_ids": [...]}`.
struct BulkReadAnswer: Decodable, Sendable {
    let ids: [String]

    private enum CodingKeys: String, CodingKey { case ids = "conversation_ids" }
}

/// `{"subreddits": {fullname: {"display_name", ...}}}`, as names sorted case-insensitively.
struct ModmailSubreddits: Decodable, Sendable {
    let names: [String]

    private struct Entry: Decodable {
        let display_name: String
    }

    private enum CodingKeys: String, CodingKey { case subreddits }

    init(from decoder: any Decoder) throws {
        let entries = try decoder.container(keyedBy: CodingKeys.self).value(.subreddits, or: [String: Entry]())
        names = entries.values.map(\.display_name).sorted { $0.lowercased() < $1.lowercased() }
    }
}
