/// A user's flair in a subreddit (`/r/SUB/api/flairlist`), and one line of
/// ``Reddit/setUserFlairs(_:in:)``.
public struct UserFlair: Sendable, Hashable, Decodable {
    /// The user's name.
    public var user: String
    /// The flair's text; nil or empty for none.
    public var text: String?
    /// The flair's CSS class; nil or empty for none.
    public var cssClass: String?

    /// A user's flair.
    public init(user: String, text: String? = nil, cssClass: String? = nil) {
        self.user = user
        self.text = text
        self.cssClass = cssClass
    }

    private enum CodingKeys: String, CodingKey {
        case user
        case text = "flair_text"
        case cssClass = "flair_css_class"
    }
}
