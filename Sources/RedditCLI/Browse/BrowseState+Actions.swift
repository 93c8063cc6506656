import Foundation
import RedditAPI

/// The reader's actions beyond moving and opening: scrolling inside tall items, opening and
/// copying links, and switching the listing (subreddit, sort, time range, refresh).
extension BrowseState {
    /// The listing the post list on top shows (the front page when it is a search).
    var currentListing: ListingOptions {
        for screen in stack.reversed() {
            if case .posts(let list) = screen, let listing = list.listing { return listing }
        }
        return ListingOptions()
    }

    /// `j`/`k` inside an item taller than the window: the view moves by a line while the
    /// selected item's other end is off screen; nil when the key should move the selection.
    mutating func scrollInsideItem(_ key: Key) -> Effect?? {
        guard case .thread(let thread) = current, itemLines.indices.contains(thread.selected + 1) else { return nil }
        let item = itemLines[thread.selected + 1]
        switch key {
        case .down, .character("j"):
            guard item.upperBound > threadTop + pageSize else { return nil }
            threadTop += 1
            return .some(nil)
        case .up, .character("k"):
            guard item.lowerBound < threadTop else { return nil }
            threadTop -= 1
            return .some(nil)
        default:
            return nil
        }
    }

    /// The selected post (on a list, or the open post).
    var selectedPost: Link? {
        switch current {
        case .posts(let list): list.posts.indices.contains(list.selected) ? list.posts[list.selected] : nil
        case .thread(let thread): thread.tree.link
        case .inbox, .message, .moderation, .subreddits: nil
        }
    }

    /// The links of the selected text, numbered as the screen shows them: the selected comment's
    /// in a thread (the post's when the post is selected), the message's when one is open, else
    /// the selected post's.
    var selectedLinks: [String] {
        var text = selectedPost?.selftext ?? ""
        if case .thread(let thread) = current, thread.rows.indices.contains(thread.selected) {
            guard case .comment(let comment) = thread.rows[thread.selected].content else { return [] }
            text = comment.body
        }
        if case .message(let message) = current { text = message.body }
        return MarkdownParser().parse(text).links.map(\.url)
    }

    /// Shows the selected post's or comment's spoilers, or hides them again.
    mutating func toggleSpoilers() {
        var name = selectedPost?.name.rawValue
        if case .thread(let thread) = current, thread.rows.indices.contains(thread.selected) {
            guard case .comment(let comment) = thread.rows[thread.selected].content else { return }
            name = comment.name.rawValue
        }
        guard let name else { return }
        if revealedSpoilers.remove(name) == nil {
            revealedSpoilers.insert(name)
            status = "spoilers shown (x hides them)"
        } else {
            status = "spoilers hidden"
        }
    }

    /// The selected thing's permalink on reddit.com.
    var selectedPermalink: String? {
        if case .thread(let thread) = current, thread.rows.indices.contains(thread.selected),
            case .comment(let comment) = thread.rows[thread.selected].content
        {
            return
                "https://www.reddit.com/r/\(thread.tree.link.subreddit)/comments/\(thread.tree.link.id)/_/\(comment.id)/"
        }
        if let message = selectedMessage {
            return message.context.map { "https://www.reddit.com" + $0 }
                ?? "https://www.reddit.com/message/messages/\(message.id)"
        }
        if let message = selectedMessage {
            return message.context.map { "https://www.reddit.com" + $0 }
                ?? "https://www.reddit.com/message/messages/\(message.id)"
        }
        guard let post = selectedPost else { return nil }
        return post.permalink.isEmpty
            ? "https://www.reddit.com/comments/\(post.id)/" : "https://www.reddit.com" + post.permalink
    }

    mutating func openLink() -> Effect? {
        guard let post = selectedPost else { return selectedPermalink.map(Effect.open) }
        let media = PostMedia.items(of: post)
        if !media.isEmpty { return .openMedia(media, page: post.url) }
        if !post.isSelf, !post.url.isEmpty { return .open(post.url) }
        if let first = MarkdownParser().parse(post.selftext).links.first { return .open(first.url) }
        return selectedPermalink.map(Effect.open)
    }

    mutating func copyPermalink() -> Effect? {
        selectedPermalink.map(Effect.copy)
    }

    mutating func refresh() -> Effect? {
        guard isPostList else { return nil }
        var listing = currentListing
        listing.page = PageOptions()
        return .show(listing)
    }

    mutating func changeSort(_ index: Int) -> Effect? {
        let sorts: [ListingOrder] = [.hot, .new, .rising, .top, .controversial]
        var listing = currentListing
        listing.sort = sorts[index]
        listing.page = PageOptions()
        if listing.sort != .top && listing.sort != .controversial { listing.time = nil }
        return .show(listing)
    }

    /// Cycles the time range of a top or controversial list: day, week, month, year, all, hour.
    mutating func changeTime() -> Effect? {
        var listing = currentListing
        guard isPostList, listing.sort == .top || listing.sort == .controversial else {
            status = "t changes the time range of top (4) and controversial (5)"
            return nil
        }
        let ranges: [TimeRange] = [.day, .week, .month, .year, .all, .hour]
        let now = ranges.firstIndex(of: listing.time ?? .day) ?? 0
        listing.time = ranges[(now + 1) % ranges.count]
        listing.page = PageOptions()
        return .show(listing)
    }
}
