import Testing

@testable import RedditCLI

/// What `--help` offers is what the commands take.
@Suite struct HelpTextTests {
    @Test func bestOffersNoSubredditArgument() throws {
        // best refuses a subreddit ("best sorts the front page only"), so its help offers none.
        #expect(!HelpText.page(for: "best").contains("[subreddit]"))
        #expect(throws: UsageError.self) { try CommandParser.parse(["best", "swift"]) }
        #expect(HelpText.page(for: "hot").contains("[subreddit]"))
    }

    @Test func theEditorsFileIsDescribedAsItIs() {
        #expect(!HelpText.page(for: "reply").contains("lines starting with # are dropped"))
    }
}
