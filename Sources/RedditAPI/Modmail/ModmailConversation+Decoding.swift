import Foundation

/// The answer of one conversation (`GET`, reply, archive, highlight, mute...):
/// `{"conversation" | "conversations": {...}, "messages": {id: ...}, "modActions": {id: ...}, "user": {...}}`.
struct ModmailConversationAnswer: Decodable, Sendable {
    let conversation: ModmailConversation

    private enum Keys: String, CodingKey { case conversation, conversations, messages, modActions, user }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let key: Keys = c.contains(.conversation) ? .conversation : .conversations
        let raw = try c.decode(RawModmailConversation.self, forKey: key)
        let messages = try c.value(.messages, or: [String: ModmailMessage]())
        let actions = try c.value(.modActions, or: [String: ModmailConversation.Action]())
        let user = try c.decodeIfPresent(UnlessEmpty<ModmailConversation.User>.self, forKey: .user)?.value
        conversation = raw.conversation(messages: messages, actions: actions, user: user)
    }
}

/// The answer of a list of conversations (`GET /api/mod/conversations`):
/// `{"conversationIds": [...], "conversations": {id: ...}, "messages": {id: ...}, "viewerId"}`.
struct ModmailConversationList: Decodable, Sendable {
    let conversations: [ModmailConversation]

    private enum Keys: String, CodingKey { case conversationIds, conversations, messages, modActions }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let raw = try c.value(.conversations, or: [String: RawModmailConversation]())
        let order = try c.value(.conversationIds, or: raw.keys.sorted())
        let messages = try c.value(.messages, or: [String: ModmailMessage]())
        let actions = try c.value(.modActions, or: [String: ModmailConversation.Action]())
        conversations = order.compactMap { raw[$0] }.map {
            $0.conversation(messages: messages, actions: actions, user: nil)
        }
    }
}

/// A conversation as Reddit sends it: its messages and actions named by `objIds`.
struct RawModmailConversation: Decodable, Sendable {
    struct Reference: Decodable, Sendable {
        let id: String
        let key: String
    }

    struct Owner: Decodable, Sendable {
        let displayName: String?
        let id: String?
    }

    let id: String
    let subject: String?
    let state: Int?
    let owner: Owner?
    let participant: UnlessEmpty<ModmailAuthor>?
    let authors: [ModmailAuthor]?
    let isHighlighted, isInternal, isAuto, isRepliable: Bool?
    let numMessages: Int?
    let objIds: [Reference]?
    let lastUpdated, lastUserUpdate, lastModUpdate, lastUnread: Date?

    private enum CodingKeys: String, CodingKey {
        case id, subject, state, owner, participant, authors, isHighlighted, isInternal, isAuto, isRepliable
        case numMessages, objIds, lastUpdated, lastUserUpdate, lastModUpdate, lastUnread
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        subject = try c.decodeIfPresent(String.self, forKey: .subject)
        state = try c.decodeIfPresent(Int.self, forKey: .state)
        owner = try c.decodeIfPresent(Owner.self, forKey: .owner)
        participant = try c.decodeIfPresent(UnlessEmpty<ModmailAuthor>.self, forKey: .participant)
        authors = try c.decodeIfPresent([ModmailAuthor].self, forKey: .authors)
        isHighlighted = try c.decodeIfPresent(Bool.self, forKey: .isHighlighted)
        isInternal = try c.decodeIfPresent(Bool.self, forKey: .isInternal)
        isAuto = try c.decodeIfPresent(Bool.self, forKey: .isAuto)
        isRepliable = try c.decodeIfPresent(Bool.self, forKey: .isRepliable)
        numMessages = try c.decodeIfPresent(Int.self, forKey: .numMessages)
        objIds = try c.decodeIfPresent([Reference].self, forKey: .objIds)
        lastUpdated = try c.isoDate(.lastUpdated)
        lastUserUpdate = try c.isoDate(.lastUserUpdate)
        lastModUpdate = try c.isoDate(.lastModUpdate)
        lastUnread = try c.isoDate(.lastUnread)
    }

    func conversation(
        messages: [String: ModmailMessage], actions: [String: ModmailConversation.Action],
        user: ModmailConversation.User?
    ) -> ModmailConversation {
        let references = objIds ?? []
        return ModmailConversation(
            id: id, subject: subject ?? "", state: state ?? 0, subreddit: owner?.displayName ?? "",
            subredditID: owner?.id.map { Fullname($0) }, participant: participant?.value, authors: authors ?? [],
            isHighlighted: isHighlighted ?? false, isInternal: isInternal ?? false, isAuto: isAuto ?? false,
            isRepliable: isRepliable ?? true, messageCount: numMessages ?? 0,
            lastUpdated: lastUpdated, lastUserUpdate: lastUserUpdate, lastModeratorUpdate: lastModUpdate,
            lastUnread: lastUnread,
            messages: references.filter { $0.key == "messages" }.compactMap { messages[$0.id] },
            actions: references.filter { $0.key == "modActions" }.compactMap { actions[$0.id] }, user: user)
    }
}

/// An object Reddit sends empty (`{}`) when there is nothing: the participant of a conversation
/// among moderators, its `user`. Read as `Value` only when it has a `name`.
struct UnlessEmpty<Value: Decodable & Sendable>: Decodable, Sendable {
    let value: Value?

    private enum Keys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: Keys.self).contains(.name) ? Value(from: decoder) : nil
    }
}
