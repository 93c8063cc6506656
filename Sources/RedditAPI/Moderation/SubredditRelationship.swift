/// A list of users a subreddit keeps: who is banned, muted, an approved contributor, a
/// moderator, banned from the wiki or allowed to edit it.
public enum SubredditRelationship: String, Sendable, Hashable, CaseIterable {
    /// Banned users (`/r/SUB/about/banned`).
    case banned
    /// Users muted in modmail (`/r/SUB/about/muted`).
    case muted
    /// Approved users (`/r/SUB/about/contributors`).
    case contributor
    /// Moderators (`/r/SUB/about/moderators`).
    case moderator
    /// Users banned from the wiki (`/r/SUB/about/wikibanned`).
    case wikiBanned = "wikibanned"
    /// Users allowed to edit the wiki (`/r/SUB/about/wikicontributors`).
    case wikiContributor = "wikicontributor"

    /// The list's path segment under `/r/SUB/about/`.
    var listPath: String {
        switch self {
        case .banned: "banned"
        case .muted: "muted"
        case .contributor: "contributors"
        case .moderator: "moderators"
        case .wikiBanned: "wikibanned"
        case .wikiContributor: "wikicontributors"
        }
    }
}
