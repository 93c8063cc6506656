import Foundation

/// Renders a post's header and its comment tree: each level indented two columns, folded
/// threads and unloaded replies marked "N more replies".
package struct ThreadRenderer: Sendable {
    package var style: TextStyle
    /// Wrap width; nil uses 100 columns for bodies.
    package var width: Int?
    package var now: Date

    package init(style: TextStyle, width: Int?, now: Date) {
        self.style = style
        self.width = width
        self.now = now
    }

    private var bodyWidth: Int { width ?? 100 }

    /// The post's title, metadata line, link and text.
    package func postHeader(_ post: PostSummary) -> [String] {
        var lines = TextLayout.wrap(post.title, to: bodyWidth).map { style.bold($0) }
        var meta = ["r/\(post.subreddit)", "u/\(post.author)", "\(TextLayout.compact(post.score)) points",
                    "\(post.commentCount) comments", TextLayout.age(of: post.created, now: now), post.domain]
        if post.isNSFW { meta.append("nsfw") }
        if post.isSaved { meta.append("saved") }
        lines.append(style.dim(meta.joined(separator: " · ")))
        if !post.isSelf, !post.url.isEmpty { lines.append(style.blue(post.url)) }
        if !post.selfText.isEmpty {
            lines.append("")
            lines += TextLayout.wrap(post.selfText, to: bodyWidth)
        }
        lines.append(style.dim("id \(post.fullname)"))
        return lines
    }

    /// The text lines of one row (a header line and the wrapped body for a comment).
    package func lines(for row: CommentRow) -> [String] {
        let indent = String(repeating: "  ", count: row.depth)
        switch row.kind {
        case .comment(let comment, let hidden, let isCollapsed):
            var header = style.bold(comment.author)
            if comment.isSubmitter { header += " " + style.blue("(OP)") }
            if comment.isStickied { header += " " + style.green("[pinned]") }
            let scoreText = "\(TextLayout.compact(comment.score)) points"
            switch comment.likes {
            case true?: header += " · " + style.yellow(scoreText)
            case false?: header += " · " + style.blue(scoreText)
            case nil: header += style.dim(" · " + scoreText)
            }
            header += style.dim(" · " + TextLayout.age(of: comment.created, now: now))
            if comment.isSaved { header += style.dim(" · saved") }
            let marker = isCollapsed ? "[+] " : ""
            if isCollapsed {
                let replies = hidden == 1 ? "1 reply" : "\(hidden) replies"
                return [indent + marker + header + style.dim(hidden > 0 ? " (\(replies) hidden)" : " (folded)")]
            }
            var lines = [indent + header]
            let body = TextLayout.wrap(comment.body, to: max(20, bodyWidth - indent.count - 2))
            lines += body.map { indent + "  " + $0 }
            if hidden > 0 {
                lines.append(indent + "  " + style.magenta("[+] \(hidden) more \(hidden == 1 ? "reply" : "replies")"))
            }
            return lines
        case .more(_, _, let count, _):
            return [indent + style.magenta("[+] \(count) more \(count == 1 ? "reply" : "replies")")]
        case .continueThread:
            return [indent + style.magenta("[→] continue this thread")]
        }
    }

    /// A whole thread, as `reddit comments` prints it.
    package func render(_ thread: PostThread, maxDepth: Int?) -> String {
        var lines = postHeader(thread.post)
        lines.append(style.dim(String(repeating: "─", count: min(bodyWidth, 60))))
        let rows = CommentRows.flatten(thread.comments, maxDepth: maxDepth)
        if rows.isEmpty { lines.append(style.dim("(no comments)")) }
        for row in rows {
            if row.depth == 0, lines.count > 0, case .comment = row.kind { lines.append("") }
            lines += self.lines(for: row)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
