import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// What a new user meets first on the command line: help that ends its last line, near-miss
/// command names answered with the nearest ones, `--version`, Reddit's own sort label, and
/// writes that print JSON when asked.
@Suite struct CommandLineBasicsTests {
    @Test func everyHelpPageEndsWithANewline() async throws {
        var pages = [["help"], ["--help"], ["help", "offline"]]
        pages += HelpText.commandNames.sorted().map { [$0, "--help"] }
        for arguments in pages {
            let run = try await BuiltExecutable.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.hasSuffix("\n") && !run.stdout.hasSuffix("\n\n\n"), "\(arguments)")
        }
    }

    @Test func anUnknownCommandSuggestsTheNearestOnes() async throws {
        for (typed, suggested) in [("comment", "comments"), ("serch", "search"), ("brwose", "browse")] {
            let run = try await BuiltExecutable.run([typed, "3hahrw"])
            #expect(run.status == 2)
            let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("reddit: unknown command '\(typed)'; did you mean '\(suggested)'"), "\(first)")
            #expect(run.stderr.split(separator: "\n").count == 2, "one line and the usage: \(run.stderr)")
        }
        let far = try await BuiltExecutable.run(["xyzzyq"])
        #expect(
            far.stderr.hasPrefix(
                "reddit: unknown command 'xyzzyq'; for the subreddit r/xyzzyq: reddit hot xyzzyq; reddit help lists the commands\n"
            ))
        // A subreddit typed where the command goes gets the command that reads it.
        let subreddit = try await BuiltExecutable.run(["r/askreddit"])
        #expect(subreddit.status == 2)
        #expect(
            subreddit.stderr.hasPrefix("reddit: unknown command 'r/askreddit'; for a subreddit: reddit hot askreddit"))
        let option = try await BuiltExecutable.run(["--offlne"])
        #expect(
            option.stderr.hasPrefix("reddit: unknown option '--offlne'; did you mean '--offline'?"), "\(option.stderr)")
        #expect(CommandSuggestion.nearest(to: "hto") == ["hot"])
    }

    @Test func versionPrintsTheVersion() async throws {
        let run = try await BuiltExecutable.run(["--version"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "reddit \(HelpText.version)\n")
        #expect(CLIConfiguration.defaultUserAgent.contains(":\(HelpText.version) "))
    }

    @Test func sortBestIsRedditsNameForConfidence() async throws {
        let invocation = try CommandParser.parse(["comments", "3hahrw", "--sort", "best"])
        guard case .comments(let options) = invocation.command else {
            Issue.record("not comments")
            return
        }
        #expect(options.sort == .confidence)
        let run = try await BuiltExecutable.run(["--offline", "comments", "3hahrw", "--sort", "Best"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "best is the recorded order: nothing to say")
    }

    /// Offline, a post's comments are the recorded page: `--sort` and `--limit` are said to be
    /// left out, on one line of standard error.
    @Test func offlineCommentsSayWhatTheyCannotApply() async throws {
        let run = try await BuiltExecutable.run(["--offline", "comments", "3hahrw", "--sort", "new", "--limit", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr
                == "reddit: offline, --sort new and --limit 3 cannot be applied: the comments are shown as they were recorded (drop --offline to fetch them so)\n"
        )
        #expect(run.stdout.hasPrefix("Ba Dum Tsss\n"))
    }

    @Test func writeCommandsHonourJSON() async throws {
        for arguments in [
            ["vote", "up", "t3_4b536p"], ["save", "t3_4b536p"], ["reply", "t3_4b536p", "--text", "Nice"],
            ["delete", "t1_cu5tt8h"], ["mod", "approve", "t3_4b536p"],
        ] {
            let run = try await BuiltExecutable.run(["--offline", "--json"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): one JSON object: \(run.stdout)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(arguments)")
            #expect(object["sent"] as? Bool == false)
            #expect(object["method"] as? String == "POST")
            #expect((object["path"] as? String)?.hasPrefix("/api/") == true, "\(arguments)")
            #expect(object["reason"] as? String == "not sent: --offline never writes to Reddit")
        }
    }
}
