/// The list of a document's links printed under its text, and the short form its text then
/// shows for a link written as its own address.
extension MarkdownRenderer {
    /// "[3] https://…" lines, one for every numbered link of the document (addresses written
    /// out, `[text](url)` links and `r/`, `u/` mentions alike), in the order of their numbers.
    package func linkList(_ document: MarkdownDocument, width: Int) -> [String] {
        document.links.enumerated().flatMap { index, link -> [String] in
            let spans = [
                MarkdownSpan("[\(index + 1)]", .linkNumber), MarkdownSpan(" "), MarkdownSpan(link.url, link: index + 1),
            ]
            return wrap(spans, width: max(width, 12))
        }
    }

    /// The longest short form of an address shown in the text, in columns.
    static let shortAddressWidth = 30

    /// `url` without its scheme, `www.` and closing slash, cut to ``shortAddressWidth`` columns.
    func shortAddress(_ url: String) -> String {
        var short = Substring(url)
        for prefix in ["https://", "http://"] where short.hasPrefix(prefix) { short = short.dropFirst(prefix.count) }
        if short.hasPrefix("www.") { short = short.dropFirst(4) }
        if short.hasSuffix("/") { short = short.dropLast() }
        guard !short.isEmpty else { return url }
        let text = String(short)
        guard TextLayout.width(text) > Self.shortAddressWidth else { return text }
        return style.ascii(TextLayout.truncate(text, to: Self.shortAddressWidth))
    }

    /// The blocks with every run that spells out its own link's address in the short form.
    func shortened(_ document: MarkdownDocument) -> [MarkdownBlock] {
        func spans(_ spans: [MarkdownSpan]) -> [MarkdownSpan] {
            spans.map { span in
                guard let number = span.link, !span.traits.contains(.linkNumber),
                    document.links.indices.contains(number - 1)
                else { return span }
                let link = document.links[number - 1]
                guard !link.isMention, span.text == link.url else { return span }
                var short = span
                short.text = shortAddress(link.url)
                return short
            }
        }
        func blocks(_ list: [MarkdownBlock]) -> [MarkdownBlock] {
            list.map { block in
                switch block {
                case .paragraph(let runs): .paragraph(spans(runs))
                case .heading(let level, let runs): .heading(level: level, spans(runs))
                case .quote(let inner): .quote(blocks(inner))
                case .list(let ordered, let start, let items):
                    .list(ordered: ordered, start: start, items: items.map(blocks))
                case .table(let rows, let hasHeader, let alignments):
                    .table(rows: rows.map { $0.map(spans) }, hasHeader: hasHeader, alignments: alignments)
                case .code, .rule: block
                }
            }
        }
        return blocks(document.blocks)
    }
}
