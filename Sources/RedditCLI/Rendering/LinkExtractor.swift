import Foundation

/// The web links in a post's or comment's text, in order and without repeats, so the reader
/// can list them and open them.
package enum LinkExtractor {
    /// Every `http(s)://` link in `text` (bare or in Markdown's `[text](url)`).
    package static func links(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let start = [rest.range(of: "http://"), rest.range(of: "https://")].compactMap({ $0 }).map(\.lowerBound)
            .min()
        {
            let tail = rest[start...]
            var link = String(tail.prefix { !$0.isWhitespace && !")]>\"'<".contains($0) })
            while let last = link.last, ".,;:!?".contains(last) { link.removeLast() }
            if !link.hasSuffix("://"), !found.contains(link) { found.append(link) }
            rest = tail.dropFirst(max(1, link.count))
        }
        return found
    }
}
