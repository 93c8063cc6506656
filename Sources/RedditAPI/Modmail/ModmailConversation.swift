public import Foundation

/// A new-modmail conversation (`/api/mod/conversations/ID`): its state, its messages and the
/// moderators' actions on it in order, and, when Reddit sends it, a summary of the user.
public struct ModmailConversation: Sendable, Hashable, Identifiable {
    /// A moderator's action on the conversation (archive, highlight, mute...).
    public struct Action: Sendable, Hashable, Identifiable, Decodable {
        /// The action's id.
        public var id: String
        /// Reddit's action type: 0 highlight, 1 unhighlight, 2 archive, 3 unarchive, 5 mute,
        /// 6 unmute, 7 ban, 8 unban, 9 approve, 10 disapprove...
        public var type: Int
        /// Who acted.
        public var author: ModmailAuthor?
        /// When.
        public var date: Date?

        private enum CodingKeys: String, CodingKey {
            case id, author, date
            case type = "actionTypeId"
        }

        /// Decodes an action.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            type = try c.value(.type, or: -1)
            author = try c.decodeIfPresent(ModmailAuthor.self, forKey: .author)
            date = try c.isoDate(.date)
        }
    }

    /// What moderators see about the conversation's user (sent with one conversation).
    public struct User: Sendable, Hashable, Decodable {
        /// The username.
        public var name: String
        /// The account's fullname.
        public var accountID: Fullname?
        /// When the account was made.
        public var created: Date?
        /// Whether Reddit suspended the account.
        public var isSuspended: Bool
        /// Whether Reddit shadow-banned the account.
        public var isShadowBanned: Bool
        /// Whether the user is muted in this subreddit's modmail, until when, and how many times.
        public var isMuted: Bool
        /// When a mute ends.
        public var muteEndDate: Date?
        /// How many times the user was muted.
        public var muteCount: Int
        /// Whether the user is banned from the subreddit.
        public var isBanned: Bool
        /// Whether a ban is permanent.
        public var isBanPermanent: Bool
        /// When a temporary ban ends.
        public var banEndDate: Date?
        /// A ban's reason.
        public var banReason: String?

        private enum CodingKeys: String, CodingKey {
            case name, id, created, isSuspended, isShadowBanned, muteStatus, banStatus
        }
        private enum StatusKeys: String, CodingKey {
            case isMuted, endDate, muteCount, isBanned, isPermanent, reason
        }

        /// Decodes the `user` object.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            accountID = try c.fullnameIfPresent(.id)
            created = try c.isoDate(.created)
            isSuspended = try c.value(.isSuspended, or: false)
            isShadowBanned = try c.value(.isShadowBanned, or: false)
            let mute =
                c.contains(.muteStatus) ? try c.nestedContainer(keyedBy: StatusKeys.self, forKey: .muteStatus) : nil
            isMuted = try mute?.value(.isMuted, or: false) ?? false
            muteEndDate = try mute?.isoDate(.endDate)
            muteCount = try mute?.value(.muteCount, or: 0) ?? 0
            let ban = c.contains(.banStatus) ? try c.nestedContainer(keyedBy: StatusKeys.self, forKey: .banStatus) : nil
            isBanned = try ban?.value(.isBanned, or: false) ?? false
            isBanPermanent = try ban?.value(.isPermanent, or: false) ?? false
            banEndDate = try ban?.isoDate(.endDate)
            banReason = try ban?.decodeIfPresent(String.self, forKey: .reason)
        }
    }

    /// The conversation's id (base 36, such as `2gmz`).
    public var id: String
    /// The subject line.
    public var subject: String
    /// Reddit's state number: 0 new, 1 in progress, 2 archived (others for appeals and join requests).
    public var state: Int
    /// The subreddit it belongs to.
    public var subreddit: String
    /// The subreddit's fullname.
    public var subredditID: Fullname?
    /// The non-moderator in the conversation; nil for a conversation among moderators.
    public var participant: ModmailAuthor?
    /// Everyone who wrote or acted, in order.
    public var authors: [ModmailAuthor]
    /// Whether it is highlighted.
    public var isHighlighted: Bool
    /// Whether it is among moderators only.
    public var isInternal: Bool
    /// Whether Reddit started it (a notification).
    public var isAuto: Bool
    /// Whether it can be answered.
    public var isRepliable: Bool
    /// How many messages it has.
    public var messageCount: Int
    /// The last change of any kind.
    public var lastUpdated: Date?
    /// The participant's last message.
    public var lastUserUpdate: Date?
    /// A moderator's last message.
    public var lastModeratorUpdate: Date?
    /// When it last became unread; nil when it is read.
    public var lastUnread: Date?
    /// Its messages, oldest first, as far as the answer included them.
    public var messages: [ModmailMessage]
    /// The moderators' actions on it, oldest first, as far as the answer included them.
    public var actions: [Action]
    /// The user summary, sent with one conversation.
    public var user: User?
}
