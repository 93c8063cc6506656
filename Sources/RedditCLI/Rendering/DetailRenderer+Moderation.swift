import Foundation
package import RedditAPI

/// What moderators read: a queue (one item a line, with the fullname to act on), the
/// moderation log, modmail conversations and a wiki page.
extension DetailRenderer {
    /// A queue's posts and comments, newest as Reddit ordered them: fullname, age, author,
    /// subreddit and the title or the start of the comment.
    package func render(queue listing: Listing, nextPageCommand: String?) -> String {
        var lines: [String] = []
        for thing in listing.children {
            switch thing {
            case .link(let post):
                lines.append(line(post.name, "post", post.created, post.author, post.subreddit, post.title))
            case .comment(let comment):
                let text = comment.body.replacingOccurrences(of: "\n", with: " ")
                lines.append(line(comment.name, "comment", comment.created, comment.author, comment.subreddit, text))
            default:
                continue
            }
        }
        guard !lines.isEmpty else { return style.dim("(the queue is empty)") + "\n" }
        if let after = listing.after, let nextPageCommand {
            lines.append(style.dim("more: \(nextPageCommand) --after \(after.rawValue)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(
        _ name: Fullname, _ kind: String, _ created: Date, _ author: String, _ subreddit: String, _ text: String
    ) -> String {
        let head =
            TextLayout.padRight(name.rawValue, to: 11) + "  " + TextLayout.padRight(kind, to: 7) + "  "
            + TextLayout.padLeft(TextLayout.age(of: created, now: now), to: 3) + "  u/\(author)  r/\(subreddit)  "
        let room = max(20, (width ?? 120) - TextLayout.width(head))
        return style.dim(head) + TextLayout.truncate(text, to: room)
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
        return conversations.map { conversation in
            let mark = conversation.lastUnread != nil ? style.bold("*") : " "
            let age = conversation.lastUpdated.map { TextLayout.age(of: $0, now: now) } ?? "-"
            let who = conversation.participant.map { "u/\($0.name)" } ?? (conversation.isInternal ? "moderators" : "-")
            return
                "\(mark) \(TextLayout.padLeft(age, to: 3))  \(conversation.id)  r/\(conversation.subreddit)  \(who)  "
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
