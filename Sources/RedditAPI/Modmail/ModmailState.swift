/// A modmail folder (`state=`): which conversations to list.
public enum ModmailState: String, Sendable, Hashable, CaseIterable {
    /// Everything except moderator-only and archived conversations.
    case all
    /// Ban appeals.
    case appeals
    /// Archived conversations.
    case archived
    /// Reddit's default folder.
    case `default`
    /// Highlighted conversations.
    case highlighted
    /// New and in-progress conversations (appeals excluded).
    case inbox
    /// Conversations a moderator answered.
    case inProgress = "inprogress"
    /// Requests to join a private subreddit.
    case joinRequests = "join_requests"
    /// Conversations among moderators.
    case moderators = "mod"
    /// Conversations nobody answered yet.
    case new
    /// Reddit's notifications.
    case notifications
}

/// The order of a modmail folder (`sort=`).
public enum ModmailSort: String, Sendable, Hashable, CaseIterable {
    /// Latest moderator message first.
    case moderator = "mod"
    /// Latest activity first (Reddit's default).
    case recent
    /// Unread first.
    case unread
    /// Latest user message first.
    case user
}
