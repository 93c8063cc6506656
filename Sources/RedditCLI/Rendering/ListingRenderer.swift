package import Foundation
package import RedditAPI

/// Renders posts as aligned columns: score, comments, age, subreddit, title and domain.
package struct ListingRenderer: Sendable {
    package var style: TextStyle
    /// The terminal's width; nil never truncates (output to a pipe or file).
    package var width: Int?
    package var now: Date
    package var changes: LocalChanges

    package init(style: TextStyle, width: Int?, now: Date, changes: LocalChanges = LocalChanges()) {
        self.style = style
        self.width = width
        self.now = now
        self.changes = changes
    }

    /// The widths of the fixed columns, computed once per page so every line aligns.
    package struct Columns: Sendable {
        var score: Int
        var comments: Int
        var age: Int
        var subreddit: Int

        /// Columns taken before the title.
        var prefixWidth: Int { score + 2 + comments + 2 + age + 2 + subreddit + 2 }
    }

    private func score(of post: Link) -> Int {
        changes.score(post.name, recorded: post.score, recordedVote: post.likes)
    }

    /// Column widths fitted to `posts`.
    package func columns(for posts: [Link]) -> Columns {
        Columns(
            score: max(5, posts.map { TextLayout.compact(score(of: $0)).count }.max() ?? 0),
            comments: max(4, posts.map { TextLayout.compact($0.commentCount).count }.max() ?? 0),
            age: max(3, posts.map { TextLayout.age(of: $0.created, now: now).count }.max() ?? 0),
            subreddit: min(22, max(9, posts.map { TextLayout.width("r/" + $0.subreddit) }.max() ?? 0))
        )
    }

    /// The header line naming the columns.
    package func header(_ columns: Columns) -> String {
        let fixed =
            TextLayout.padLeft("SCORE", to: columns.score) + "  "
            + TextLayout.padLeft("CMTS", to: columns.comments) + "  "
            + TextLayout.padLeft("AGE", to: columns.age) + "  "
            + TextLayout.padRight("SUBREDDIT", to: columns.subreddit) + "  "
        // In a narrow window the title column is narrower than its label: cut the label, so the
        // header never wraps onto the next line.
        let room = width.map { max(1, $0 - TextLayout.width(fixed)) } ?? 5
        return style.dim(fixed + TextLayout.truncate("TITLE", to: room))
    }

    /// One post's line.
    package func line(_ post: Link, columns: Columns) -> String {
        let scoreText = TextLayout.padLeft(TextLayout.compact(score(of: post)), to: columns.score)
        let score: String
        switch changes.vote(post.name, recorded: post.likes) {
        case .up: score = style.yellow(scoreText)
        case .down: score = style.blue(scoreText)
        case .none: score = style.bold(scoreText)
        }
        var flags = ""
        if post.stickied { flags += "[pinned] " }
        if post.over18 { flags += "[nsfw] " }
        if changes.isSaved(post.name, recorded: post.saved) { flags += "[saved] " }
        let domain = "(\(post.domain))"
        var title = flags + post.title
        var showDomain = true
        if let width {
            let room = width - columns.prefixWidth
            let domainRoom = TextLayout.width(domain) + 2
            if TextLayout.width(title) + domainRoom > room {
                if room - domainRoom >= 20 {
                    title = TextLayout.truncate(title, to: room - domainRoom)
                } else {
                    showDomain = false
                    title = TextLayout.truncate(title, to: max(room, 1))
                }
            }
        }
        return score + "  "
            + TextLayout.padLeft(TextLayout.compact(post.commentCount), to: columns.comments) + "  "
            + TextLayout.padLeft(TextLayout.age(of: post.created, now: now), to: columns.age) + "  "
            + style.cyan(TextLayout.padRight("r/" + post.subreddit, to: columns.subreddit)) + "  "
            + (post.stickied ? style.green(title) : title)
            + (showDomain ? "  " + style.dim(domain) : "")
    }

    /// A page of posts, with a header and a hint for the next page.
    package func render(_ listing: Listing, nextPageCommand: String?) -> String {
        let posts = listing.links
        guard !posts.isEmpty else { return style.dim("(no posts)") + "\n" }
        let columns = columns(for: posts)
        var lines = [header(columns)]
        lines += posts.map { line($0, columns: columns) }
        if let after = listing.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after.rawValue)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
