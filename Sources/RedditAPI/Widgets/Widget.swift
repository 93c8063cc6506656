public import Courier
import Foundation

/// One of a subreddit's new-design widgets (`/r/SUB/api/widgets`): a text area, a button list,
/// a menu, the rules, the moderators, a calendar, a community list, an image, custom HTML...
///
/// Each kind has fields of its own (Reddit's API documentation lists them under
/// `POST /api/widget`), so a widget keeps every field as JSON under Reddit's names, with typed
/// accessors for those every kind has. Make one with ``init(kind:shortName:fields:)`` to create
/// it; change a listed one and send it to ``Reddit/updateWidget(_:in:)``.
///
/// ```swift
/// let note = Widget(kind: "textarea", shortName: "Welcome", fields: [
///     "text": "Read the **rules** first.",
///     "styles": ["backgroundColor": "#FFFF66", "headerColor": "#3333EE"],
/// ])
/// let created = try await reddit.send(Reddit.createWidget(note, in: "swift"))
/// ```
public struct Widget: Sendable, Hashable, Identifiable, Decodable {
    /// Every field, by Reddit's name (`kind`, `shortName`, `styles`, `data`, `text`...).
    public var fields: [String: JSON]

    /// A widget to create: its `kind` (`textarea`, `button`, `menu`, `community-list`,
    /// `calendar`, `image`, `custom`, `post-flair`...), its title and its other fields.
    public init(kind: String, shortName: String? = nil, fields: [String: JSON] = [:]) {
        self.fields = fields
        self.fields["kind"] = .string(kind)
        if let shortName { self.fields["shortName"] = .string(shortName) }
    }

    /// Decodes a widget object.
    public init(from decoder: any Decoder) throws {
        fields = try [String: JSON](from: decoder)
        guard fields["kind"]?.stringValue != nil else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a widget without a kind"))
        }
    }

    /// One field; nil removes it.
    public subscript(key: String) -> JSON? {
        get { fields[key] }
        set { fields[key] = newValue }
    }

    /// The widget's id (`widget_…`); empty for one not created yet.
    public var id: String { fields["id"]?.stringValue ?? "" }

    /// The kind (`textarea`, `menu`, `subreddit-rules`, `moderators`, `id-card`...).
    public var kind: String { fields["kind"]?.stringValue ?? "" }

    /// The title shown above it, when it has one.
    public var shortName: String? {
        get { fields["shortName"]?.stringValue }
        set { fields["shortName"] = newValue.map(JSON.string) }
    }

    /// Its colours (`backgroundColor`, `headerColor`), when set.
    public var styles: [String: String]? {
        get { fields["styles"]?.objectValue?.compactMapValues(\.stringValue) }
        set { fields["styles"] = newValue.map { JSON.object($0.mapValues(JSON.string)) } }
    }
}

/// Where widgets are shown, for ``Reddit/reorderWidgets(_:in:of:)``.
public enum WidgetSection: String, Sendable, Hashable, CaseIterable {
    /// The sidebar.
    case sidebar
    /// The bar above the posts (menus).
    case topbar
}
