public import Foundation

/// A subreddit (kind `t5`).
public struct Subreddit: Sendable, Hashable, Identifiable, Codable {
    /// The base-36 id (`2r0ij`).
    public var id: String
    /// The fullname (`t5_2r0ij`).
    public var name: Fullname
    /// The name used in paths (`announcements`).
    public var displayName: String
    /// The title shown in the header.
    public var title: String
    /// The short public description.
    public var publicDescription: String
    /// The number of subscribers, when visible.
    public var subscribers: Int?
    /// Users online now, when visible.
    public var activeUsers: Int?
    /// When it was created.
    public var created: Date
    /// Whether it is NSFW.
    public var over18: Bool
    /// Its path (`/r/announcements/`).
    public var url: String
    /// `public`, `restricted`, `private`, `user`...
    public var subredditType: String
    /// Whether the signed-in user subscribes to it, when sent.
    public var userIsSubscriber: Bool?
    /// Its icon (the community icon, or the older `icon_img`), when it has one.
    public var iconURL: String?

    private enum CodingKeys: String, CodingKey {
        case id, name
        case displayName = "display_name"
        case title
        case publicDescription = "public_description"
        case subscribers
        case activeUsers = "active_user_count"
        case accountsActive = "accounts_active"
        case created = "created_utc"
        case over18 = "over18"
        case url
        case subredditType = "subreddit_type"
        case userIsSubscriber = "user_is_subscriber"
        case communityIcon = "community_icon"
        case iconImage = "icon_img"
    }

    /// A subreddit from an entry that is not a `t5` object (`/user/NAME/moderated_subreddits`).
    init(
        name: Fullname, displayName: String, title: String, subscribers: Int?, created: Date, over18: Bool, url: String,
        subredditType: String, iconURL: String?
    ) {
        id = name.id
        self.name = name
        self.displayName = displayName
        self.title = title
        publicDescription = ""
        self.subscribers = subscribers
        self.created = created
        self.over18 = over18
        self.url = url
        self.subredditType = subredditType
        self.iconURL = iconURL
    }

    /// Decodes a subreddit's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.fullname(.name, or: Fullname(kind: .subreddit, id: id))
        displayName = try c.decode(String.self, forKey: .displayName)
        title = try c.value(.title, or: "")
        publicDescription = try c.value(.publicDescription, or: "")
        subscribers = try c.decodeIfPresent(Int.self, forKey: .subscribers)
        activeUsers =
            try c.decodeIfPresent(Int.self, forKey: .activeUsers)
            ?? c.decodeIfPresent(Int.self, forKey: .accountsActive)
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        over18 = try c.value(.over18, or: false)
        url = try c.value(.url, or: "/r/\(displayName)/")
        subredditType = try c.value(.subredditType, or: "public")
        userIsSubscriber = try c.decodeIfPresent(Bool.self, forKey: .userIsSubscriber)
        let icons = [
            try c.decodeIfPresent(String.self, forKey: .communityIcon),
            try c.decodeIfPresent(String.self, forKey: .iconImage),
        ]
        iconURL = icons.compactMap { $0 }.first { !$0.isEmpty }
    }

    /// Encodes the fields this type keeps, in Reddit's shape, so a stored value decodes again.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(title, forKey: .title)
        try c.encode(publicDescription, forKey: .publicDescription)
        try c.encodeIfPresent(subscribers, forKey: .subscribers)
        try c.encodeIfPresent(activeUsers, forKey: .activeUsers)
        try c.encode(created.timeIntervalSince1970, forKey: .created)
        try c.encode(over18, forKey: .over18)
        try c.encode(url, forKey: .url)
        try c.encode(subredditType, forKey: .subredditType)
        try c.encodeIfPresent(userIsSubscriber, forKey: .userIsSubscriber)
        try c.encodeIfPresent(iconURL, forKey: .communityIcon)
    }
}
