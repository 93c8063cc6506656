import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// Reddit's own Markdown as a reader sees it: table columns aligned as written, superscript
/// without its marks, `#Heading` as old Reddit read it, and every numbered link listed once.
@Suite struct RedditMarkdownTests {
    static let now = Date(timeIntervalSince1970: 1_600_000_000)
    static let plain = TextStyle(isEnabled: false)

    static func lines(_ text: String, width: Int = 80, style: TextStyle = plain) -> [String] {
        MarkdownRenderer(style: style).lines(MarkdownParser().parse(text), width: width)
    }

    /// A self post by alice with `text` as its body.
    static func post(_ text: String) throws -> Link {
        let json = try JSONSerialization.data(withJSONObject: [
            "id": "p1", "title": "A post", "subreddit": "test", "author": "alice", "domain": "self.test",
            "is_self": true, "selftext": text,
        ])
        return try JSONDecoder().decode(Link.self, from: json)
    }

    @Test func tableColumnsSitWhereTheSeparatorRowPutsThem() {
        let table = """
            | Left | Middle | Right |
            |:-----|:------:|------:|
            | a | b | 1 |
            | longer | wide cell | 12345 |
            """
        #expect(
            Self.lines(table) == [
                "Left   │  Middle   │ Right",
                "───────┼───────────┼──────",
                "a      │     b     │     1",
                "longer │ wide cell │ 12345",
            ])
    }

    @Test func superscriptShowsItsWordsWithoutTheMarks() {
        #expect(Self.lines("E = mc^2 and ^(two words) then") == ["E = mc² and two words then"])
        #expect(Self.lines("I said^so and ^this") == ["I said so and this"])
        var ascii = Self.plain
        ascii.isASCII = true
        #expect(Self.lines("x^2 and ^(small print)", style: ascii) == ["x^2 and small print"])
        let coloured = Self.lines("a ^(tiny words) b", style: TextStyle(isEnabled: true))[0]
        #expect(coloured.contains("\u{1B}[2mtiny\u{1B}[0m \u{1B}[2mwords\u{1B}[0m"), "dimmed: \(coloured)")
        #expect(!coloured.contains("^(") && !coloured.contains(")"))
    }

    @Test func aHeadingWithoutASpaceIsAHeadingAndANumberSignInTextStays() {
        let text = """
            #Heading

            Some text
            #####Rules

            #1 reason is this, and #2 follows.

            ```
            #not a heading
            ```

            ##[A linked heading](https://example.com/h)
            """
        let blocks = MarkdownParser().parse(text).blocks
        guard blocks.count == 6 else {
            Issue.record("blocks: \(blocks)")
            return
        }
        #expect(blocks[0] == .heading(level: 1, [MarkdownSpan("Heading")]))
        #expect(blocks[1] == .paragraph([MarkdownSpan("Some text")]))
        #expect(blocks[2] == .heading(level: 5, [MarkdownSpan("Rules")]))
        #expect(blocks[3] == .paragraph([MarkdownSpan("#1 reason is this, and #2 follows.")]))
        #expect(blocks[4] == .code("#not a heading"))
        guard case .heading(2, let spans) = blocks[5] else {
            Issue.record("not a heading: \(blocks[5])")
            return
        }
        #expect(spans.map(\.text).joined() == "A linked heading[1]")
    }

    @Test func everyNumberedLinkIsListedAndAnAddressIsPrintedOnce() throws {
        let url = "https://example.com/a/long/path/that/goes/on/and/on"
        let text = "See \(url) and r/swift, /u/spez, [the docs](https://docs.example.com/) and https://x.org/b."
        let lines = ThreadRenderer(style: Self.plain, width: 80, now: Self.now).postHeader(try Self.post(text))
        let joined = lines.joined(separator: "\n")
        #expect(joined.components(separatedBy: url).count == 2, "the whole address once:\n\(joined)")
        #expect(joined.contains("See example.com/a/long/path/that/…[1] and r/swift[2], /u/spez[3], the docs[4]"))
        #expect(joined.contains("and x.org/b[5]."))
        let list = Array(lines.drop { $0 != "Links:" }.dropFirst().prefix(5))
        #expect(
            list == [
                "[1] \(url)", "[2] https://www.reddit.com/r/swift", "[3] https://www.reddit.com/u/spez",
                "[4] https://docs.example.com/", "[5] https://x.org/b",
            ], "\(lines)")
        #expect(!joined.contains("press the number"), "nothing can be pressed in the CLI's output")
    }

    @Test func aCommentListsItsAddressesAndMentionsToo() throws {
        let post = #"{"kind":"t3","data":{"id":"m1","title":"t","author":"bob"}}"#
        let comment =
            #"{"kind":"t1","data":{"id":"c1","link_id":"t3_m1","parent_id":"t3_m1","author":"alice","#
            + #""body":"Try https://example.com/x or r/swift"}}"#
        let json =
            "[{\"kind\":\"Listing\",\"data\":{\"children\":[\(post)]}},"
            + "{\"kind\":\"Listing\",\"data\":{\"children\":[\(comment)]}}]"
        let page = try JSONDecoder().decode(PostWithComments.self, from: Data(json.utf8))
        let row = try #require(CommentTree(page).rows.first)
        let lines = ThreadRenderer(style: Self.plain, width: 80, now: Self.now).lines(for: row, postAuthor: "bob")
        #expect(
            Array(lines.dropFirst()) == [
                "  Try example.com/x[1] or r/swift[2]", "  [1] https://example.com/x",
                "  [2] https://www.reddit.com/r/swift",
            ])
    }

    @Test func browseSaysTheNumbersOpenTheLinks() throws {
        var renderer = ThreadRenderer(style: Self.plain, width: 80, now: Self.now)
        renderer.linksOpenByNumber = true
        let lines = renderer.postHeader(try Self.post("See [docs](https://docs.example.com/)"))
        #expect(lines.contains("Links (press the number to open):"))
    }
}
