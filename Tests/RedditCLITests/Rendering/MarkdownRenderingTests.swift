import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// Markdown as a reader sees it: golden screens of a sample holding every construct, at 60
/// and 100 columns, with and without cmark-gfm; and the properties a user checks by eye.
extension GoldenRenderingTests {
    static func sample() throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: "markdown_sample", withExtension: "md", subdirectory: "Golden"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func rendered(
        _ text: String, width: Int, parser: MarkdownParser = MarkdownParser(), style: TextStyle = plain
    )
        -> [String]
    {
        let renderer = MarkdownRenderer(style: style)
        let document = parser.parse(text)
        return renderer.lines(document, width: width, linksListed: true) + [""]
            + renderer.linkList(document, width: width)
    }

    @Test(arguments: [60, 100]) func markdownSample(width: Int) throws {
        #expect(MarkdownParser().readsMarkdown, "cmark-gfm is installed here (Tests/Servers/apt-packages.txt)")
        let lines = Self.rendered(try Self.sample(), width: width)
        try check(lines.joined(separator: "\n") + "\n", against: "markdown_\(width)")
        #expect(lines.allSatisfy { TextLayout.width($0) <= width })
    }

    @Test(arguments: [60, 100]) func markdownSampleWithoutTheLibrary(width: Int) throws {
        let lines = Self.rendered(try Self.sample(), width: width, parser: .plainText)
        try check(lines.joined(separator: "\n") + "\n", against: "markdown_plain_\(width)")
        #expect(lines.allSatisfy { TextLayout.width($0) <= width })
    }

    @Test func recordedPostWithCodeAndABareLink() async throws {
        let tree = try await service().commentTree(CommentsOptions(postID: "2gmzqe"))
        try check(
            ThreadRenderer(style: Self.plain, width: 60, now: Self.now).render(tree, maxDepth: nil),
            against: "comments_2gmzqe_60")
    }

    @Test func markupIsGoneAndLooksAreColours() throws {
        let text = "Some **bold**, *italic* and ~~gone~~ words with `code`."
        let coloured = Self.rendered(text, width: 80, style: TextStyle(isEnabled: true))[0]
        #expect(coloured.contains("\u{1B}[1mbold\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[3mitalic\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[9mgone\u{1B}[0m"))
        #expect(!coloured.contains("**") && !coloured.contains("~~") && !coloured.contains("`"))
        // Without colour the marks colour would carry stay readable.
        let plain = Self.rendered(text, width: 80)[0]
        #expect(plain == "Some bold, italic and ~~gone~~ words with `code`.")
    }

    @Test func linksShowTheirTextAndNumberAndOpenByIt() throws {
        let text =
            "See [the docs](https://example.com/docs) or r/swift, then [the docs](https://example.com/docs) again."
        let document = MarkdownParser().parse(text)
        let lines = MarkdownRenderer(style: Self.plain).lines(document, width: 80)
        #expect(lines == ["See the docs[1] or r/swift[2], then the docs[1] again."])
        #expect(document.links.map(\.url) == ["https://example.com/docs", "https://www.reddit.com/r/swift"])
    }

    @Test func aLongURLIsCutWithAMarkOnEveryPiece() throws {
        let url = "https://example.com/" + String(repeating: "abcdefghij", count: 8)
        let lines = MarkdownRenderer(style: Self.plain).lines(MarkdownParser().parse("Go: \(url) now"), width: 30)
        #expect(lines.allSatisfy { TextLayout.width($0) <= 30 })
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix(MarkdownRenderer.cutMark) }, "\(lines)")
        let joined = lines.joined().replacingOccurrences(of: MarkdownRenderer.cutMark, with: "")
        #expect(joined.contains(url))
    }

    @Test func spoilersStayHiddenUntilRevealed() throws {
        let document = MarkdownParser().parse(">!Snape kills Dumbledore!< as you know")
        #expect(MarkdownRenderer(style: Self.plain).lines(document, width: 80) == ["[spoiler] as you know"])
        #expect(
            MarkdownRenderer(style: Self.plain, revealsSpoilers: true).lines(document, width: 80) == [
                "Snape kills Dumbledore as you know"
            ])
    }

    @Test func superscriptIsRaised() throws {
        let lines = MarkdownRenderer(style: Self.plain).lines(
            MarkdownParser().parse("x^2 and ^(small print)"), width: 80)
        #expect(lines == ["x² and small print"])
    }

    @Test func withoutTheLibraryTextIsAsWrittenWithLinksNumbered() throws {
        let document = MarkdownParser.plainText.parse("**hi** see https://example.com/a and\nhttps://example.com/b")
        #expect(
            MarkdownRenderer(style: Self.plain).lines(document, width: 80) == [
                "**hi** see https://example.com/a[1] and", "https://example.com/b[2]",
            ])
    }

    @Test func insideOneSubredditItsColumnAndSelfDomainAreLeftOut() async throws {
        let options = ListingOptions(sort: .hot, subreddit: "askreddit", page: PageOptions(limit: 6))
        let page = try await service().listing(options)
        var renderer = ListingRenderer(style: Self.plain, width: 80, now: Self.now)
        renderer.subreddit = "askreddit"
        let text = renderer.render(page, nextPageCommand: nil)
        try check(text, against: "subreddit_askreddit_hot")
        #expect(!text.contains("r/AskReddit") && !text.contains("(self.AskReddit)"))
        #expect(text.split(separator: "\n").allSatisfy { TextLayout.width($0) <= 80 })
    }
}
