import Foundation
import RedditAPI

/// The inbox screens: the list of messages and one message read in full.
extension BrowseScreen {
    /// One line a message (new mark, age, from, subject, start of the text) and the selected
    /// line's index.
    func inboxLines(_ inbox: BrowseState.Inbox) -> ([String], Int) {
        guard !inbox.messages.isEmpty else { return ([style.dim("  (no messages)")], 0) }
        var lines: [String] = []
        let senders = InboxPreview.senderWidth(inbox.messages)
        let ages = InboxPreview.ageWidth(inbox.messages, now: now)
        for (index, message) in inbox.messages.enumerated() {
            let mark = message.isNew ? "*" : " "
            let age = TextLayout.padLeft(TextLayout.age(of: message.created, now: now), to: ages)
            let about = message.isComment ? "re: \(message.linkTitle ?? message.subject)" : message.subject
            let sender = TextLayout.padRight(Self.sender(of: message), to: senders)
            let text = "\(mark) \(age)  \(sender)  \(about)  "
            let room = columns - 2 - TextLayout.width(text)
            let line =
                room > 3
                ? text + style.dim(InboxPreview.text(of: message.body, width: room))
                : TextLayout.truncate(text, to: columns - 2)
            lines.append((index == inbox.selected ? style.bold(style.yellow("> ")) : "  ") + line)
        }
        if inbox.after != nil { lines.append(style.dim("  … press n for the next page")) }
        return (lines, inbox.selected)
    }

    /// The message: who sent it to whom and when, the subject, then the text wrapped.
    func messageLines(_ message: Message) -> [String] {
        let width = columns - 4
        let about = message.isComment ? "re: \(message.linkTitle ?? message.subject)" : message.subject
        var header = [Self.sender(of: message)]
        if !message.destination.isEmpty { header.append("to \(message.destination)") }
        header.append(TextLayout.age(of: message.created, now: now) + " ago")
        header.append(message.name.rawValue)
        var lines = TextLayout.wrap(about, to: width).map { "  " + style.bold($0) }
        lines += TextLayout.joinWrapping(header, separator: " · ", to: width).map { "  " + style.dim($0) }
        lines.append("")
        let document = MarkdownParser().parse(message.body)
        let text = MarkdownRenderer(style: style)
        lines += (text.lines(document, width: width, linksListed: true) + text.linkList(document, width: width)).map {
            TextLayout.indent($0, by: "  ")
        }
        return lines
    }

    static func sender(of message: Message) -> String {
        !message.author.isEmpty ? "u/\(message.author)" : message.subreddit.map { "r/\($0)" } ?? "reddit"
    }
}
