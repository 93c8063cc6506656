public import Foundation

/// A user account (kind `t2`, and the unwrapped answer of `/api/v1/me`).
public struct Account: Sendable, Hashable, Identifiable, Codable {
    /// The base-36 id (`4cixf`).
    public var id: String
    /// The username. Unlike other things, `name` is not the fullname; see ``fullname``.
    public var name: String
    /// When the account was created.
    public var created: Date
    /// Karma from posts.
    public var linkKarma: Int
    /// Karma from comments.
    public var commentKarma: Int
    /// Whether the user has Reddit Premium.
    public var isGold: Bool
    /// Whether the user moderates any subreddit.
    public var isMod: Bool
    /// Whether the user is a Reddit employee.
    public var isEmployee: Bool
    /// Whether the e-mail address is verified, when sent.
    public var hasVerifiedEmail: Bool?
    /// The avatar, when sent.
    public var iconURL: String?
    /// Unread messages (only for the signed-in user).
    public var inboxCount: Int?

    private enum CodingKeys: String, CodingKey {
        case id, name
        case created = "created_utc"
        case linkKarma = "link_karma"
        case commentKarma = "comment_karma"
        case isGold = "is_gold"
        case isMod = "is_mod"
        case isEmployee = "is_employee"
        case hasVerifiedEmail = "has_verified_email"
        case iconURL = "icon_img"
        case inboxCount = "inbox_count"
    }

    /// An account from a summary that is not a `t2` object (`/api/user_data_by_account_ids`).
    init(id: String, name: String, created: Date, linkKarma: Int, commentKarma: Int, iconURL: String?) {
        self.id = id
        self.name = name
        self.created = created
        self.linkKarma = linkKarma
        self.commentKarma = commentKarma
        isGold = false
        isMod = false
        isEmployee = false
        self.iconURL = iconURL
    }

    /// Decodes an account's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        linkKarma = try c.value(.linkKarma, or: 0)
        commentKarma = try c.value(.commentKarma, or: 0)
        isGold = try c.value(.isGold, or: false)
        isMod = try c.value(.isMod, or: false)
        isEmployee = try c.value(.isEmployee, or: false)
        hasVerifiedEmail = try c.decodeIfPresent(Bool.self, forKey: .hasVerifiedEmail)
        iconURL = try c.decodeIfPresent(String.self, forKey: .iconURL)
        inboxCount = try c.decodeIfPresent(Int.self, forKey: .inboxCount)
    }

    /// Encodes the fields this type keeps, in Reddit's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(created.timeIntervalSince1970, forKey: .created)
        try c.encode(linkKarma, forKey: .linkKarma)
        try c.encode(commentKarma, forKey: .commentKarma)
        try c.encode(isGold, forKey: .isGold)
        try c.encode(isMod, forKey: .isMod)
        try c.encode(isEmployee, forKey: .isEmployee)
        try c.encodeIfPresent(hasVerifiedEmail, forKey: .hasVerifiedEmail)
        try c.encodeIfPresent(iconURL, forKey: .iconURL)
        try c.encodeIfPresent(inboxCount, forKey: .inboxCount)
    }

    /// The fullname, `t2_` followed by the id.
    public var fullname: Fullname { Fullname(kind: .account, id: id) }
}
