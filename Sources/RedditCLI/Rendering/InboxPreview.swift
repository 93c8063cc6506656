import Foundation
import RedditAPI

/// How an inbox item is summed up on one line (`reddit inbox` and the browser's inbox): its
/// text read as Markdown and shown as plain words, cut at a word boundary; and the sender's
/// column as wide as the page's widest sender, so the subjects line up.
enum InboxPreview {
    /// `body` as plain text on one line, at most `width` columns, cut after a whole word with "…".
    static func text(of body: String, width: Int) -> String {
        let plain = MarkdownRenderer(style: TextStyle(isEnabled: false))
            .lines(MarkdownParser().parse(body), width: 100_000)
            .map { line in
                // A quote's bar says nothing on one line.
                var line = Substring(line)
                while line.first == "│" || line.first == " " { line = line.dropFirst() }
                return line.trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty }.joined(separator: " ")
        guard width > 1 else { return "" }
        guard TextLayout.width(plain) > width else { return plain }
        // `wrap` makes lines of at least 8 columns: below that, or for a first word too long,
        // the text is cut within the word.
        let first = TextLayout.wrap(plain, to: width - 1).first ?? ""
        return TextLayout.width(first) <= width - 1 ? first + "…" : TextLayout.truncate(plain, to: width)
    }

    /// The width of the age column for `messages` ("3h", "11mo": at most 4).
    static func ageWidth(_ messages: [Message], now: Date) -> Int {
        min(4, messages.map { TextLayout.width(TextLayout.age(of: $0.created, now: now)) }.max() ?? 0)
    }

    /// The width of the sender column for `messages` (at most 24).
    static func senderWidth(_ messages: [Message]) -> Int {
        min(24, messages.map { TextLayout.width(BrowseScreen.sender(of: $0)) }.max() ?? 0)
    }
}
