import Foundation

/// Renders posts as aligned columns: score, comments, age, subreddit, title and domain.
package struct ListingRenderer: Sendable {
    package var style: TextStyle
    /// The terminal's width; nil never truncates (output to a pipe or file).
    package var width: Int?
    package var now: Date

    package init(style: TextStyle, width: Int?, now: Date) {
        self.style = style
        self.width = width
        self.now = now
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

    /// Column widths fitted to `posts`.
    package func columns(for posts: [PostSummary]) -> Columns {
        Columns(
            score: max(5, posts.map { TextLayout.compact($0.score).count }.max() ?? 0),
            comments: max(4, posts.map { TextLayout.compact($0.commentCount).count }.max() ?? 0),
            age: max(3, posts.map { TextLayout.age(of: $0.created, now: now).count }.max() ?? 0),
            subreddit: min(22, max(9, posts.map { TextLayout.width("r/" + $0.subreddit) }.max() ?? 0))
        )
    }

    /// The header line naming the columns.
    package func header(_ columns: Columns) -> String {
        style.dim(
            TextLayout.padLeft("SCORE", to: columns.score) + "  "
                + TextLayout.padLeft("CMTS", to: columns.comments) + "  "
                + TextLayout.padLeft("AGE", to: columns.age) + "  "
                + TextLayout.padRight("SUBREDDIT", to: columns.subreddit) + "  TITLE"
        )
    }

    /// One post's line.
    package func line(_ post: PostSummary, columns: Columns) -> String {
        let scoreText = TextLayout.padLeft(TextLayout.compact(post.score), to: columns.score)
        let score: String
        switch post.likes {
        case true?: score = style.yellow(scoreText)
        case false?: score = style.blue(scoreText)
        case nil: score = style.bold(scoreText)
        }
        var flags = ""
        if post.isStickied { flags += "[pinned] " }
        if post.isNSFW { flags += "[nsfw] " }
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
            + (post.isStickied ? style.green(title) : title)
            + (showDomain ? "  " + style.dim(domain) : "")
    }

    /// A page of posts, with a header and a hint for the next page.
    package func render(_ page: PostPage, nextPageCommand: String?) -> String {
        guard !page.posts.isEmpty else { return style.dim("(no posts)") + "\n" }
        let columns = columns(for: page.posts)
        var lines = [header(columns)]
        lines += page.posts.map { line($0, columns: columns) }
        if let after = page.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
