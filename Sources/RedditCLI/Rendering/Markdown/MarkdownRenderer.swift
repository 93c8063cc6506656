import Foundation

/// Lays a ``MarkdownDocument`` out in lines of at most a given width: bold, italic and
/// struck-through text, headings, quotes, lists, code, tables, links shown by their text with
/// their number (`[3]`), spoilers hidden until revealed. Without colour (pipes, `NO_COLOR`,
/// `TERM=dumb`) the marks that colour would carry are written out: `` `code` ``, `~~struck~~`,
/// `# Heading`. A word wider than a line (a long URL) is cut with a `↵` at the end of each piece.
package struct MarkdownRenderer: Sendable {
    package var style: TextStyle
    /// Whether spoilers show their text.
    package var revealsSpoilers: Bool

    /// The mark at the end of a piece of a word cut across lines.
    package static let cutMark = "↵"

    package init(style: TextStyle, revealsSpoilers: Bool = false) {
        self.style = style
        self.revealsSpoilers = revealsSpoilers
    }

    /// The document's lines, at most `width` columns each (at least 12). With `linksListed`
    /// (the caller prints ``linkList(_:width:)`` after them), a link written as its own address
    /// shows a short form of it with its number, so the whole address is printed once, in the
    /// list.
    package func lines(_ document: MarkdownDocument, width: Int, linksListed: Bool = false) -> [String] {
        render(linksListed && document.isMarkdown ? shortened(document) : document.blocks, width: max(width, 12))
    }

    /// Blocks with a blank line between them (none inside a list item).
    private func render(_ blocks: [MarkdownBlock], width: Int, spaced: Bool = true) -> [String] {
        var lines: [String] = []
        for block in blocks {
            if !lines.isEmpty, spaced { lines.append("") }
            lines += render(block, width: width)
        }
        return lines
    }

    private func render(_ block: MarkdownBlock, width: Int) -> [String] {
        switch block {
        case .paragraph(let spans):
            return wrap(spans, width: width)
        case .heading(let level, let spans):
            let prefix = style.isEnabled ? [] : [MarkdownSpan(String(repeating: "#", count: level) + " ")]
            return wrap(
                prefix + spans.map { MarkdownSpan($0.text, $0.traits.union(.bold), link: $0.link) }, width: width)
        case .quote(let blocks):
            return render(blocks, width: width - 2).map { $0.isEmpty ? style.dim("│") : style.dim("│ ") + $0 }
        case .list(let ordered, let start, let items):
            let markers = items.indices.map { ordered ? "\(start + $0). " : "• " }
            let markerWidth = markers.map { TextLayout.width($0) }.max() ?? 2
            var lines: [String] = []
            for (item, marker) in zip(items, markers) {
                let body = render(item, width: width - markerWidth, spaced: false)
                for (offset, line) in (body.isEmpty ? [""] : body).enumerated() {
                    let lead =
                        offset == 0
                        ? TextLayout.padLeft(marker, to: markerWidth) : String(repeating: " ", count: markerWidth)
                    lines.append(line.isEmpty && offset > 0 ? "" : lead + line)
                }
            }
            return lines
        case .code(let code):
            return code.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
                guard !line.isEmpty else { return [""] }
                let text = String(line).replacingOccurrences(of: "\t", with: "    ")
                return cut(pieces: text.map { ($0, MarkdownSpan("", .code)) }, width: width - 4).map { "    " + $0 }
            }
        case .table(let rows, let hasHeader, let alignments):
            return table(rows, hasHeader: hasHeader, alignments: alignments, width: width)
        case .rule:
            return [style.dim(String(repeating: "─", count: min(width, 40)))]
        }
    }

    // MARK: Runs

    /// What a run shows: a hidden spoiler's placeholder, raised text, and without colour the
    /// marks of code and strikethrough.
    private func shown(_ spans: [MarkdownSpan]) -> [MarkdownSpan] {
        var result: [MarkdownSpan] = []
        for span in spans {
            var span = span
            if span.traits.contains(.spoiler), !revealsSpoilers {
                if result.last?.traits.contains(.spoiler) == true { continue }
                result.append(MarkdownSpan("[spoiler]", .spoiler))
                continue
            }
            if span.traits.contains(.superscript) {
                // Raised characters where Unicode has them all; under --ascii the exponent's
                // caret; else the words themselves, set apart from a word they would touch.
                let touches = result.last.map { !($0.text.last?.isWhitespace ?? true) } ?? false
                if let raised = RedditInlines.raised(span.text) {
                    span.text = style.isASCII ? "^" + span.text : raised
                } else if touches {
                    span.text = " " + span.text
                }
            }
            if !style.isEnabled {
                if span.traits.contains(.code) { span.text = "`\(span.text)`" }
                if span.traits.contains(.strikethrough) { span.text = "~~\(span.text)~~" }
            }
            result.append(span)
        }
        return result
    }

    /// `text` in the look of `span`.
    private func decorate(_ text: String, _ span: MarkdownSpan) -> String {
        let traits = span.traits
        if traits.contains(.linkNumber) { return style.dim(text) }
        if traits.contains(.spoiler), !revealsSpoilers { return style.magenta(text) }
        var result = text
        if traits.contains(.code) { result = style.cyan(result) }
        if traits.contains(.superscript), span.link == nil { result = style.dim(result) }
        if span.link != nil { result = style.blue(result) }
        if traits.contains(.strikethrough) { result = style.strikethrough(result) }
        if traits.contains(.italic) { result = style.italic(result) }
        if traits.contains(.bold) { result = style.bold(result) }
        return result
    }

    private typealias Piece = (character: Character, look: MarkdownSpan)

    /// Characters of equal look joined and decorated.
    private func join(_ pieces: some Collection<Piece>) -> String {
        var result = ""
        var run = ""
        var look: MarkdownSpan?
        for piece in pieces {
            if let current = look, current != piece.look {
                result += decorate(run, current)
                run = ""
            }
            look = piece.look
            run.append(piece.character)
        }
        if let look, !run.isEmpty { result += decorate(run, look) }
        return result
    }

    /// Lines of `pieces` cut every `width - 1` columns (`first - 1` on the first line), each
    /// full line ending in the cut mark, with the columns each takes.
    private func cutLines(pieces: [Piece], width: Int, first: Int? = nil) -> [(text: String, width: Int)] {
        let width = max(width, 2)
        let total = TextLayout.width(String(pieces.map(\.character)))
        if total <= (first ?? width) { return [(join(pieces), total)] }
        var lines: [(text: String, width: Int)] = []
        var line: [Piece] = []
        var used = 0
        for piece in pieces {
            let w = TextLayout.width(of: piece.character)
            if used + w > (lines.isEmpty ? max(first ?? width, 2) : width) - 1 {
                lines.append((join(line) + style.dim(Self.cutMark), used + 1))
                line = []
                used = 0
            }
            line.append(piece)
            used += w
        }
        if !line.isEmpty { lines.append((join(line), used)) }
        return lines
    }

    private func cut(pieces: [Piece], width: Int) -> [String] {
        cutLines(pieces: pieces, width: width).map(\.text)
    }

    /// Runs wrapped at spaces into lines of at most `width` columns.
    func wrap(_ spans: [MarkdownSpan], width: Int) -> [String] {
        var words: [[Piece]?] = []  // nil: a hard line break
        var word: [Piece] = []
        for span in shown(spans) {
            if span.text == "\n" {
                if !word.isEmpty { words.append(word) }
                word = []
                words.append(nil)
                continue
            }
            for character in span.text {
                if character == " " || character == "\t" || character == "\n" {
                    if !word.isEmpty { words.append(word) }
                    word = []
                } else {
                    word.append((character, span))
                }
            }
        }
        if !word.isEmpty { words.append(word) }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in words {
            guard let word else {
                lines.append(line)
                line = ""
                used = 0
                continue
            }
            let w = TextLayout.width(String(word.map(\.character)))
            // A word longer than any line starts where the line is, if there is some room left.
            if w > width, used > 0, width - used - 1 >= 8 {
                var pieces = cutLines(pieces: word, width: width, first: width - used - 1)
                lines.append(line + " " + pieces.removeFirst().text)
                let last = pieces.removeLast()
                lines += pieces.map(\.text)
                (line, used) = last
                continue
            }
            if used > 0, used + 1 + w > width {
                lines.append(line)
                line = ""
                used = 0
            }
            if used > 0 {
                line += " "
                used += 1
            }
            if w > width - used {
                var pieces = cutLines(pieces: word, width: width)
                let last = pieces.removeLast()
                lines += pieces.map(\.text)
                (line, used) = last
            } else {
                line += join(word)
                used += w
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: Tables

    /// A table in aligned columns when it fits, else each row as "header: value" lines.
    private func table(
        _ rows: [[[MarkdownSpan]]], hasHeader: Bool, alignments: [MarkdownAlignment], width: Int
    ) -> [String] {
        let cells = rows.map { row in
            row.map { spans -> [Piece] in
                shown(spans).flatMap { span in span.text.map { ($0 == "\n" ? " " : $0, span) } }
            }
        }
        let columnCount = cells.map(\.count).max() ?? 0
        guard columnCount > 0 else { return [] }
        var widths = Array(repeating: 0, count: columnCount)
        for row in cells {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TextLayout.width(String(cell.map(\.character))))
            }
        }
        let separator = style.dim(" │ ")
        if widths.reduce(0, +) + 3 * (columnCount - 1) <= width {
            var lines: [String] = []
            for (index, row) in cells.enumerated() {
                let padded = (0..<columnCount).map { column -> String in
                    let cell = column < row.count ? row[column] : []
                    let text = join(cell)
                    let header = hasHeader && index == 0 ? style.bold(text) : text
                    let pad = widths[column] - TextLayout.width(String(cell.map(\.character)))
                    let before =
                        switch column < alignments.count ? alignments[column] : .left {
                        case .left: 0
                        case .center: pad / 2
                        case .right: pad
                        }
                    return String(repeating: " ", count: before) + header
                        + String(repeating: " ", count: pad - before)
                }
                lines.append(trimmedRight(padded.joined(separator: separator)))
                if hasHeader, index == 0 {
                    lines.append(style.dim(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")))
                }
            }
            return lines
        }
        let headers = hasHeader ? rows.first ?? [] : []
        var lines: [String] = []
        for row in rows.dropFirst(hasHeader ? 1 : 0) {
            if !lines.isEmpty { lines.append("") }
            for (column, cell) in row.enumerated() {
                let label = column < headers.count ? headers[column].map(\.text).joined() : ""
                lines += wrap(label.isEmpty ? cell : [MarkdownSpan(label + ": ", .bold)] + cell, width: width)
            }
        }
        return lines
    }

    private func trimmedRight(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
