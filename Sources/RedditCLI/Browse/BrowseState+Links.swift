import Foundation
import RedditAPI

/// `L`: every link of the selected text in a list to pick from (the numbers `1`-`9` reach only
/// the first nine of the text's Markdown links).
extension BrowseState {
    /// Every link of the selected post, comment or message, each once: a link post's own link
    /// first, then the text's links and bare addresses in the order they appear.
    var everySelectedLink: [String] {
        var links: [String] = []
        var text = ""
        if case .thread(let thread) = current, thread.rows.indices.contains(thread.selected) {
            guard case .comment(let comment) = thread.rows[thread.selected].content else { return [] }
            text = comment.body
        } else if case .message(let message) = current {
            text = message.body
        } else if let post = selectedPost {
            if !post.isSelf, !post.url.isEmpty { links.append(post.url) }
            text = post.selftext
        }
        links += MarkdownParser().parse(text).links.map(\.url)
        links += Self.bareAddresses(in: text)
        var seen: Set<String> = []
        return links.filter { seen.insert($0).inserted }
    }

    /// The `http(s)://` addresses written out in `text`, without the punctuation that ends a
    /// sentence or closes a bracket after them.
    static func bareAddresses(in text: String) -> [String] {
        var found: [String] = []
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == "<" || $0 == "[" }) {
            guard let start = word.range(of: "http://") ?? word.range(of: "https://") else { continue }
            var address = String(word[start.lowerBound...])
            while let last = address.last, ".,;:!?)]>*_\"'".contains(last) { address.removeLast() }
            if address.count > 8 { found.append(address) }
        }
        return found
    }

    /// `L`: shows the links of the selected text to pick from.
    mutating func openLinkPicker() -> Effect? {
        let links = everySelectedLink
        guard !links.isEmpty else {
            status = "no links in the selected text"
            return nil
        }
        linkChoices = links
        linkSelected = 0
        return nil
    }

    /// A key while the links are listed: ↑↓/jk move, Enter (or a number) opens, any other key
    /// closes the list.
    mutating func answerLinkPicker(_ key: Key) -> Effect? {
        guard let links = linkChoices else { return nil }
        switch key {
        case .up, .character("k"): linkSelected = max(0, linkSelected - 1)
        case .down, .character("j"): linkSelected = min(links.count - 1, linkSelected + 1)
        case .enter, .right, .character("l"), .character("o"):
            linkChoices = nil
            return .open(links[linkSelected])
        case .character(let digit) where ("1"..."9").contains(digit):
            let index = Int(String(digit))! - 1
            guard links.indices.contains(index) else { return nil }
            linkChoices = nil
            return .open(links[index])
        case .interrupt:
            linkChoices = nil
            return .quit
        default:
            linkChoices = nil
        }
        return nil
    }
}
