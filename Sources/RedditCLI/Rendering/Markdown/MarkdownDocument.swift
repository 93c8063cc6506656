/// A post's or comment's text as blocks and styled runs, parsed once and laid out at any width
/// by ``MarkdownRenderer``.
package struct MarkdownDocument: Equatable, Sendable {
    /// The blocks, in order.
    package var blocks: [MarkdownBlock]
    /// The links, numbered from 1 in the order they first appear (a repeated address keeps its
    /// first number).
    package var links: [MarkdownLink]

    /// False for text shown as written (cmark-gfm missing): its links stay as written too.
    package var isMarkdown = true

    package init(blocks: [MarkdownBlock], links: [MarkdownLink], isMarkdown: Bool = true) {
        self.blocks = blocks
        self.links = links
        self.isMarkdown = isMarkdown
    }
}

/// A link of a document: where it goes and the words it is shown by.
package struct MarkdownLink: Equatable, Sendable {
    package var url: String
    package var text: String
    /// An `r/name` or `u/name` mention: its text says where it goes.
    package var isMention: Bool
}

/// One block of a document.
package indirect enum MarkdownBlock: Equatable, Sendable {
    case paragraph([MarkdownSpan])
    case heading(level: Int, [MarkdownSpan])
    case quote([MarkdownBlock])
    /// Each item is a list of blocks; `start` is the first number of a numbered list.
    case list(ordered: Bool, start: Int, items: [[MarkdownBlock]])
    case code(String)
    /// Rows of cells; the first row is the header when `hasHeader`; `alignments` has one entry
    /// a column (`:---`, `:---:`, `---:`), missing entries align left.
    case table(rows: [[[MarkdownSpan]]], hasHeader: Bool, alignments: [MarkdownAlignment])
    case rule
}

/// Where a table column's cells sit.
package enum MarkdownAlignment: Equatable, Sendable {
    case left, center, right
}

/// A run of text with one look. A hard line break is a span whose text is "\n".
package struct MarkdownSpan: Equatable, Sendable {
    package var text: String
    package var traits: Traits
    /// The number of the link this run belongs to.
    package var link: Int?

    package init(_ text: String, _ traits: Traits = [], link: Int? = nil) {
        self.text = text
        self.traits = traits
        self.link = link
    }

    /// How a run looks.
    package struct Traits: OptionSet, Equatable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let bold = Traits(rawValue: 1)
        package static let italic = Traits(rawValue: 2)
        package static let strikethrough = Traits(rawValue: 4)
        package static let code = Traits(rawValue: 8)
        /// Reddit's `>!spoiler!<`: hidden until revealed.
        package static let spoiler = Traits(rawValue: 16)
        /// Reddit's `^word` and `^(some words)`.
        package static let superscript = Traits(rawValue: 32)
        /// The `[3]` after a link's text.
        package static let linkNumber = Traits(rawValue: 64)
    }
}
