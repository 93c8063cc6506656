public import Courier
import Foundation

/// Whether a flair template is for users or for posts (`USER_FLAIR`, `LINK_FLAIR`).
public enum FlairKind: String, Sendable, Hashable, CaseIterable {
    /// Flair beside a user's name.
    case user = "USER_FLAIR"
    /// Flair on a post.
    case link = "LINK_FLAIR"
}

/// A subreddit's flair template (`/r/SUB/api/user_flair_v2`, `/r/SUB/api/link_flair_v2`, and
/// the answer of ``Reddit/createFlairTemplate(_:kind:in:)``): what a flair looks like and who
/// may use it.
///
/// Reddit lists templates in `snake_case` and answers a new one in `camelCase`; both are read.
/// Make one with ``init(text:cssClass:textEditable:backgroundColor:textColor:modOnly:allowableContent:maxEmojis:)``
/// to create it, or change a listed one and send it to ``Reddit/updateFlairTemplate(_:in:)``.
public struct FlairTemplate: Sendable, Hashable, Identifiable, Decodable {
    /// The template's id (empty for one not created yet).
    public var id: String
    /// The flair's text (emoji as `:name:`).
    public var text: String
    /// The CSS class (old design).
    public var cssClass: String
    /// Whether users may change the text when they pick it.
    public var textEditable: Bool
    /// The background colour (`#rrggbb`, `transparent` or empty), when set.
    public var backgroundColor: String?
    /// The text colour, `light` or `dark`, when set.
    public var textColor: String?
    /// Whether only moderators may use it.
    public var modOnly: Bool
    /// What the text may hold: `all`, `emoji` or `text`, when set.
    public var allowableContent: String?
    /// How many emoji the text may hold, when set (Reddit's default is 10).
    public var maxEmojis: Int?
    /// `text` or `richtext`, when sent.
    public var type: String?
    /// The rich-text elements of the text, as sent.
    public var richText: JSON?
    /// Whether the CSS class overrides the look (old design), when sent.
    public var overrideCSS: Bool?
    /// Whether it is a user or a post template, when sent (a new template's answer says).
    public var kind: FlairKind?

    /// A template to create.
    public init(
        text: String, cssClass: String = "", textEditable: Bool = false, backgroundColor: String? = nil,
        textColor: String? = nil, modOnly: Bool = false, allowableContent: String? = nil, maxEmojis: Int? = nil
    ) {
        id = ""
        self.text = text
        self.cssClass = cssClass
        self.textEditable = textEditable
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.modOnly = modOnly
        self.allowableContent = allowableContent
        self.maxEmojis = maxEmojis
    }

    private enum Keys: String, CodingKey {
        case id, text, type, richtext
        case cssClass = "css_class"
        case cssClassCamel = "cssClass"
        case textEditable = "text_editable"
        case textEditableCamel = "textEditable"
        case backgroundColor = "background_color"
        case backgroundColorCamel = "backgroundColor"
        case textColor = "text_color"
        case textColorCamel = "textColor"
        case modOnly = "mod_only"
        case modOnlyCamel = "modOnly"
        case allowableContent = "allowable_content"
        case allowableContentCamel = "allowableContent"
        case maxEmojis = "max_emojis"
        case maxEmojisCamel = "maxEmojis"
        case overrideCSS = "override_css"
        case overrideCSSCamel = "overrideCss"
        case flairType = "flairType"
    }

    /// Decodes a template in either spelling.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        func either<T: Decodable>(_ snake: Keys, _ camel: Keys, _ type: T.Type) throws -> T? {
            try c.decodeIfPresent(T.self, forKey: snake) ?? c.decodeIfPresent(T.self, forKey: camel)
        }
        id = try c.decode(String.self, forKey: .id)
        text = try c.value(.text, or: "")
        cssClass = try either(.cssClass, .cssClassCamel, String.self) ?? ""
        textEditable = try either(.textEditable, .textEditableCamel, Bool.self) ?? false
        backgroundColor = try either(.backgroundColor, .backgroundColorCamel, String.self)
        textColor = try either(.textColor, .textColorCamel, String.self)
        modOnly = try either(.modOnly, .modOnlyCamel, Bool.self) ?? false
        allowableContent = try either(.allowableContent, .allowableContentCamel, String.self)
        maxEmojis = try either(.maxEmojis, .maxEmojisCamel, Int.self)
        type = try c.decodeIfPresent(String.self, forKey: .type)
        richText = try c.decodeIfPresent(JSON.self, forKey: .richtext)
        overrideCSS = try either(.overrideCSS, .overrideCSSCamel, Bool.self)
        kind = try c.decodeIfPresent(String.self, forKey: .flairType).flatMap(FlairKind.init(rawValue:))
    }

    /// The form `/r/SUB/api/flairtemplate_v2` takes, as PRAW sends it: the text, CSS class and
    /// the two flags always, the rest when set.
    var formFields: [String: String] {
        var form = [
            "text": text, "css_class": cssClass, "text_editable": String(textEditable), "mod_only": String(modOnly),
        ]
        if let backgroundColor { form["background_color"] = backgroundColor }
        if let textColor { form["text_color"] = textColor }
        if let allowableContent { form["allowable_content"] = allowableContent }
        if let maxEmojis { form["max_emojis"] = String(maxEmojis) }
        return form
    }
}
