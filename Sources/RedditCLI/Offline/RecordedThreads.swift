/// The first screen offline: the front page's hot order holds the posts whose comment pages
/// were recorded (see `Scripts/build-offline-cassette.py`), so it is named for what it is, not
/// shown as Reddit's front page of some day.
enum RecordedThreads {
    /// The name of the offline first screen in the browser's title bar.
    static let title = "recorded threads (offline demo)"
    /// The line above the listing the commands print.
    static let heading =
        "Recorded threads (offline demo): each post opens onto its recorded comments; not a Reddit front page."

    /// Whether `listing`, offline, is the recorded threads: the front page in its hot order.
    static func isShown(by listing: ListingOptions, offline: Bool) -> Bool {
        offline && listing.subreddit == nil && listing.sort == .hot && listing.page.after == nil
    }
}
