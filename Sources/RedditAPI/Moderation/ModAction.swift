public import Foundation

/// One entry of a subreddit's moderation log (kind `modaction`, from `/r/SUB/about/log`).
public struct ModAction: Sendable, Hashable, Identifiable, Decodable {
    /// The entry's id (`ModAction_<uuid>`), which is also the log's `before`/`after` cursor.
    public var id: String
    /// What was done (`removelink`, `approvecomment`, `banuser`, `adjust_post_crowd_control_level`...).
    public var action: String
    /// The moderator's username.
    public var moderator: String
    /// When it was done.
    public var created: Date
    /// The subreddit's name.
    public var subreddit: String
    /// Extra detail Reddit records (`remove`, `medium`, a ban's duration...).
    public var details: String?
    /// A description Reddit records for some actions.
    public var description: String?
    /// What the action was on (a post, comment or account), when it was on something.
    public var targetFullname: Fullname?
    /// The author of the target.
    public var targetAuthor: String?
    /// The target's title (posts).
    public var targetTitle: String?
    /// The start of the target's text.
    public var targetBody: String?
    /// The target's path.
    public var targetPermalink: String?

    private enum CodingKeys: String, CodingKey {
        case id, action, mod, subreddit, details, description
        case created = "created_utc"
        case targetFullname = "target_fullname"
        case targetAuthor = "target_author"
        case targetTitle = "target_title"
        case targetBody = "target_body"
        case targetPermalink = "target_permalink"
    }

    /// Decodes a `modaction`'s `data`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        action = try c.value(.action, or: "")
        moderator = try c.value(.mod, or: "")
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        subreddit = try c.value(.subreddit, or: "")
        details = try c.decodeIfPresent(String.self, forKey: .details)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        targetFullname = try c.fullnameIfPresent(.targetFullname)
        targetAuthor = try c.decodeIfPresent(String.self, forKey: .targetAuthor)
        targetTitle = try c.decodeIfPresent(String.self, forKey: .targetTitle)
        targetBody = try c.decodeIfPresent(String.self, forKey: .targetBody)
        targetPermalink = try c.decodeIfPresent(String.self, forKey: .targetPermalink)
    }
}
