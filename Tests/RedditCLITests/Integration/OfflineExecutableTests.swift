import Foundation
import Testing

@testable import RedditCLI

/// The built `reddit` run as a user runs it, offline, with exit statuses checked.
@Suite struct OfflineExecutableTests {
    @Test func theFrontPageShowsRealPostsWithNoNetworkAndNoConfiguration() async throws {
        let run = try await BuiltExecutable.run(["--offline"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // Named for what it is: the recorded threads, not a front page of Reddit.
        #expect(lines.first == RecordedThreads.heading)
        #expect(lines[1].hasPrefix("SCORE  CMTS  AGE  SUBREDDIT"))
        // The 12 posts whose threads were recorded, and no next page (the recording ends there).
        #expect(lines.count == 2 + 12)
        #expect(lines[2].contains("r/IAmA") && lines[2].contains("I am Barack Obama"))
        #expect(
            lines.contains { $0.contains("r/funny") && $0.contains("Ba Dum Tsss") && $0.hasSuffix("(i.imgur.com)") })
        #expect(!run.stdout.contains("more: "))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when not on a terminal")
        #expect(run.stderr.isEmpty)
    }

    @Test func theNextPageFollowsTheHint() async throws {
        let first = try await BuiltExecutable.run(["hot", "askreddit", "--offline", "--limit", "2"])
        #expect(
            first.stdout.hasSuffix("more: reddit --offline hot askreddit --limit 2 --after t3_488k4a\n"),
            "the hint keeps --offline, so it works when copied")
        let run = try await BuiltExecutable.run([
            "hot", "askreddit", "--offline", "--after", "t3_488k4a", "--limit", "3",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[1].contains("Reddit, what went 0-100 real"))
    }

    @Test func aCommentTreeWithDepthLimit() async throws {
        let run = try await BuiltExecutable.run([
            "comments", "https://www.reddit.com/r/funny/comments/3hahrw/ba_dum_tsss/", "--offline", "--depth", "1",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        // The markers line (an eleven-year-old post is archived) sits between the title and the byline.
        #expect(run.stdout.hasPrefix("Ba Dum Tsss\n[archived]\nr/funny · u/your_local_librarian"))
        #expect(run.stdout.contains("johnnwho · 1.1k points"))
        #expect(run.stdout.contains("  [+] 124 more replies"))
        #expect(!run.stdout.contains("Lommo97"), "replies below depth 1 are summarized, not shown")
    }

    @Test func somethingNotRecordedSaysWhatIsAvailableAndFails() async throws {
        let run = try await BuiltExecutable.run(["hot", "swift", "--offline"])
        #expect(run.status == 3)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.hasPrefix("reddit: GET /r/swift/hot is not available offline"))
        #expect(run.stderr.count <= 120, "short: \(run.stderr)")
        #expect(run.stderr.contains("reddit help offline"))
        // What is available is one command away.
        let available = try await BuiltExecutable.run(["help", "offline"])
        #expect(available.status == 0, "stderr: \(available.stderr)")
        #expect(
            available.stdout.contains("Listings:\n  reddit hot\n  reddit hot test_subreddit\n  reddit hot askreddit\n"))
        #expect(available.stdout.contains("reddit comments 3hahrw   Ba Dum Tsss"))
    }

    @Test func anOfflineWriteSaysWhatItWouldSendAndThatItWasNotSent() async throws {
        for arguments in [
            ["vote", "up", "t3_4b536p"], ["vote", "up", "t3_48dxvx"], ["save", "t3_48dxvx"], ["subscribe", "swift"],
        ] {
            let run = try await BuiltExecutable.run(arguments + ["--offline"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 2, "\(arguments): \(run.stdout)")
            #expect(lines.last == "not sent: --offline never writes to Reddit")
        }
        let vote = try await BuiltExecutable.run(["vote", "up", "t3_48dxvx", "--offline"])
        #expect(vote.stdout.hasPrefix("would send: POST /api/vote api_type=json&dir=1&id=t3_48dxvx\n"))
    }

    @Test func jsonPrintsWhatRedditSent() async throws {
        let run = try await BuiltExecutable.run(["subreddit", "announcements", "--offline", "--json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let data = object?["data"] as? [String: Any]
        #expect(object?["kind"] as? String == "t5")
        #expect(data?["display_name"] as? String == "announcements")
    }

    @Test func otherOfflineCommands() async throws {
        let about = try await BuiltExecutable.run(["subreddit", "r/announcements", "--offline"])
        #expect(about.status == 0)
        #expect(about.stdout.hasPrefix("r/announcements · Official Reddit announcements\n"))
        let user = try await BuiltExecutable.run(["user", "spez", "submitted", "--offline", "--limit", "2"])
        #expect(user.status == 0, "stderr: \(user.stderr)")
        #expect(user.stdout.split(separator: "\n").filter { $0.hasPrefix("post") }.count == 2)
        let search = try await BuiltExecutable.run([
            "search", "praw", "oauth", "search", "--subreddit", "all", "--offline", "--limit", "1",
        ])
        #expect(search.status == 0, "stderr: \(search.stderr)")
        #expect(search.stdout.contains("r/redditdev"))
        let whoami = try await BuiltExecutable.run(["whoami", "--offline"])
        #expect(whoami.stdout.hasPrefix("u/PyAPITestUser2\n"))
    }

    @Test func usageErrorsExitWithTwoAndShowTheUsage() async throws {
        for arguments in [["hot", "--bogus"], ["comments"], ["vote", "sideways", "t3_x"], ["nonsense"]] {
            let run = try await BuiltExecutable.run(arguments + ["--offline"])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("Usage: reddit"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 2, "two lines: \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func helpForEveryCommandExitsZero() async throws {
        let general = try await BuiltExecutable.run(["--help"])
        #expect(general.status == 0 && general.stdout.contains("reddit --offline"))
        let browse = try await BuiltExecutable.run(["browse", "--help"])
        #expect(browse.status == 0 && browse.stdout.hasPrefix("Usage: reddit browse"))
    }

    @Test func withoutAClientIDOnlineSaysHowToRegisterAnApp() async throws {
        // Reading works anonymously now; an unresolvable proxy keeps the test off the network.
        let run = try await BuiltExecutable.run(
            ["hot"], environment: try BuiltExecutable.isolatedEnvironment(["https_proxy": "http://proxy.invalid:1"]))
        #expect(run.status == 1)
        #expect(run.stderr.contains("https://www.reddit.com/prefs/apps"))
        #expect(run.stderr.contains("installed app"))
        #expect(run.stderr.contains("REDDIT_CLIENT_ID"))
    }

    @Test func aBrokenConfigFileIsReportedNotIgnored() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment()
        let directory = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: directory.appendingPathComponent("config.json"))
        // Online it stops the command; offline (which needs no configuration) it is said and left out.
        let online = try await BuiltExecutable.run(["whoami"], environment: environment)
        #expect(online.status == 1)
        #expect(online.stderr.hasPrefix("reddit: config file \(directory.path)/config.json is not a JSON object"))
        let run = try await BuiltExecutable.run(["--offline"], environment: environment)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("reddit: config file \(directory.path)/config.json is not a JSON object"))
        #expect(run.stderr.hasSuffix("(left out: --offline needs no configuration)\n"))
    }

    @Test func browseRefusesToRunWithoutATerminal() async throws {
        let run = try await BuiltExecutable.run(["browse", "--offline"])
        #expect(run.status == 1)
        #expect(run.stderr == "reddit: browse needs a terminal (standard input and output must be a TTY)\n")
    }
}
