/// How a moderator's post or comment is marked (`/api/distinguish`, `how=`).
public enum Distinction: String, Sendable, Hashable {
    /// As made by a moderator, with the green `[M]` (`yes`).
    case moderator = "yes"
    /// No mark (`no`); also unstickies a stickied comment.
    case none = "no"
    /// As made by an administrator (admins only).
    case admin
    /// Reddit's special mark (for accounts that have one).
    case special
}

/// How a removal message reaches the author (`type` of the removal message endpoints).
public enum RemovalMessageType: String, Sendable, Hashable {
    /// A stickied, distinguished comment under the removed item (`public`).
    case publicComment = "public"
    /// A modmail message with the moderator's name hidden (`private`).
    case privateMessage = "private"
    /// A modmail message showing the moderator's name (`private_exposed`).
    case privateMessageShowingModerator = "private_exposed"
}
