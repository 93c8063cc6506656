public import Courier
import Foundation

/// A subreddit's settings as its moderators see them (`/r/SUB/about/edit`, scope
/// `modconfig`), and a set of changes to send with ``Reddit/updateSubredditSettings(_:_:)`` or
/// ``Reddit/createSubreddit(_:title:type:contentOptions:wikiMode:settings:)``.
///
/// Reddit sends some sixty settings and adds new ones over time, so they are kept as JSON under
/// the names Reddit reads them with (``values``), with typed accessors for the common ones. A
/// setter changes the value; setting nil removes it, so a set of changes holds only what you set.
///
/// ```swift
/// var changes = SubredditSettings()
/// changes.title = "Swift programming"
/// changes.over18 = false
/// changes["welcome_message_text"] = "Welcome!"
/// try await reddit.moderation(of: "swift").updateSettings(changes)
/// ```
public struct SubredditSettings: Sendable, Hashable, Decodable {
    /// Every setting, by the name Reddit reads it with (`subreddit_type`, `content_options`...).
    public var values: [String: JSON]

    /// Settings holding `values` (none by default: an empty set of changes).
    public init(_ values: [String: JSON] = [:]) {
        self.values = values
    }

    /// Decodes the bare settings object (the `data` of `/r/SUB/about/edit`).
    public init(from decoder: any Decoder) throws {
        values = try [String: JSON](from: decoder)
    }

    /// One setting; nil removes it.
    public subscript(key: String) -> JSON? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The subreddit's fullname (`subreddit_id`), sent when the settings are read.
    public var subredditID: Fullname? { values["subreddit_id"]?.stringValue.map { Fullname($0) } }

    /// The title shown in the header (`title`).
    public var title: String? {
        get { self["title"]?.stringValue }
        set { self["title"] = newValue.map(JSON.string) }
    }

    /// The description shown in search results and to visitors of a private subreddit
    /// (`public_description`).
    public var publicDescription: String? {
        get { self["public_description"]?.stringValue }
        set { self["public_description"] = newValue.map(JSON.string) }
    }

    /// Who may see and post: `public`, `restricted`, `private`, `archived`, `gold_restricted`,
    /// `employees_only`... (`subreddit_type`).
    public var subredditType: String? {
        get { self["subreddit_type"]?.stringValue }
        set { self["subreddit_type"] = newValue.map(JSON.string) }
    }

    /// Which posts are allowed: `any`, `link` or `self` (`content_options`).
    public var contentOptions: String? {
        get { self["content_options"]?.stringValue }
        set { self["content_options"] = newValue.map(JSON.string) }
    }

    /// Whether the subreddit is NSFW (`over_18`).
    public var over18: Bool? {
        get { self["over_18"]?.boolValue }
        set { self["over_18"] = newValue.map(JSON.bool) }
    }

    /// Whether posts may be marked as spoilers (`spoilers_enabled`).
    public var spoilersEnabled: Bool? {
        get { self["spoilers_enabled"]?.boolValue }
        set { self["spoilers_enabled"] = newValue.map(JSON.bool) }
    }

    /// Whether image posts are allowed (`allow_images`).
    public var allowImages: Bool? {
        get { self["allow_images"]?.boolValue }
        set { self["allow_images"] = newValue.map(JSON.bool) }
    }

    /// Whether video posts are allowed (`allow_videos`).
    public var allowVideos: Bool? {
        get { self["allow_videos"]?.boolValue }
        set { self["allow_videos"] = newValue.map(JSON.bool) }
    }

    /// Whether polls are allowed (`allow_polls`).
    public var allowPolls: Bool? {
        get { self["allow_polls"]?.boolValue }
        set { self["allow_polls"] = newValue.map(JSON.bool) }
    }

    /// Who may edit the wiki: `disabled`, `modonly` or `anyone` (`wikimode`).
    public var wikiMode: String? {
        get { self["wikimode"]?.stringValue }
        set { self["wikimode"] = newValue.map(JSON.string) }
    }

    /// The text shown on the submit page (`submit_text`).
    public var submitText: String? {
        get { self["submit_text"]?.stringValue }
        set { self["submit_text"] = newValue.map(JSON.string) }
    }

    /// The subreddit's language, an IETF tag with `_` (`language`).
    public var language: String? {
        get { self["language"]?.stringValue }
        set { self["language"] = newValue.map(JSON.string) }
    }

    /// The order comments open in unless a post says otherwise (`suggested_comment_sort`).
    public var suggestedCommentSort: String? {
        get { self["suggested_comment_sort"]?.stringValue }
        set { self["suggested_comment_sort"] = newValue.map(JSON.string) }
    }

    /// Whether a welcome message goes to new subscribers (`welcome_message_enabled`).
    public var welcomeMessageEnabled: Bool? {
        get { self["welcome_message_enabled"]?.boolValue }
        set { self["welcome_message_enabled"] = newValue.map(JSON.bool) }
    }

    /// The welcome message in Markdown (`welcome_message_text`).
    public var welcomeMessageText: String? {
        get { self["welcome_message_text"]?.stringValue }
        set { self["welcome_message_text"] = newValue.map(JSON.string) }
    }

    /// The names some settings are written under differ from the names they are read with, as
    /// PRAW remaps them; `header_hover_text` is written `header_title` to
    /// `/api/v1/subreddit/update_settings` and `header-title` to `/api/site_admin`.
    static func writeName(_ name: String, creating: Bool) -> String {
        switch name {
        case "content_options": "link_type"
        case "default_set": "allow_top"
        case "header_hover_text": creating ? "header-title" : "header_title"
        case "language": "lang"
        case "subreddit_type": "type"
        default: name
        }
    }

    /// The read name of a setting written as `name` (the inverse of ``writeName(_:creating:)``).
    package static func readName(_ name: String) -> String {
        switch name {
        case "link_type": "content_options"
        case "allow_top": "default_set"
        case "header_title", "header-title": "header_hover_text"
        case "lang": "language"
        case "type": "subreddit_type"
        default: name
        }
    }

    /// The settings under the names they are written with.
    func written(creating: Bool) -> [String: JSON] {
        Dictionary(values.map { (Self.writeName($0.key, creating: creating), $0.value) }) { _, last in last }
    }
}
