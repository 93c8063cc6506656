import Courier
public import Foundation

/// A post saved as a draft (`/api/v1/drafts`): what it will say, and when it was saved.
public struct Draft: Sendable, Hashable, Identifiable, Decodable {
    /// The draft's id, a UUID.
    public var id: String
    /// What the post will be.
    public var content: DraftContent
    /// When the draft was made.
    public var created: Date
    /// When it last changed.
    public var modified: Date

    private enum CodingKeys: String, CodingKey {
        case id, title, kind, body, subreddit, flair, nsfw, spoiler, created, modified
        case originalContent = "original_content"
        case sendReplies = "send_replies"
        case isPublicLink = "is_public_link"
    }

    private enum FlairKeys: String, CodingKey { case templateId, template_id, text }

    /// Decodes one entry of `drafts`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        // A rich-text body is a document; it is kept as its JSON text.
        let body = try c.decodeIfPresent(JSON.self, forKey: .body)
        var flairID: String?
        var flairText: String?
        if c.contains(.flair), try !c.decodeNil(forKey: .flair) {
            let flair = try c.nestedContainer(keyedBy: FlairKeys.self, forKey: .flair)
            flairID =
                try flair.decodeIfPresent(String.self, forKey: .templateId)
                ?? flair.decodeIfPresent(String.self, forKey: .template_id)
            flairText = try flair.decodeIfPresent(String.self, forKey: .text)
        }
        content = DraftContent(
            title: try c.decodeIfPresent(String.self, forKey: .title), kind: try c.value(.kind, or: "markdown"),
            body: body.flatMap { $0.isNull ? nil : ($0.stringValue ?? $0.description) },
            subreddit: try c.fullnameIfPresent(.subreddit), flairID: flairID, flairText: flairText,
            nsfw: try c.value(.nsfw, or: false), spoiler: try c.value(.spoiler, or: false),
            originalContent: try c.value(.originalContent, or: false), sendReplies: try c.value(.sendReplies, or: true),
            isPublicLink: try c.value(.isPublicLink, or: false))
        // Reddit sends milliseconds.
        created = Date(timeIntervalSince1970: (try c.decodeIfPresent(Double.self, forKey: .created) ?? 0) / 1000)
        modified = Date(timeIntervalSince1970: (try c.decodeIfPresent(Double.self, forKey: .modified) ?? 0) / 1000)
    }
}

/// What a draft says: its title and body, where it will be posted and how (the fields of
/// ``Reddit/createDraft(_:)`` and ``Reddit/updateDraft(_:_:)``).
public struct DraftContent: Sendable, Hashable {
    /// The title.
    public var title: String?
    /// `markdown` for a text post, `link` for a link, `richtext` for a rich-text body.
    public var kind: String
    /// The text (Markdown), the URL, or a rich-text document's JSON.
    public var body: String?
    /// The subreddit it will be posted to (a `t5_` fullname), or nil for none yet.
    public var subreddit: Fullname?
    /// Whether ``subreddit`` is a user's profile (`u_NAME`), which Reddit calls the `profile` target.
    public var onProfile: Bool
    /// The post flair template to use.
    public var flairID: String?
    /// The flair's text, for an editable template.
    public var flairText: String?
    /// Whether the post will be marked NSFW; nil sends no `nsfw` (Reddit's default: not NSFW).
    public var nsfw: Bool?
    /// Whether the post will be marked as a spoiler.
    public var spoiler: Bool
    /// Whether the post will be marked as original content.
    public var originalContent: Bool
    /// Whether replies will reach your inbox.
    public var sendReplies: Bool
    /// Whether others may see the draft through a link before it is posted.
    public var isPublicLink: Bool

    /// A draft's content; the defaults are PRAW's.
    public init(
        title: String? = nil, kind: String = "markdown", body: String? = nil, subreddit: Fullname? = nil,
        onProfile: Bool = false, flairID: String? = nil, flairText: String? = nil, nsfw: Bool? = false,
        spoiler: Bool = false, originalContent: Bool = false, sendReplies: Bool = true, isPublicLink: Bool = false
    ) {
        self.title = title
        self.kind = kind
        self.body = body
        self.subreddit = subreddit
        self.onProfile = onProfile
        self.flairID = flairID
        self.flairText = flairText
        self.nsfw = nsfw
        self.spoiler = spoiler
        self.originalContent = originalContent
        self.sendReplies = sendReplies
        self.isPublicLink = isPublicLink
    }

    /// A text post's draft.
    public static func text(title: String?, _ text: String?, in subreddit: Fullname? = nil) -> DraftContent {
        DraftContent(title: title, kind: "markdown", body: text, subreddit: subreddit)
    }

    /// A link post's draft.
    public static func link(title: String?, url: String, in subreddit: Fullname? = nil) -> DraftContent {
        DraftContent(title: title, kind: "link", body: url, subreddit: subreddit)
    }

    /// The form PRAW sends: every flag (`nsfw` when set), and the optional fields that are set.
    var form: [String: String] {
        func text(_ flag: Bool) -> String { flag ? "true" : "false" }
        var form = [
            "kind": kind, "spoiler": text(spoiler), "original_content": text(originalContent),
            "send_replies": text(sendReplies), "is_public_link": text(isPublicLink),
        ]
        if let nsfw { form["nsfw"] = text(nsfw) }
        if let title { form["title"] = title }
        if let body { form["body"] = body }
        if let flairID { form["flair_id"] = flairID }
        if let flairText { form["flair_text"] = flairText }
        if let subreddit {
            form["subreddit"] = subreddit.rawValue
            form["target"] = onProfile ? "profile" : "subreddit"
        }
        return form
    }
}
