/// A live thread contributor's permission (`update`, `edit`, `manage`, `settings`, `close`, or
/// another Reddit adds).
public struct LivePermission: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The permission's name as Reddit spells it.
    public var rawValue: String

    /// Wraps a permission name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a permission name written as a literal.
    public init(stringLiteral value: String) { rawValue = value }

    /// Posting updates.
    public static let update: LivePermission = "update"
    /// Striking and deleting other contributors' updates.
    public static let edit: LivePermission = "edit"
    /// Inviting, removing and changing contributors.
    public static let manage: LivePermission = "manage"
    /// Changing the thread's title, description and resources.
    public static let settings: LivePermission = "settings"
    /// Closing the thread.
    public static let close: LivePermission = "close"

    /// The `permissions` field as PRAW writes it: `+all` for nil (every permission), otherwise
    /// each granted one as `+name`, so an empty list grants none.
    static func field(_ granted: [LivePermission]?) -> String {
        guard let granted else { return "+all" }
        return granted.map { "+" + $0.rawValue }.joined(separator: ",")
    }
}
