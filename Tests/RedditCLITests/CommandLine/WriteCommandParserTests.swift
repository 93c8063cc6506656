import RedditAPI
import Testing

@testable import RedditCLI

@Suite struct WriteCommandParserTests {
    private func parse(_ arguments: [String]) throws(UsageError) -> Command {
        try CommandParser.parse(arguments).command
    }

    private func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func writesParse() throws {
        #expect(try parse(["reply", "t3_abc", "--text", "hi there"]) == .reply(fullname: "t3_abc", text: "hi there"))
        #expect(try parse(["edit", "t1_abc"]) == .edit(fullname: "t1_abc", text: nil))
        #expect(try parse(["delete", "t1_abc"]) == .delete(fullname: "t1_abc"))
        #expect(
            try parse(["message", "#swift", "--subject", "S"])
                == .message(MessageOptions(recipient: .subreddit("swift"), subject: "S")))
        #expect(
            try parse(["message", "u/spez", "--subject", "S", "--text", "T"])
                == .message(MessageOptions(recipient: .user("spez"), subject: "S", text: "T")))
        #expect(
            try parse(["submit", "r/swift", "--title", "T", "--url", "https://swift.org"])
                == .submit(
                    SubmitCommandOptions(subreddit: "swift", title: "T", content: .link(url: "https://swift.org"))))
        #expect(
            try parse(["submit", "swift", "--title", "T"])
                == .submit(SubmitCommandOptions(subreddit: "swift", title: "T", content: .text(nil))))
        #expect(try CommandParser.parse(["submit", "swift", "--title", "T", "--wait"]).options.waitsOutRatelimit)
    }

    @Test func inboxReadAndWatchParse() throws {
        #expect(try parse(["inbox"]) == .inbox(.all, page: PageOptions()))
        #expect(try parse(["inbox", "unread", "--limit", "5"]) == .inbox(.unread, page: PageOptions(limit: 5)))
        #expect(try parse(["read", "--all"]) == .markRead(fullnames: []))
        #expect(try parse(["read", "t4_a", "t1_b"]) == .markRead(fullnames: ["t4_a", "t1_b"]))
        #expect(try parse(["watch", "r/swift", "--comments"]) == .watch(subreddit: "swift", comments: true))
        #expect(try parse(["watch", "swift"]) == .watch(subreddit: "swift", comments: false))
    }

    @Test func badWritesAreUsageErrors() {
        #expect(usageError(["reply", "abc"])?.contains("is not a fullname") == true)
        #expect(usageError(["message", "spez"]) == "missing --subject")
        #expect(usageError(["submit", "swift", "--url", "https://swift.org"]) == "missing --title")
        #expect(
            usageError(["submit", "swift", "--title", "T", "--url", "u", "--text", "t"])
                == "give one of --url, --text, --image or --crosspost")
        #expect(
            usageError(["submit", "swift", "--title", "T", "--crosspost", "t1_abc"])?.contains("post's fullname")
                == true)
        #expect(usageError(["read"]) == "missing fullnames (or --all)")
        #expect(usageError(["read", "--all", "t4_a"]) == "give fullnames or --all, not both")
        #expect(usageError(["inbox", "spam"])?.hasPrefix("section must be one of") == true)
        #expect(usageError(["watch"]) == "missing subreddit")
    }
}
