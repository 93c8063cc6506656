import Courier

/// Settings to change on a multireddit (``Reddit/updateMultireddit(_:of:_:)``): only those set
/// are sent, the others keep their value.
public struct MultiredditChanges: Sendable, Hashable {
    /// The name shown to people (at most 50 characters).
    public var displayName: String?
    /// The subreddits, by name: the whole new list.
    public var subreddits: [String]?
    /// The description in Markdown.
    public var descriptionMarkdown: String?
    /// `private`, `public` or `hidden`.
    public var visibility: String?
    /// How posts are mixed: `classic` or `fresh`.
    public var weightingScheme: String?
    /// An icon name from Reddit's list (`art and design`, `ask`, `books`, ... `video`).
    public var iconName: String?
    /// A colour, `#RRGGBB`.
    public var keyColor: String?

    /// Changes to the settings given; nil leaves a setting as it is.
    public init(
        displayName: String? = nil, subreddits: [String]? = nil, descriptionMarkdown: String? = nil,
        visibility: String? = nil, weightingScheme: String? = nil, iconName: String? = nil, keyColor: String? = nil
    ) {
        self.displayName = displayName
        self.subreddits = subreddits
        self.descriptionMarkdown = descriptionMarkdown
        self.visibility = visibility
        self.weightingScheme = weightingScheme
        self.iconName = iconName
        self.keyColor = keyColor
    }

    /// The `model` document: the settings given, in Reddit's names.
    var model: [String: JSON] {
        var model: [String: JSON] = [:]
        if let displayName { model["display_name"] = .string(displayName) }
        if let subreddits { model["subreddits"] = Self.members(subreddits) }
        if let descriptionMarkdown { model["description_md"] = .string(descriptionMarkdown) }
        if let visibility { model["visibility"] = .string(visibility) }
        if let weightingScheme { model["weighting_scheme"] = .string(weightingScheme) }
        if let iconName { model["icon_name"] = .string(iconName) }
        if let keyColor { model["key_color"] = .string(keyColor) }
        return model
    }

    /// `[{"name": "swift"}, ...]`.
    static func members(_ subreddits: [String]) -> JSON { .array(subreddits.map { ["name": .string($0)] }) }
}
