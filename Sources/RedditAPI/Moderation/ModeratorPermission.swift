/// A moderator permission (`access`, `config`, `flair`, `mail`, `posts`, `wiki`, or another
/// Reddit adds, such as `chat_config`).
public struct ModeratorPermission: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The permission's name as Reddit spells it.
    public var rawValue: String

    /// Wraps a permission name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a permission name written as a literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// Managing approved users and bans.
    public static let access: ModeratorPermission = "access"
    /// Subreddit settings, rules, removal reasons, styles.
    public static let config: ModeratorPermission = "config"
    /// User and post flair.
    public static let flair: ModeratorPermission = "flair"
    /// Modmail.
    public static let mail: ModeratorPermission = "mail"
    /// Approving, removing and distinguishing posts and comments.
    public static let posts: ModeratorPermission = "posts"
    /// The wiki.
    public static let wiki: ModeratorPermission = "wiki"

    /// The permissions named one by one when a moderator gets only some (PRAW's list).
    static let named: [ModeratorPermission] = [.access, .config, .flair, .mail, .posts, .wiki]

    /// The `permissions` field: `+all` for nil, otherwise `-all`, each named permission not
    /// granted as `-name`, then each granted one as `+name` (as PRAW writes it).
    static func field(_ granted: [ModeratorPermission]?) -> String {
        guard let granted else { return "+all" }
        let withheld = named.filter { !granted.contains($0) }.map(\.rawValue).sorted()
        return (["-all"] + withheld.map { "-" + $0 } + granted.map { "+" + $0.rawValue }).joined(separator: ",")
    }
}
