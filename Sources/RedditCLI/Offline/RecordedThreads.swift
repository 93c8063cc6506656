import Foundation

/// The first screen offline: the front page's hot order holds the posts whose comment pages
/// were recorded (see `Scripts/build-offline-cassette.py`) or synced (`reddit sync`), so it is
/// named for what it is, not shown as Reddit's front page of some day.
enum RecordedThreads {
    /// The name of the demo's first screen in the browser's title bar.
    static let title = "recorded threads (offline demo)"
    /// The line above the demo's listing the commands print.
    static let heading =
        "Recorded threads (offline demo): each post opens onto its recorded comments; not a Reddit front page."

    /// The first screen's name in the browser's title bar (the source label beside it says
    /// when they were synced).
    static func title(_ source: OfflineSource) -> String {
        source.syncedAt == nil ? title : "synced threads"
    }

    /// The line above the first screen's listing the commands print.
    static func heading(_ source: OfflineSource, now: Date) -> String {
        guard case .synced(let date, let subreddits) = source, let age = source.age(now: now) else { return heading }
        let places = subreddits.map { "r/" + $0 }.joined(separator: ", ")
        return "Synced threads (\(age), \(OfflineSource.timestamp(date))) of \(places):"
            + " each post opens onto the comments reddit sync fetched."
    }

    /// Whether `listing`, offline, is the recorded threads: the front page in its hot order.
    static func isShown(by listing: ListingOptions, offline: Bool) -> Bool {
        offline && listing.subreddit == nil && listing.sort == .hot && listing.page.after == nil
    }
}
