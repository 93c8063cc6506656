import RedditAPI
import Testing

@testable import RedditCLI

/// `mod`, `modmail`, `wiki` and `flair` as the parser reads them, and what it refuses.
@Suite struct ModeratorCommandParserTests {
    private func parse(_ arguments: [String]) throws(UsageError) -> Command {
        try CommandParser.parse(arguments).command
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func modSubcommandsParse() throws {
        #expect(
            try parse(["mod", "queue", "r/swift"])
                == .moderator(.queue(subreddit: "swift", queue: .modQueue, only: nil, page: PageOptions())))
        #expect(
            try parse(["mod", "queue", "swift", "spam", "--only", "comments", "--limit", "5"])
                == .moderator(.queue(subreddit: "swift", queue: .spam, only: .comments, page: PageOptions(limit: 5))))
        #expect(
            try parse(["mod", "log", "swift", "--type", "removelink", "--mod", "u/spez", "--after", "ModAction_x"])
                == .moderator(
                    .log(subreddit: "swift", action: "removelink", moderator: "spez", limit: nil, after: "ModAction_x"))
        )
        #expect(try parse(["mod", "approve", "t3_abc"]) == .moderator(.approve(fullname: "t3_abc")))
        #expect(
            try parse(["mod", "remove", "t1_abc", "--spam", "--reason", "15kbm"])
                == .moderator(.remove(fullname: "t1_abc", spam: true, reasonID: "15kbm")))
        #expect(
            try parse(["mod", "remove", "t1_abc"])
                == .moderator(.remove(fullname: "t1_abc", spam: false, reasonID: nil)))
    }

    @Test func modmailWikiAndFlairParse() throws {
        #expect(try parse(["modmail"]) == .modmail(.list(subreddits: [], unread: false)))
        #expect(
            try parse(["modmail", "r/swift", "ios", "--unread"])
                == .modmail(.list(subreddits: ["swift", "ios"], unread: true)))
        #expect(
            try parse(["modmail", "reply", "ik72", "--text", "Hi", "--internal"])
                == .modmail(.reply(id: "ik72", text: "Hi", internal: true)))
        #expect(try parse(["modmail", "reply", "ik72"]) == .modmail(.reply(id: "ik72", text: nil, internal: false)))
        #expect(
            try parse(["wiki", "swift", "index"]) == .wiki(subreddit: "swift", page: "index", edit: false, reason: nil))
        #expect(
            try parse(["wiki", "r/swift", "config/sidebar", "--edit", "--reason", "typo"])
                == .wiki(subreddit: "swift", page: "config/sidebar", edit: true, reason: "typo"))
        #expect(
            try parse(["flair", "swift", "u/spez", "Helper"])
                == .flair(subreddit: "swift", user: "spez", text: "Helper"))
        #expect(try parse(["flair", "swift", "spez", ""]) == .flair(subreddit: "swift", user: "spez", text: ""))
    }

    @Test func mistakesAreUsageErrorsNamingTheCommand() {
        let cases: [([String], String)] = [
            (["mod"], "missing subcommand (queue, log, approve or remove)"),
            (["mod", "ban", "spez"], "unknown subcommand 'mod ban' (mod has queue, log, approve and remove)"),
            (["mod", "queue"], "missing subreddit (mod for all you moderate)"),
            (
                ["mod", "queue", "swift", "hot"],
                "queue must be one of: modqueue, reports, spam, edited, unmoderated (got 'hot')"
            ),
            (["mod", "queue", "swift", "--only", "posts"], "--only must be one of: links, comments (got 'posts')"),
            (["mod", "queue", "swift", "unmoderated", "--only", "comments"], "the unmoderated queue holds posts only"),
            (["mod", "approve", "abc"], "'abc' is not a fullname: use t3_<id> for a post or t1_<id> for a comment"),
            (["mod", "remove", "t3_abc", "--reason"], "--reason needs a value"),
            (["mod", "approve", "t3_abc", "t3_def"], "unexpected argument 't3_def'"),
            (["modmail", "reply"], "missing conversation id"),
            (["modmail", "reply", "ik-72"], "'ik-72' is not a modmail conversation id"),
            (["modmail", "swift", "--text", "x"], "--text and --internal go with 'modmail reply ID'"),
            (["wiki", "swift"], "missing page name (for example index)"),
            (["wiki", "swift", "index", "--reason", "r"], "--reason goes with --edit"),
            (["flair", "swift", "spez"], "missing flair text (\"\" removes the text)"),
        ]
        for (arguments, message) in cases {
            let error = usageError(arguments)
            #expect(error?.message == message, "\(arguments)")
            #expect(error?.command == arguments[0], "\(arguments): the usage shown is the command's")
        }
    }

    @Test func everyModeratorCommandHasHelpAndIsListed() {
        for name in ["mod", "modmail", "wiki", "flair"] {
            #expect(HelpText.commandNames.contains(name))
            #expect(HelpText.general.contains("\n  \(name) "), "\(name) is listed in reddit help")
            #expect(HelpText.page(for: name).hasPrefix("Usage: reddit \(name) "))
        }
        #expect(HelpText.page(for: "mod").contains("reddit mod remove <fullname> [--spam] [--reason REASON_ID]"))
        #expect((try? CommandParser.parse(["mod", "queue", "--help"]).command) == .help("mod"))
    }
}
