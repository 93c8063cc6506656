public import Foundation

/// A multireddit (kind `LabeledMulti`): a named set of subreddits.
public struct Multi: Sendable, Hashable, Identifiable, Codable {
    /// The name used in its path.
    public var name: String
    /// The name shown to people.
    public var displayName: String
    /// Its path (`/user/NAME/m/MULTI`); unique, so it is the id.
    public var path: String
    /// The description in Markdown.
    public var descriptionMarkdown: String
    /// The subreddits' names.
    public var subreddits: [String]
    /// `private`, `public` or `hidden`.
    public var visibility: String
    /// When it was created.
    public var created: Date
    /// Whether the signed-in user may edit it.
    public var canEdit: Bool
    /// The path of the multireddit it was copied from, if any.
    public var copiedFrom: String?
    /// Its colour (`#cee3f8`), when set.
    public var keyColor: String?
    /// Its icon, when set.
    public var iconURL: String?
    /// How its posts are mixed: `classic` or `fresh`, when sent.
    public var weightingScheme: String?

    /// The owner's username, read from ``path`` (`/user/NAME/m/MULTI`).
    public var owner: String? {
        let parts = path.split(separator: "/")
        return parts.count >= 2 && parts[0] == "user" ? String(parts[1]) : nil
    }

    /// The path.
    public var id: String { path }

    private enum CodingKeys: String, CodingKey {
        case name
        case displayName = "display_name"
        case path
        case descriptionMarkdown = "description_md"
        case subreddits, visibility
        case created = "created_utc"
        case canEdit = "can_edit"
        case copiedFrom = "copied_from"
        case keyColor = "key_color"
        case iconURL = "icon_url"
        case weightingScheme = "weighting_scheme"
    }

    private struct Member: Codable { var name: String }

    /// Decodes a multireddit's `data` object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        displayName = try c.value(.displayName, or: name)
        path = try c.decode(String.self, forKey: .path)
        descriptionMarkdown = try c.value(.descriptionMarkdown, or: "")
        subreddits = try c.value(.subreddits, or: [Member]()).map(\.name)
        visibility = try c.value(.visibility, or: "private")
        created = try c.date(.created) ?? Date(timeIntervalSince1970: 0)
        canEdit = try c.value(.canEdit, or: false)
        copiedFrom = try c.decodeIfPresent(String.self, forKey: .copiedFrom)
        keyColor = try c.decodeIfPresent(String.self, forKey: .keyColor).flatMap { $0.isEmpty ? nil : $0 }
        iconURL = try c.decodeIfPresent(String.self, forKey: .iconURL)
        weightingScheme = try c.decodeIfPresent(String.self, forKey: .weightingScheme)
    }

    /// Encodes the fields this type keeps, in Reddit's shape.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(path, forKey: .path)
        try c.encode(descriptionMarkdown, forKey: .descriptionMarkdown)
        try c.encode(subreddits.map(Member.init), forKey: .subreddits)
        try c.encode(visibility, forKey: .visibility)
        try c.encode(created.timeIntervalSince1970, forKey: .created)
        try c.encode(canEdit, forKey: .canEdit)
        try c.encodeIfPresent(copiedFrom, forKey: .copiedFrom)
        try c.encodeIfPresent(keyColor, forKey: .keyColor)
        try c.encodeIfPresent(iconURL, forKey: .iconURL)
        try c.encodeIfPresent(weightingScheme, forKey: .weightingScheme)
    }
}
