public import Foundation

/// A user on one of a subreddit's lists (``SubredditRelationship``) or invited to moderate it:
/// who, since when, and what the list records about them.
public struct UserRelationship: Sendable, Hashable, Decodable {
    /// The username.
    public var name: String
    /// The account's fullname (`t2_…`).
    public var accountID: Fullname?
    /// When the user was added (banned, muted, approved, made or invited moderator).
    public var date: Date?
    /// A ban's or mute's note.
    public var note: String?
    /// For a temporary ban, the days left; nil for a permanent one and on other lists.
    public var daysLeft: Int?
    /// The relationship's id (`rb_…`), when Reddit sends it.
    public var relationshipID: String?
    /// For a moderator or invited moderator: the permissions (`all`, or some of `access`,
    /// `config`, `flair`, `mail`, `posts`, `wiki`...); for a live thread's contributor, theirs
    /// (`all`, or some of `update`, `edit`, `manage`, `settings`, `close`).
    public var permissions: [String]
    /// For a moderator: the user's flair in the subreddit.
    public var flairText: String?

    init(
        name: String, accountID: Fullname?, date: Date?, permissions: [String], note: String? = nil,
        daysLeft: Int? = nil, relationshipID: String? = nil, flairText: String? = nil
    ) {
        self.name = name
        self.accountID = accountID
        self.date = date
        self.note = note
        self.daysLeft = daysLeft
        self.relationshipID = relationshipID
        self.permissions = permissions
        self.flairText = flairText
    }

    private enum CodingKeys: String, CodingKey {
        case name, id, date, note
        case daysLeft = "days_left"
        case relationshipID = "rel_id"
        case permissions = "mod_permissions"
        case livePermissions = "permissions"
        case flairText = "author_flair_text"
    }

    /// Decodes one child of a relationship listing (`{"name", "id", "date", ...}`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        accountID = try c.fullnameIfPresent(.id)
        date = try c.date(.date)
        note = try c.decodeIfPresent(String.self, forKey: .note)
        daysLeft = try c.decodeIfPresent(Int.self, forKey: .daysLeft)
        relationshipID = try c.decodeIfPresent(String.self, forKey: .relationshipID)
        permissions =
            try c.decodeIfPresent([String].self, forKey: .permissions)
            ?? c.value(.livePermissions, or: [String]())
        flairText = try c.decodeIfPresent(String.self, forKey: .flairText)
    }
}

/// `/api/v1/SUB/moderators_invited`: `{"moderators": {id: {...}}, "moderatorIds": [...], "after", "before"}`.
struct InvitedModerators: Decodable, Sendable {
    let page: ItemListing<UserRelationship>

    private struct Invitee: Decodable {
        let username: String
        let id: String?
        let moddedAtUTC: Double?
        let modPermissions: [String: Bool]?
    }

    private enum CodingKeys: String, CodingKey { case moderators, moderatorIds, after, before }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let invitees = try c.value(.moderators, or: [String: Invitee]())
        let order = try c.value(.moderatorIds, or: invitees.keys.sorted())
        let users = order.compactMap { invitees[$0] }.map { invitee in
            UserRelationship(
                name: invitee.username, accountID: invitee.id.map { Fullname($0) },
                date: invitee.moddedAtUTC.map { Date(timeIntervalSince1970: $0) },
                permissions: (invitee.modPermissions ?? [:]).filter(\.value).map(\.key).sorted())
        }
        page = ItemListing(
            items: users, after: try c.decodeIfPresent(String.self, forKey: .after),
            before: try c.decodeIfPresent(String.self, forKey: .before))
    }
}
