public import Courier
import Foundation

/// What you do to items of your inbox besides reading them: collapse them, mute the one who
/// sent them, unblock a subreddit that messaged you. ``Inbox`` batches the calls that
/// take many items.
extension Reddit {
    /// The most items `/api/read_message`, `/api/unread_message`, `/api/collapse_message` and
    /// `/api/uncollapse_message` take in one call; ``Inbox`` splits longer lists.
    public static let inboxBatchLimit = 25

    /// Collapses messages in the inbox view, or expands them again (`/api/collapse_message`,
    /// `/api/uncollapse_message`), at most ``inboxBatchLimit``.
    public static func setCollapsed(_ ids: [Fullname], _ collapsed: Bool) -> Request<Void> {
        post(
            collapsed ? "/api/collapse_message" : "/api/uncollapse_message",
            ["id": ids.map(\.rawValue).joined(separator: ",")])
    }

    /// Mutes the sender of a message to a subreddit you moderate (`/api/mute_message_author`):
    /// they cannot message its moderators for 72 hours. New modmail mutes with
    /// ``muteModmailUser(in:days:)``.
    public static func muteAuthor(of message: Fullname) -> Request<Void> {
        post("/api/mute_message_author", ["id": message.rawValue])
    }

    /// Unmutes the sender of a message to a subreddit you moderate (`/api/unmute_message_author`).
    public static func unmuteAuthor(of message: Fullname) -> Request<Void> {
        post("/api/unmute_message_author", ["id": message.rawValue])
    }

    /// Lets the subreddit that sent `message` message you again after you blocked it
    /// (`/api/unblock_subreddit`).
    public static func unblockSubreddit(of message: Fullname) -> Request<Void> {
        post("/api/unblock_subreddit", ["id": message.rawValue])
    }
}
