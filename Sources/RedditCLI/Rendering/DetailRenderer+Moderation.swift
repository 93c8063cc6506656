import Foundation
package import RedditAPI

/// What moderators read: a queue (one item a line, with the fullname to act on), the
/// moderation log, modmail conversations and a wiki page.
extension DetailRenderer {
    /// A queue's posts and comments, newest as Reddit ordered them: fullname, kind, age, author
    /// and subreddit in columns as wide as the page's widest, then the title or the start of the
    /// comment; under an item with reports, its reports (`details`, by fullname, read from the
    /// listing's JSON), as the browser shows them.
    package func render(
        queue listing: Listing, details: [Fullname: ModerationDetails] = [:], nextPageCommand: String?
    ) -> String {
        typealias Row = (name: Fullname, kind: String, age: String, author: String, subreddit: String, text: String)
        let rows = listing.children.compactMap { thing -> Row? in
            switch thing {
            case .link(let post):
                (
                    post.name, "post", TextLayout.age(of: post.created, now: now), "u/\(post.author)",
                    "r/\(post.subreddit)", post.title
                )
            case .comment(let comment):
                (
                    comment.name, "comment", TextLayout.age(of: comment.created, now: now), "u/\(comment.author)",
                    "r/\(comment.subreddit)", comment.body.replacingOccurrences(of: "\n", with: " ")
                )
            default: nil
            }
        }
        guard !rows.isEmpty else { return style.dim("(the queue is empty)") + "\n" }
        func widest(_ texts: [String], atMost limit: Int) -> Int { min(limit, texts.map(TextLayout.width).max() ?? 0) }
        let ages = widest(rows.map(\.age), atMost: 4)
        let authors = widest(rows.map(\.author), atMost: 24)
        let subreddits = widest(rows.map(\.subreddit), atMost: 24)
        let reports = ModQueueRenderer(style: style, width: width ?? 120, now: now)
        var lines: [String] = []
        for row in rows {
            let head =
                TextLayout.padRight(row.name.rawValue, to: 11) + "  " + TextLayout.padRight(row.kind, to: 7) + "  "
                + TextLayout.padLeft(row.age, to: ages) + "  " + TextLayout.padRight(row.author, to: authors) + "  "
                + TextLayout.padRight(row.subreddit, to: subreddits) + "  "
            let room = max(20, (width ?? 120) - TextLayout.width(head))
            lines.append(style.dim(head) + TextLayout.truncate(row.text, to: room))
            if let text = details[row.name].flatMap(reports.reports) {
                let indent = String(repeating: " ", count: 13)
                lines.append(indent + style.yellow(TextLayout.truncate(text, to: max(20, (width ?? 120) - 13))))
            }
        }
        if let after = listing.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after.rawValue)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The log's entries: age, moderator, action, and what it acted on.
    package func render(log: ItemListing<ModAction>, nextPageCommand: String?) -> String {
        guard !log.items.isEmpty else { return style.dim("(no log entries)") + "\n" }
        var lines = log.items.map { action in
            let target = [
                action.targetFullname?.rawValue, action.targetAuthor.map { "u/\($0)" },
                action.targetTitle ?? action.targetBody.map { $0.replacingOccurrences(of: "\n", with: " ") },
                action.details, action.description,
            ].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "  ")
            let head =
                TextLayout.padLeft(TextLayout.age(of: action.created, now: now), to: 3) + "  u/\(action.moderator)  "
                + style.bold(action.action) + "  r/\(action.subreddit)  "
            return head
                + (width.map { TextLayout.truncate(target, to: max(20, $0 - TextLayout.width(head))) } ?? target)
        }
        if let after = log.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Conversations one a line: unread mark, age, id (for `modmail reply`), subreddit,
    /// participant, subject and the number of messages.
    package func render(conversations: [ModmailConversation]) -> String {
        guard !conversations.isEmpty else { return style.dim("(no conversations)") + "\n" }
        func age(_ conversation: ModmailConversation) -> String {
            conversation.lastUpdated.map { TextLayout.age(of: $0, now: now) } ?? "-"
        }
        func who(_ conversation: ModmailConversation) -> String {
            conversation.participant.map { "u/\($0.name)" } ?? (conversation.isInternal ? "moderators" : "-")
        }
        func widest(_ texts: [String]) -> Int { min(24, texts.map(TextLayout.width).max() ?? 0) }
        let ages = widest(conversations.map(age))
        let ids = widest(conversations.map(\.id))
        let subreddits = widest(conversations.map { "r/\($0.subreddit)" })
        let people = widest(conversations.map(who))
        return conversations.map { conversation in
            let mark = conversation.lastUnread != nil ? style.bold("*") : " "
            return
                "\(mark) \(TextLayout.padLeft(age(conversation), to: ages))  "
                + "\(TextLayout.padRight(conversation.id, to: ids))  "
                + "\(TextLayout.padRight("r/\(conversation.subreddit)", to: subreddits))  "
                + "\(TextLayout.padRight(who(conversation), to: people))  "
                + style.bold(conversation.subject) + "  "
                + style.dim(TextLayout.count(conversation.messageCount, "message", "messages"))
        }.joined(separator: "\n") + "\n"
    }

    /// A wiki page: who changed it last and when, then its Markdown as Reddit stores it.
    package func render(wiki page: WikiPage, name: String, subreddit: String) -> String {
        var head = "r/\(subreddit) wiki: \(name)"
        if let date = page.revisionDate { head += " · revised \(TextLayout.age(of: date, now: now)) ago" }
        if let by = page.revisionBy?.name { head += " by u/\(by)" }
        if let reason = page.reason, !reason.isEmpty { head += " (\(reason))" }
        return style.bold(head) + "\n\n" + page.contentMarkdown.replacingOccurrences(of: "\r\n", with: "\n") + "\n"
    }
}
