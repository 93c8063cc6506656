public import Courier
public import Foundation

/// What `/api/info` found for a list of fullnames.
public struct ThingsByName: Sendable, Hashable {
    /// The things Reddit knows, in the order asked.
    public var things: [Thing]
    /// The fullnames Reddit left out (unknown or deleted ids are dropped without an error).
    public var missing: [Fullname]
}

/// Karma in one subreddit (`/api/v1/me/karma`).
public struct SubredditKarma: Sendable, Hashable, Decodable {
    /// The subreddit's name.
    public var subreddit: String
    /// Karma from comments.
    public var commentKarma: Int
    /// Karma from posts.
    public var linkKarma: Int

    private enum CodingKeys: String, CodingKey {
        case subreddit = "sr"
        case commentKarma = "comment_karma"
        case linkKarma = "link_karma"
    }
}

/// `{"kind": "KarmaList", "data": [...]}`.
struct KarmaList: Decodable, Sendable {
    let data: [SubredditKarma]
}

/// The account's preferences (`/api/v1/me/prefs`): a bare object of some 70 settings, kept as
/// JSON with typed accessors for common ones.
public struct Preferences: Sendable, Hashable, Decodable {
    /// Every setting as Reddit sent it.
    public var values: [String: JSON]

    /// Decodes the bare object.
    public init(from decoder: any Decoder) throws {
        values = try [String: JSON](from: decoder)
    }

    /// One setting.
    public subscript(key: String) -> JSON? { values[key] }
    /// Whether messages are shown threaded (`threaded_messages`).
    public var threadedMessages: Bool? { values["threaded_messages"]?.boolValue }
    /// Whether NSFW content is shown (`over_18`).
    public var over18: Bool? { values["over_18"]?.boolValue }
    /// Whether NSFW posts are labelled (`label_nsfw`).
    public var labelNSFW: Bool? { values["label_nsfw"]?.boolValue }
    /// The interface language (`lang`).
    public var language: String? { values["lang"]?.stringValue }
}

/// A subreddit's rules (`/r/SUB/about/rules`).
public struct SubredditRules: Sendable, Hashable, Decodable {
    /// One rule.
    public struct Rule: Sendable, Hashable, Decodable {
        /// What it applies to: `all`, `link` or `comment`.
        public var kind: String
        /// The rule's title.
        public var shortName: String
        /// Its text in Markdown.
        public var description: String
        /// Its text as HTML.
        public var descriptionHTML: String?
        /// The reason shown when reporting under it.
        public var violationReason: String?
        /// Its position, from 0.
        public var priority: Int
        /// When it was made.
        public var created: Date

        /// A rule to add with ``Reddit/addRule(_:to:)`` or to send to
        /// ``Reddit/updateRule(named:to:in:)``: `kind` is `all`, `link` or `comment`; without a
        /// `violationReason` the title is used, as PRAW does.
        public init(shortName: String, kind: String = "all", description: String = "", violationReason: String? = nil) {
            self.kind = kind
            self.shortName = shortName
            self.description = description
            self.violationReason = violationReason
            priority = 0
            created = Date(timeIntervalSince1970: 0)
        }

        private enum CodingKeys: String, CodingKey {
            case kind
            case shortName = "short_name"
            case description
            case descriptionHTML = "description_html"
            case violationReason = "violation_reason"
            case priority
            case created = "created_utc"
        }

        /// Decodes a rule.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            kind = try c.value(.kind, or: "all")
            shortName = try c.value(.shortName, or: "")
            description = try c.value(.description, or: "")
            descriptionHTML = try c.decodeIfPresent(String.self, forKey: .descriptionHTML)
            violationReason = try c.decodeIfPresent(String.self, forKey: .violationReason)
            priority = try c.value(.priority, or: 0)
            created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        }
    }

    /// The subreddit's rules, in order.
    public var rules: [Rule]
    /// Reddit's site-wide rules (report reasons).
    public var siteRules: [String]
    /// The site-wide report flow, as sent.
    public var siteRulesFlow: JSON?

    private enum CodingKeys: String, CodingKey {
        case rules
        case siteRules = "site_rules"
        case siteRulesFlow = "site_rules_flow"
    }
}

/// A wiki page (`/r/SUB/wiki/PAGE`).
public struct WikiPage: Sendable, Hashable, Decodable {
    /// The page in Markdown.
    public var contentMarkdown: String
    /// The page as HTML.
    public var contentHTML: String?
    /// Whether you may edit it.
    public var mayRevise: Bool
    /// The revision's edit reason.
    public var reason: String?
    /// The revision's id.
    public var revisionID: String?
    /// When the revision was made (Reddit sends whole seconds).
    public var revisionDate: Date?
    /// Who made the revision.
    public var revisionBy: Account?

    private enum CodingKeys: String, CodingKey {
        case contentMarkdown = "content_md"
        case contentHTML = "content_html"
        case mayRevise = "may_revise"
        case reason
        case revisionID = "revision_id"
        case revisionDate = "revision_date"
        case revisionBy = "revision_by"
    }

    /// Decodes the page's `data`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        contentMarkdown = try c.value(.contentMarkdown, or: "")
        contentHTML = try c.decodeIfPresent(String.self, forKey: .contentHTML)
        mayRevise = try c.value(.mayRevise, or: false)
        reason = try c.decodeIfPresent(String.self, forKey: .reason)
        revisionID = try c.decodeIfPresent(String.self, forKey: .revisionID)
        revisionDate = try c.date(.revisionDate)
        revisionBy = try c.decodeIfPresent(Wrapped<Account>.self, forKey: .revisionBy)?.value
    }
}
