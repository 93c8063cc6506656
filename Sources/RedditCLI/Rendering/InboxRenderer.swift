package import Foundation
package import RedditAPI

/// Renders inbox items one to a line: new mark, age, from, subject and the start of the text.
package struct InboxRenderer: Sendable {
    package var style: TextStyle
    package var now: Date

    package init(style: TextStyle, now: Date) {
        self.style = style
        self.now = now
    }

    /// The listing's messages, and the next page's command when there is one.
    package func render(_ listing: Listing, nextPageCommand: String?) -> String {
        let messages = listing.children.compactMap(\.message)
        guard !messages.isEmpty else { return "no messages\n" }
        var text = ""
        let senders = InboxPreview.senderWidth(messages)
        let ages = InboxPreview.ageWidth(messages, now: now)
        let names = messages.map { TextLayout.width($0.name.rawValue) }.max() ?? 0
        for message in messages {
            let mark = message.isNew ? style.bold("*") : " "
            let age = TextLayout.padLeft(TextLayout.age(of: message.created, now: now), to: ages)
            let about = message.isComment ? "re: \(message.linkTitle ?? message.subject)" : message.subject
            let from = TextLayout.padRight(BrowseScreen.sender(of: message), to: senders)
            let name = TextLayout.padRight(message.name.rawValue, to: names)
            text += "\(mark) \(age)  \(name)  \(from)  \(style.bold(about))  "
            text += style.dim(InboxPreview.text(of: message.body, width: 80)) + "\n"
        }
        if let after = listing.after, let nextPageCommand {
            text += style.dim("more: \(nextPageCommand) --after \(after.rawValue)") + "\n"
        }
        return text
    }
}
