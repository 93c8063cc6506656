import Foundation

/// Turns a post's or comment's Markdown into a ``MarkdownDocument``: with cmark-gfm when the
/// system has it (GitHub-flavoured CommonMark with tables, strikethrough and bare links, and
/// Reddit's superscript, spoilers, `r/`, `u/` mentions and `#Heading` without a space on top),
/// else the text as written in paragraphs, with its web links still numbered.
package struct MarkdownParser: Sendable {
    private let cmark: CMark?

    /// A parser that uses cmark-gfm when it can be loaded.
    package init() { self.cmark = CMark.loaded }

    /// A parser that never loads cmark-gfm: what a machine without it shows.
    package static let plainText = MarkdownParser(cmark: nil)

    private init(cmark: CMark?) { self.cmark = cmark }

    /// Whether this parser reads Markdown (cmark-gfm is loaded).
    package var readsMarkdown: Bool { cmark != nil }

    package func parse(_ text: String) -> MarkdownDocument {
        var links = LinkTable()
        if let cmark,
            let blocks = cmark.withDocument(
                RedditInlines.markSpoilers(RedditInlines.spaceHeadings(text)),
                { root in
                    CMarkConverter(cmark: cmark).blocks(cmark.children(of: root), links: &links)
                })
        {
            return MarkdownDocument(blocks: blocks, links: links.links)
        }
        return MarkdownDocument(
            blocks: Self.plainBlocks(text, links: &links), links: links.links, isMarkdown: false)
    }

    /// Paragraphs split at blank lines, lines kept, `http(s)://` links numbered.
    private static func plainBlocks(_ text: String, links: inout LinkTable) -> [MarkdownBlock] {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        return normalized.components(separatedBy: "\n\n").compactMap { paragraph in
            let trimmed = paragraph.trimmingCharacters(in: .newlines)
            guard !trimmed.isEmpty else { return nil }
            var spans: [MarkdownSpan] = []
            for (offset, line) in trimmed.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if offset > 0 { spans.append(MarkdownSpan("\n")) }
                spans += plainLine(String(line), links: &links)
            }
            return .paragraph(spans)
        }
    }

    private static func plainLine(_ line: String, links: inout LinkTable) -> [MarkdownSpan] {
        var spans: [MarkdownSpan] = []
        var rest = Substring(line)
        for url in LinkExtractor.links(in: line) {
            while let range = rest.range(of: url) {
                if !rest[..<range.lowerBound].isEmpty { spans.append(MarkdownSpan(String(rest[..<range.lowerBound]))) }
                let number = links.register(url: url, text: url, mention: false)
                spans.append(MarkdownSpan(url, link: number))
                spans.append(MarkdownSpan("[\(number)]", .linkNumber, link: number))
                rest = rest[range.upperBound...]
            }
        }
        if !rest.isEmpty { spans.append(MarkdownSpan(String(rest))) }
        return spans
    }
}

/// Links numbered in order of first appearance.
struct LinkTable {
    private(set) var links: [MarkdownLink] = []

    /// The number of `url`, new or as first seen.
    mutating func register(url: String, text: String, mention: Bool) -> Int {
        if let index = links.firstIndex(where: { $0.url == url }) { return index + 1 }
        links.append(MarkdownLink(url: url, text: text, isMention: mention))
        return links.count
    }
}
