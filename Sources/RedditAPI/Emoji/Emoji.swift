import Foundation

/// A custom emoji usable in a subreddit's flair (`/api/v1/SUB/emojis/all`): the subreddit's own,
/// or one of Reddit's (`snoomojis`) that every subreddit has.
public struct Emoji: Sendable, Hashable {
    /// Its name, used as `:name:` in flair text.
    public var name: String
    /// The image.
    public var url: String
    /// Whether users may put it in their flair.
    public var userFlairAllowed: Bool
    /// Whether it may be in post flair.
    public var postFlairAllowed: Bool
    /// Whether only moderators may use it.
    public var modFlairOnly: Bool
    /// Who added it, when Reddit says.
    public var createdBy: Fullname?
    /// Whether it is one of Reddit's own (`snoomojis`) rather than the subreddit's.
    public var isRedditEmoji: Bool
}

/// `{"snoomojis": {name: emoji}, "t5_…": {name: emoji}}`: the subreddit's emoji first, then
/// Reddit's, each group by name.
struct EmojiList: Decodable, Sendable {
    let emoji: [Emoji]

    private struct Entry: Decodable {
        let url: String
        let userFlairAllowed: Bool?
        let postFlairAllowed: Bool?
        let modFlairOnly: Bool?
        let createdBy: String?

        private enum CodingKeys: String, CodingKey {
            case url
            case userFlairAllowed = "user_flair_allowed"
            case postFlairAllowed = "post_flair_allowed"
            case modFlairOnly = "mod_flair_only"
            case createdBy = "created_by"
        }
    }

    init(from decoder: any Decoder) throws {
        let groups = try [String: [String: Entry]](from: decoder)
        func group(_ key: String) -> [Emoji] {
            (groups[key] ?? [:]).sorted { $0.key < $1.key }.map { name, entry in
                Emoji(
                    name: name, url: entry.url, userFlairAllowed: entry.userFlairAllowed ?? true,
                    postFlairAllowed: entry.postFlairAllowed ?? true, modFlairOnly: entry.modFlairOnly ?? false,
                    createdBy: entry.createdBy.map { Fullname($0) }, isRedditEmoji: key == "snoomojis")
            }
        }
        emoji = groups.keys.filter { $0 != "snoomojis" }.sorted().flatMap(group) + group("snoomojis")
    }
}
