package import Foundation
package import RedditAPI

/// Renders the smaller pages: a user's profile items, a subreddit's about page, an account and
/// a subscription list.
package struct DetailRenderer: Sendable {
    package var style: TextStyle
    package var width: Int?
    package var now: Date
    /// Reads comments' Markdown (plain text when cmark-gfm is missing).
    package var markdown = MarkdownParser()

    package init(style: TextStyle, width: Int?, now: Date) {
        self.style = style
        self.width = width
        self.now = now
    }

    /// A user's overview, posts, comments or saved items, in Reddit's order.
    package func render(profile listing: Listing, nextPageCommand: String?) -> String {
        guard !listing.children.isEmpty else { return style.dim("(nothing here)") + "\n" }
        let renderer = ListingRenderer(style: style, width: width.map { $0 - 9 }, now: now)
        let columns = renderer.columns(for: listing.links)
        var lines: [String] = []
        for thing in listing.children {
            switch thing {
            case .link(let post):
                for (offset, line) in renderer.lines(post, columns: columns).enumerated() {
                    lines.append((offset == 0 ? style.dim("post     ") : "         ") + line)
                }
            case .comment(let comment):
                let on = comment.linkTitle.map { " · on \"\($0)\"" } ?? ""
                let marks = Markers.comment(comment, isByPostAuthor: false)
                let head =
                    "comment  " + (marks.isEmpty ? "" : marks.map(\.text).joined(separator: " ") + " · ")
                    + "\(TextLayout.count(comment.score, "point", "points")) · \(TextLayout.age(of: comment.created, now: now)) · r/\(comment.subreddit)\(on)"
                let painter = Markers(style: style)
                lines.append(
                    painter.paint(marks, in: style.dim(width.map { TextLayout.truncate(head, to: $0) } ?? head)))
                // The comment's Markdown, as the thread view shows it (its first lines only).
                let body = MarkdownRenderer(style: style).lines(
                    markdown.parse(comment.body), width: max(20, (width ?? 100) - 9))
                lines += body.prefix(4).map { TextLayout.indent($0, by: "         ") }
                if body.count > 4 { lines.append("         " + style.dim("…")) }
            default:
                continue
            }
        }
        if let after = listing.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after.rawValue)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A subreddit's about page.
    package func render(subreddit: Subreddit) -> String {
        var lines = [
            style.bold("r/\(subreddit.displayName)") + (subreddit.title.isEmpty ? "" : " · " + subreddit.title)
        ]
        var numbers: [String] = []
        if let subscribers = subreddit.subscribers { numbers.append("\(TextLayout.compact(subscribers)) subscribers") }
        if let active = subreddit.activeUsers { numbers.append("\(TextLayout.compact(active)) online") }
        numbers.append("created \(TextLayout.age(of: subreddit.created, now: now)) ago")
        if subreddit.over18 { numbers.append("nsfw") }
        if !numbers.isEmpty { lines.append(style.dim(numbers.joined(separator: " · "))) }
        if !subreddit.publicDescription.isEmpty {
            lines.append("")
            lines += TextLayout.wrap(subreddit.publicDescription, to: width ?? 100)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An account's name and karma.
    package func render(account: Account) -> String {
        var parts = [
            "\(TextLayout.compact(account.linkKarma)) post karma",
            "\(TextLayout.compact(account.commentKarma)) comment karma",
        ]
        parts.append("redditor for \(TextLayout.age(of: account.created, now: now))")
        return style.bold("u/\(account.name)") + "\n" + style.dim(parts.joined(separator: " · ")) + "\n"
    }

    /// Subscriptions, one a line, with subscriber counts aligned.
    package func render(subscriptions: [Subreddit]) -> String {
        guard !subscriptions.isEmpty else { return style.dim("(no subscriptions)") + "\n" }
        let nameWidth = subscriptions.map { TextLayout.width("r/" + $0.displayName) }.max() ?? 0
        return subscriptions.map { sub in
            let count = sub.subscribers.map { TextLayout.compact($0) } ?? "?"
            let line =
                style.cyan(TextLayout.padRight("r/" + sub.displayName, to: nameWidth)) + "  "
                + TextLayout.padLeft(count, to: 6) + "  " + sub.title
            return line
        }.joined(separator: "\n") + "\n"
    }
}
