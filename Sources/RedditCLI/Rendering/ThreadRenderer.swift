package import Foundation
package import RedditAPI

/// Renders a post's header and its comment tree: each level indented two columns, folded
/// threads and unloaded replies marked "N more replies".
package struct ThreadRenderer: Sendable {
    package var style: TextStyle
    /// Wrap width; nil wraps bodies at 100 columns.
    package var width: Int?
    package var now: Date
    package var changes: LocalChanges
    /// Reads posts' and comments' Markdown (plain text when cmark-gfm is missing).
    package var markdown: MarkdownParser

    package init(
        style: TextStyle, width: Int?, now: Date, changes: LocalChanges = LocalChanges(),
        markdown: MarkdownParser = MarkdownParser()
    ) {
        self.style = style
        self.width = width
        self.now = now
        self.changes = changes
        self.markdown = markdown
    }

    /// Whether a number key opens the text's links (browse), which the list's title then says.
    package var linksOpenByNumber = false

    /// Full names of the posts and comments whose spoilers are shown.
    package var revealedSpoilers: Set<String> = []

    private func textRenderer(for name: String) -> MarkdownRenderer {
        MarkdownRenderer(style: style, revealsSpoilers: revealedSpoilers.contains(name))
    }

    private var bodyWidth: Int { width ?? 100 }

    /// The post's title, metadata line, link and text.
    package func postHeader(_ post: Link) -> [String] {
        var lines = TextLayout.wrap(post.title, to: bodyWidth).map { style.bold($0) }
        let score = changes.score(post.name, recorded: post.score, recordedVote: post.likes)
        let saved = changes.isSaved(post.name, recorded: post.saved)
        let marks = Markers.post(post, saved: saved, showsArchived: true) + (Markers.linkFlair(post).map { [$0] } ?? [])
        let painter = Markers(style: style)
        lines += TextLayout.joinWrapping(marks.map(\.text), separator: " ", to: bodyWidth).map {
            painter.paint(marks, in: $0)
        }
        let author = "u/\(post.author)" + (Markers.authorFlair(post).map { " " + $0.text } ?? "")
        let vote: String =
            switch changes.vote(post.name, recorded: post.likes) {
            case .up: style.upMark + " "
            case .down: style.downMark + " "
            case .none: ""
            }
        let meta = [
            "r/\(post.subreddit)", author, vote + TextLayout.count(score, "point", "points"),
            TextLayout.count(post.commentCount, "comment", "comments"), TextLayout.age(of: post.created, now: now),
            post.domain,
        ]
        lines += TextLayout.joinWrapping(meta, separator: " · ", to: bodyWidth).map { style.dim($0) }
        if !post.isSelf, !post.url.isEmpty { lines.append(style.blue(post.url)) }
        if !post.selftext.isEmpty {
            lines.append("")
            let document = markdown.parse(post.selftext)
            let text = textRenderer(for: post.name.rawValue)
            let links = text.linkList(document, width: bodyWidth)
            lines += text.lines(document, width: bodyWidth, linksListed: !links.isEmpty)
            if !links.isEmpty {
                lines.append("")
                lines.append(style.dim(linksOpenByNumber ? "Links (press the number to open):" : "Links:"))
                lines += links
            }
        }
        lines.append(style.dim("id \(post.name.rawValue)"))
        return lines
    }

    /// The text lines of one row (a header line and the wrapped body for a comment).
    /// `hiddenBelow` counts replies left out by a depth limit.
    package func lines(for row: CommentRow, postAuthor: String, hiddenBelow: Int = 0) -> [String] {
        let indent = String(repeating: "  ", count: row.depth)
        switch row.content {
        case .comment(let comment):
            var header = style.bold(comment.author)
            let marks = Markers.comment(
                comment, isByPostAuthor: comment.author == postAuthor && comment.author != "[deleted]")
            if !marks.isEmpty { header += " " + Markers(style: style).render(marks) }
            let scoreText =
                comment.scoreHidden
                ? "score hidden"
                : TextLayout.count(
                    changes.score(comment.name, recorded: comment.score, recordedVote: comment.likes), "point", "points"
                )
            switch changes.vote(comment.name, recorded: comment.likes) {
            case .up: header += " · " + style.yellow(style.upMark + " " + scoreText)
            case .down: header += " · " + style.blue(style.downMark + " " + scoreText)
            case .none: header += style.dim(" · " + scoreText)
            }
            header += style.dim(" · " + TextLayout.age(of: comment.created, now: now))
            if changes.isSaved(comment.name, recorded: comment.saved) { header += style.dim(" · saved") }
            if row.isCollapsed {
                let hidden = row.hiddenCount
                let replies = hidden == 1 ? "1 reply" : "\(hidden) replies"
                return [indent + "[+] " + header + style.dim(hidden > 0 ? " (\(replies) hidden)" : " (folded)")]
            }
            var lines = [indent + header]
            let document = markdown.parse(comment.body)
            let width = max(20, bodyWidth - indent.count - 2)
            let text = textRenderer(for: comment.name.rawValue)
            lines +=
                (text.lines(document, width: width, linksListed: true) + text.linkList(document, width: width)).map {
                    TextLayout.indent($0, by: indent + "  ")
                }
            if hiddenBelow > 0 {
                lines.append(
                    indent + "  " + style.magenta("[+] \(hiddenBelow) more \(hiddenBelow == 1 ? "reply" : "replies")"))
            }
            return lines
        case .loadMore(let more) where more.id == OfflineCatalog.unrecordedMarker:
            return [
                indent
                    + style.magenta(
                        "[+] \(more.count) \(more.count == 1 ? "comment" : "comments") (not recorded for offline use)")
            ]
        case .loadMore(let more):
            return [indent + style.magenta("[+] \(more.count) more \(more.count == 1 ? "reply" : "replies")")]
        case .continueThread:
            return [indent + style.magenta("[→] continue this thread")]
        }
    }

    /// The rows to show with at most `maxDepth` levels, each with the number of replies the
    /// limit hides under it.
    package static func visibleRows(_ rows: [CommentRow], maxDepth: Int?) -> [(row: CommentRow, hiddenBelow: Int)] {
        guard let maxDepth else { return rows.map { ($0, 0) } }
        var result: [(row: CommentRow, hiddenBelow: Int)] = []
        for row in rows {
            if row.depth < maxDepth {
                result.append((row, 0))
            } else if !result.isEmpty {
                switch row.content {
                case .comment: result[result.count - 1].hiddenBelow += 1
                case .loadMore(let more): result[result.count - 1].hiddenBelow += more.count
                case .continueThread: break
                }
            }
        }
        return result
    }

    /// A whole thread, as `reddit comments` prints it.
    package func render(_ tree: CommentTree, maxDepth: Int?) -> String {
        var lines = postHeader(tree.link)
        lines.append(style.dim(String(repeating: "─", count: min(bodyWidth, 60))))
        let rows = Self.visibleRows(tree.rows, maxDepth: maxDepth)
        if rows.isEmpty { lines.append(style.dim("(no comments)")) }
        for (row, hidden) in rows {
            if row.depth == 0, case .comment = row.content { lines.append("") }
            lines += self.lines(for: row, postAuthor: tree.link.author, hiddenBelow: hidden)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
