import Foundation

/// Renders the smaller pages: a user's profile items, a subreddit's about page, an account and
/// a subscription list.
package struct DetailRenderer: Sendable {
    package var style: TextStyle
    package var width: Int?
    package var now: Date

    package init(style: TextStyle, width: Int?, now: Date) {
        self.style = style
        self.width = width
        self.now = now
    }

    /// A user's overview, posts, comments or saved items, newest structure first as Reddit sent them.
    package func render(profile items: [ProfileItem], after: String?, nextPageCommand: String?) -> String {
        guard !items.isEmpty else { return style.dim("(nothing here)") + "\n" }
        let listing = ListingRenderer(style: style, width: width, now: now)
        let posts = items.compactMap { if case .post(let post) = $0 { post } else { nil } }
        let columns = listing.columns(for: posts)
        var lines: [String] = []
        for item in items {
            switch item {
            case .post(let post):
                lines.append(style.dim("post     ") + listing.line(post, columns: columns))
            case .comment(let comment, let title, let subreddit):
                let head = "comment  \(TextLayout.compact(comment.score)) points · \(TextLayout.age(of: comment.created, now: now)) · r/\(subreddit) · on \"\(title)\""
                lines.append(style.dim(width.map { TextLayout.truncate(head, to: $0) } ?? head))
                let body = TextLayout.wrap(comment.body, to: max(20, (width ?? 100) - 9))
                lines += body.prefix(4).map { "         " + $0 }
                if body.count > 4 { lines.append("         " + style.dim("…")) }
            }
        }
        if let after, let nextPageCommand { lines.append(style.dim("more: \(nextPageCommand) --after \(after)")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A subreddit's about page.
    package func render(subreddit: SubredditSummary) -> String {
        var lines = [style.bold("r/\(subreddit.name)") + (subreddit.title.isEmpty ? "" : " · " + subreddit.title)]
        var numbers: [String] = []
        if let subscribers = subreddit.subscribers { numbers.append("\(TextLayout.compact(subscribers)) subscribers") }
        if let active = subreddit.activeUsers { numbers.append("\(TextLayout.compact(active)) online") }
        if let created = subreddit.created { numbers.append("created \(TextLayout.age(of: created, now: now)) ago") }
        if subreddit.isNSFW { numbers.append("nsfw") }
        if !numbers.isEmpty { lines.append(style.dim(numbers.joined(separator: " · "))) }
        if !subreddit.publicDescription.isEmpty {
            lines.append("")
            lines += TextLayout.wrap(subreddit.publicDescription, to: width ?? 100)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An account's name and karma.
    package func render(account: AccountSummary) -> String {
        var parts = ["\(TextLayout.compact(account.linkKarma)) post karma", "\(TextLayout.compact(account.commentKarma)) comment karma"]
        if let created = account.created { parts.append("redditor for \(TextLayout.age(of: created, now: now))") }
        return style.bold("u/\(account.name)") + "\n" + style.dim(parts.joined(separator: " · ")) + "\n"
    }

    /// Subscriptions, one a line, with subscriber counts aligned.
    package func render(subscriptions: [SubredditSummary]) -> String {
        guard !subscriptions.isEmpty else { return style.dim("(no subscriptions)") + "\n" }
        let nameWidth = subscriptions.map { TextLayout.width("r/" + $0.name) }.max() ?? 0
        return subscriptions.map { sub in
            let count = sub.subscribers.map { TextLayout.compact($0) } ?? "?"
            let line = style.cyan(TextLayout.padRight("r/" + sub.name, to: nameWidth)) + "  "
                + TextLayout.padLeft(count, to: 6) + "  " + sub.title
            return line
        }.joined(separator: "\n") + "\n"
    }
}
