/// A subreddit's moderation queues (`/r/SUB/about/QUEUE`). Use `mod` as the subreddit for every
/// subreddit you moderate at once.
public enum ModerationQueue: String, Sendable, Hashable, CaseIterable {
    /// Items waiting for a decision: reported or caught by the spam filter (`modqueue`).
    case modQueue = "modqueue"
    /// Reported items (`reports`).
    case reports
    /// Removed items and items caught by the spam filter (`spam`).
    case spam
    /// Recently edited items (`edited`).
    case edited
    /// Posts no moderator has approved or removed yet (`unmoderated`; posts only).
    case unmoderated
}

/// Which items of a moderation queue to list (`only=`).
public enum ModerationItems: String, Sendable, Hashable {
    /// Posts only (`links`; PRAW calls them submissions).
    case posts = "links"
    /// Comments only (`comments`).
    case comments
}
