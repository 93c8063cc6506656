import Foundation
import RedditAPI

/// The moderator's screens: the menu, a queue with each item's reports, the removal reasons to
/// pick from, modmail (the list and one conversation) and the moderation log.
extension BrowseScreen {
    /// The title, lines and first line shown of a moderator's screen.
    func moderationLayout(_ view: BrowseState.ModerationView, state: BrowseState) -> (
        title: String, content: [String], top: Int
    ) {
        let width = columns - 2
        switch view {
        case .menu(let menu):
            let (lines, selected) = menuLines(menu)
            return ("moderation · r/\(menu.subreddit)", lines, scrollTop(selected: selected, total: lines.count))
        case .queue(let queue):
            let (lines, selected) = queueLines(queue)
            return (
                "r/\(queue.subreddit) · \(Self.queueTitle(queue.queue))", lines,
                scrollTop(selected: selected, total: lines.count)
            )
        case .reasons(let picker):
            var lines = [style.dim("  remove \(picker.item.rawValue) from r/\(picker.subreddit) with:"), ""]
            let rows =
                [("0  ", "no reason", "")]
                + picker.reasons.enumerated().map { index, reason in
                    (
                        "\(index + 1)  ", reason.title,
                        "  " + reason.message.split(whereSeparator: \.isNewline).joined(separator: " ")
                    )
                }
            for (index, row) in rows.enumerated() {
                let text = ModQueueRenderer.fit([(row.0, { $0 }), (row.1, style.bold), (row.2, style.dim)], to: width)
                lines.append(marker(index == picker.selected) + text)
            }
            lines += ["", style.dim("  Enter or a number removes · q Esc: back, nothing removed")]
            return ("pick a removal reason", lines, scrollTop(selected: picker.selected + 2, total: lines.count))
        case .modmail(let list):
            // The command's lines, plain so that they can be cut to the window.
            let renderer = DetailRenderer(style: TextStyle(isEnabled: false), width: width, now: now)
            let rendered = renderer.render(conversations: list.conversations).split(separator: "\n").map(String.init)
            let lines = rendered.enumerated().map { index, line in
                marker(index == list.selected && !list.conversations.isEmpty) + TextLayout.truncate(line, to: width)
            }
            return ("modmail", lines, scrollTop(selected: list.selected, total: lines.count))
        case .conversation(let conversation):
            let lines = conversationLines(conversation)
            return (
                "modmail · \(conversation.subject)", lines,
                min(max(0, state.threadTop), max(0, lines.count - contentRows))
            )
        case .log(let log):
            let renderer = DetailRenderer(style: TextStyle(isEnabled: false), width: width, now: now)
            let page = ItemListing(items: log.entries, after: nil)
            var lines = renderer.render(log: page, nextPageCommand: nil).split(separator: "\n").enumerated().map {
                index, line in
                marker(index == log.selected && !log.entries.isEmpty) + TextLayout.truncate(String(line), to: width)
            }
            if log.after != nil { lines.append(style.dim("  … press n for the next page")) }
            return ("r/\(log.subreddit) · mod log", lines, scrollTop(selected: log.selected, total: lines.count))
        }
    }

    /// The key help at the bottom of a moderator's screen.
    func moderationHelp(_ view: BrowseState.ModerationView) -> [String] {
        switch view {
        case .menu: ["↑↓/jk move", "Enter or 1-5 open", "q back", "s subreddit"]
        case .queue: ["a approve", "R remove", "q back", "S spam", "L lock", "D distinguish", "Enter open", "n next"]
        case .reasons: ["↑↓/jk move", "Enter or 0-9 remove with that reason", "q back, nothing removed"]
        case .modmail: ["↑↓/jk move", "Enter read", "q back", "r reply"]
        case .conversation: ["↑↓/jk scroll", "q back", "r reply"]
        case .log: ["↑↓/jk move", "q back", "n next page"]
        }
    }

    static func queueTitle(_ queue: ModerationQueue) -> String {
        switch queue {
        case .modQueue: "mod queue"
        case .reports: "reports"
        case .spam: "spam"
        case .edited: "edited"
        case .unmoderated: "unmoderated"
        }
    }

    private func marker(_ isSelected: Bool) -> String {
        isSelected ? style.bold(style.yellow("> ")) : "  "
    }

    private func menuLines(_ menu: BrowseState.ModeratorMenu) -> ([String], Int) {
        let others =
            menu.moderated.isEmpty ? "" : "; you moderate " + menu.moderated.map { "r/\($0)" }.joined(separator: ", ")
        var lines = TextLayout.wrap("moderating r/\(menu.subreddit) (s: another subreddit\(others))", to: columns - 4)
            .map { "  " + style.dim($0) }
        lines.append("")
        let first = lines.count
        for (index, entry) in BrowseState.ModeratorMenu.Entry.allCases.enumerated() {
            let row = ModQueueRenderer.fit(
                [
                    ("\(index + 1)  ", { $0 }), (TextLayout.padRight(entry.title, to: 12), style.bold),
                    ("  " + entry.about, style.dim),
                ],
                to: columns - 2)
            lines.append(marker(index == menu.selected) + row)
        }
        return (lines, first + menu.selected)
    }

    private func queueLines(_ queue: BrowseState.ModQueue) -> ([String], Int) {
        guard !queue.items.isEmpty else { return ([style.dim("  (the queue is empty)")], 0) }
        let renderer = ModQueueRenderer(style: style, width: columns - 2, now: now, items: queue.items)
        var lines: [String] = []
        var selectedLine = 0
        for (index, item) in queue.items.enumerated() {
            let isSelected = index == queue.selected
            if isSelected { selectedLine = lines.count }
            for (offset, line) in renderer.lines(for: item).enumerated() {
                let lead = offset == 0 ? marker(isSelected) : isSelected ? style.bold(style.yellow("│ ")) : "  "
                lines.append(lead + line)
            }
        }
        if queue.after != nil { lines.append(style.dim("  … press n for the next page")) }
        return (lines, selectedLine)
    }

    /// The conversation: where and with whom, then each message with its author and age.
    private func conversationLines(_ conversation: ModmailConversation) -> [String] {
        let width = columns - 4
        var about = ["r/\(conversation.subreddit)", conversation.id]
        if let participant = conversation.participant { about.append("with u/\(participant.name)") }
        if conversation.isInternal { about.append("moderators only") }
        about.append(TextLayout.count(conversation.messageCount, "message", "messages"))
        var lines = TextLayout.wrap(conversation.subject, to: width).map { "  " + style.bold($0) }
        lines += TextLayout.joinWrapping(about, separator: " · ", to: width).map { "  " + style.dim($0) }
        for message in conversation.messages {
            var head = ["u/\(message.author.name)" + (message.author.isModerator ? " (mod)" : "")]
            if let date = message.date { head.append(TextLayout.age(of: date, now: now) + " ago") }
            if message.isInternal { head.append("private moderator note") }
            lines += ["", "  " + style.bold(head.joined(separator: " · "))]
            // Markdown as in a thread: formatted, links by their text and number, listed below.
            let document = MarkdownParser().parse(message.bodyMarkdown)
            let text = MarkdownRenderer(style: style, revealsSpoilers: false)
            lines += (text.lines(document, width: width, linksListed: true) + text.linkList(document, width: width)).map
            {
                TextLayout.indent($0, by: "  ")
            }
        }
        if !conversation.isRepliable { lines += ["", style.dim("  (this conversation takes no replies)")] }
        return lines
    }
}
