import Foundation
import RedditAPI

/// The subscriptions screen: one subreddit a line, with its subscribers and title.
extension BrowseScreen {
    /// The lines and the selected line's index.
    func subredditLines(_ list: SubredditList) -> ([String], Int) {
        guard !list.subreddits.isEmpty else { return ([style.dim("  (no subscriptions)")], 0) }
        let nameWidth = min(24, list.subreddits.map { TextLayout.width("r/" + $0.displayName) }.max() ?? 0)
        let lines = list.subreddits.enumerated().map { index, subreddit in
            let count = subreddit.subscribers.map { TextLayout.compact($0) } ?? "?"
            let line =
                TextLayout.padRight("r/" + subreddit.displayName, to: nameWidth) + "  "
                + TextLayout.padLeft(count, to: 6) + "  " + subreddit.title
            let shown = TextLayout.truncate(line, to: columns - 2)
            return (index == list.selected ? style.bold(style.yellow("> ")) : "  ") + shown
        }
        return (lines, list.selected)
    }
}
