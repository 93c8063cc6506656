import Foundation

/// What a subreddit requires of a new post (`/api/v1/SUB/post_requirements`): title and body
/// lengths, required and forbidden words, allowed domains, flair. Reddit checks a submission
/// against them when it is sent with `validate_on_submit` (``SubmitOptions/validateOnSubmit``).
public struct PostRequirements: Sendable, Hashable, Decodable {
    /// Whether a post needs a body: `none`, `required` or `notAllowed`.
    public var bodyRestrictionPolicy: String
    /// Which links a post may hold: `none` (any), `whitelist` or `blacklist` (see the domain lists).
    public var linkRestrictionPolicy: String
    /// Whether a post needs flair.
    public var isFlairRequired: Bool
    /// The shortest title allowed, when limited.
    public var titleTextMinLength: Int?
    /// The longest title allowed, when limited.
    public var titleTextMaxLength: Int?
    /// The shortest body allowed, when limited.
    public var bodyTextMinLength: Int?
    /// The longest body allowed, when limited.
    public var bodyTextMaxLength: Int?
    /// Days before a link may be posted again, when limited.
    public var linkRepostAge: Int?
    /// Words a title must contain (one of them).
    public var titleRequiredStrings: [String]
    /// Words a title must not contain.
    public var titleBlacklistedStrings: [String]
    /// Regular expressions a title must match.
    public var titleRegexes: [String]
    /// Words a body must contain (one of them).
    public var bodyRequiredStrings: [String]
    /// Words a body must not contain.
    public var bodyBlacklistedStrings: [String]
    /// Regular expressions a body must match.
    public var bodyRegexes: [String]
    /// Domains links may point to (empty: any).
    public var domainWhitelist: [String]
    /// Domains links may not point to.
    public var domainBlacklist: [String]
    /// Guidelines shown to people posting, when set.
    public var guidelinesText: String?
    /// When the guidelines are shown, when set.
    public var guidelinesDisplayPolicy: String?

    private enum CodingKeys: String, CodingKey {
        case bodyRestrictionPolicy = "body_restriction_policy"
        case linkRestrictionPolicy = "link_restriction_policy"
        case isFlairRequired = "is_flair_required"
        case titleTextMinLength = "title_text_min_length"
        case titleTextMaxLength = "title_text_max_length"
        case bodyTextMinLength = "body_text_min_length"
        case bodyTextMaxLength = "body_text_max_length"
        case linkRepostAge = "link_repost_age"
        case titleRequiredStrings = "title_required_strings"
        case titleBlacklistedStrings = "title_blacklisted_strings"
        case titleRegexes = "title_regexes"
        case bodyRequiredStrings = "body_required_strings"
        case bodyBlacklistedStrings = "body_blacklisted_strings"
        case bodyRegexes = "body_regexes"
        case domainWhitelist = "domain_whitelist"
        case domainBlacklist = "domain_blacklist"
        case guidelinesText = "guidelines_text"
        case guidelinesDisplayPolicy = "guidelines_display_policy"
    }

    /// Decodes the requirements; a missing or null list is empty, a missing policy `none`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bodyRestrictionPolicy = try c.value(.bodyRestrictionPolicy, or: "none")
        linkRestrictionPolicy = try c.value(.linkRestrictionPolicy, or: "none")
        isFlairRequired = try c.value(.isFlairRequired, or: false)
        titleTextMinLength = try c.decodeIfPresent(Int.self, forKey: .titleTextMinLength)
        titleTextMaxLength = try c.decodeIfPresent(Int.self, forKey: .titleTextMaxLength)
        bodyTextMinLength = try c.decodeIfPresent(Int.self, forKey: .bodyTextMinLength)
        bodyTextMaxLength = try c.decodeIfPresent(Int.self, forKey: .bodyTextMaxLength)
        linkRepostAge = try c.decodeIfPresent(Int.self, forKey: .linkRepostAge)
        titleRequiredStrings = try c.value(.titleRequiredStrings, or: [String]())
        titleBlacklistedStrings = try c.value(.titleBlacklistedStrings, or: [String]())
        titleRegexes = try c.value(.titleRegexes, or: [String]())
        bodyRequiredStrings = try c.value(.bodyRequiredStrings, or: [String]())
        bodyBlacklistedStrings = try c.value(.bodyBlacklistedStrings, or: [String]())
        bodyRegexes = try c.value(.bodyRegexes, or: [String]())
        domainWhitelist = try c.value(.domainWhitelist, or: [String]())
        domainBlacklist = try c.value(.domainBlacklist, or: [String]())
        guidelinesText = try c.decodeIfPresent(String.self, forKey: .guidelinesText)
        guidelinesDisplayPolicy = try c.decodeIfPresent(String.self, forKey: .guidelinesDisplayPolicy)
    }
}
