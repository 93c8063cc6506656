import Foundation

/// Walks cmark-gfm's tree into ``MarkdownBlock``s and ``MarkdownSpan``s.
struct CMarkConverter {
    let cmark: CMark

    func blocks(_ nodes: [CMark.Node], links: inout LinkTable) -> [MarkdownBlock] {
        nodes.compactMap { block($0, links: &links) }
    }

    private func block(_ node: CMark.Node, links: inout LinkTable) -> MarkdownBlock? {
        switch cmark.kind(of: node) {
        case "paragraph":
            return .paragraph(inlines(of: node, links: &links))
        case "heading":
            return .heading(level: Int(cmark.headingLevel(node)), inlines(of: node, links: &links))
        case "block_quote":
            return .quote(blocks(cmark.children(of: node), links: &links))
        case "list":
            let items = cmark.children(of: node).map { blocks(cmark.children(of: $0), links: &links) }
            return .list(ordered: cmark.listType(node) == 2, start: Int(cmark.listStart(node)), items: items)
        case "code_block":
            var code = RedditInlines.unmarkSpoilers(cmark.text(of: node))
            if code.hasSuffix("\n") { code.removeLast() }
            return .code(code)
        case "html_block":
            let html = RedditInlines.unmarkSpoilers(cmark.text(of: node)).trimmingCharacters(in: .newlines)
            return .paragraph([MarkdownSpan(html)])
        case "thematic_break":
            return .rule
        case "table":
            let rows = cmark.children(of: node)
            let cells = rows.map { row in cmark.children(of: row).map { inlines(of: $0, links: &links) } }
            let hasHeader = rows.first.map { cmark.kind(of: $0) == "table_header" } ?? false
            return .table(rows: cells, hasHeader: hasHeader, alignments: cmark.alignments(of: node))
        default:
            let children = cmark.children(of: node)
            return children.isEmpty ? nil : .quote(blocks(children, links: &links))
        }
    }

    /// The runs of a paragraph, heading or cell, with Reddit's additions applied.
    private func inlines(of node: CMark.Node, links: inout LinkTable) -> [MarkdownSpan] {
        var raw: [MarkdownSpan] = []
        // Links are numbered in the order they are read, mentions found in the text included:
        // `collect` marks each Markdown link by a negative stand-in, numbered below.
        var pending: [(url: String, text: String)] = []
        collect(node, traits: [], link: nil, into: &raw, pending: &pending)
        var merged: [MarkdownSpan] = []
        for span in raw {
            if let last = merged.last, last.traits == span.traits, last.link == span.link, span.text != "\n",
                last.text != "\n"
            {
                merged[merged.count - 1].text += span.text
            } else {
                merged.append(span)
            }
        }
        var expanded: [MarkdownSpan] = []
        var numbers: [Int: Int] = [:]
        for var span in merged {
            if let standIn = span.link, standIn < 0 {
                let link = pending[-standIn - 1]
                let number = numbers[standIn] ?? links.register(url: link.url, text: link.text, mention: false)
                numbers[standIn] = number
                span.link = number
                if span.traits.contains(.linkNumber) { span.text = "[\(number)]" }
                expanded.append(span)
            } else if span.link == nil, !span.traits.contains(.code), span.text != "\n" {
                expanded += RedditInlines.expand(span.text, traits: span.traits) { url, text, mention in
                    links.register(url: url, text: text, mention: mention)
                }
                .flatMap { piece -> [MarkdownSpan] in
                    guard let number = piece.link else { return [piece] }
                    return [piece, MarkdownSpan("[\(number)]", .linkNumber, link: number)]
                }
            } else {
                expanded.append(span)
            }
        }
        return RedditInlines.applySpoilers(expanded)
    }

    private func collect(
        _ node: CMark.Node, traits: MarkdownSpan.Traits, link: Int?, into spans: inout [MarkdownSpan],
        pending: inout [(url: String, text: String)]
    ) {
        for child in cmark.children(of: node) {
            switch cmark.kind(of: child) {
            case "text", "html_inline":
                spans.append(MarkdownSpan(cmark.text(of: child), traits, link: link))
            case "softbreak":
                spans.append(MarkdownSpan(" ", traits, link: link))
            case "linebreak":
                spans.append(MarkdownSpan("\n"))
            case "code":
                spans.append(
                    MarkdownSpan(RedditInlines.unmarkSpoilers(cmark.text(of: child)), traits.union(.code), link: link))
            case "emph":
                collect(child, traits: traits.union(.italic), link: link, into: &spans, pending: &pending)
            case "strong":
                collect(child, traits: traits.union(.bold), link: link, into: &spans, pending: &pending)
            case "strikethrough":
                collect(child, traits: traits.union(.strikethrough), link: link, into: &spans, pending: &pending)
            case "link", "image":
                let url = Self.absolute(cmark.address(of: child))
                var inner: [MarkdownSpan] = []
                collect(child, traits: traits, link: nil, into: &inner, pending: &pending)
                let text = inner.map(\.text).joined()
                guard !url.isEmpty else {
                    spans += inner
                    continue
                }
                pending.append((url, text))
                let standIn = -pending.count
                let shown = inner.isEmpty ? [MarkdownSpan(url, traits)] : inner
                spans += shown.map { MarkdownSpan($0.text, $0.traits, link: standIn) }
                spans.append(MarkdownSpan("[]", .linkNumber, link: standIn))
            default:
                collect(child, traits: traits, link: link, into: &spans, pending: &pending)
            }
        }
    }

    /// Reddit's relative links (`/r/x`, `/u/y`, `/message/compose`) made whole.
    static func absolute(_ url: String) -> String {
        url.hasPrefix("/") && !url.hasPrefix("//") ? "https://www.reddit.com" + url : url
    }
}
