import Foundation
import Testing

/// The built `reddit` running the moderator's commands offline, against the PRAW recordings
/// shipped in the offline cassette.
@Suite struct ModeratorCommandsTests {
    private static let notSent = "not sent: --offline never writes to Reddit"

    private static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private static func kinds(_ listing: [String: Any]) -> [String] {
        ((listing["data"] as? [String: Any])?["children"] as? [[String: Any]] ?? []).compactMap {
            $0["kind"] as? String
        }
    }

    @Test func theModQueueShowsRecordedPostsAndCommentsWithTheirFullnames() async throws {
        let run = try await BuiltExecutable.run(["--offline", "mod", "queue", "test_subreddit"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let all = run.stdout.split(separator: "\n").map(String.init)
        let lines = all.filter { $0.hasPrefix("t") }
        // The recordings of posts (1) and of comments (6) together, newest first, each with the
        // moderator's report under it, as the browser shows them.
        #expect(lines.count == 7, "\(run.stdout)")
        #expect(all.count(where: { $0.hasPrefix("             reports: ") }) == 7, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("t3_byazz9    post ") == true, "\(run.stdout)")
        #expect(lines.first?.contains("u/SuzyModQ") == true && lines.first?.contains("Epic photo of Thiem") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("t1_") && $0.contains(" comment ") })
        #expect(!run.stdout.contains("<TEST_SUBREDDIT>"), "placeholders are shown as bare names")
        #expect(run.stderr.isEmpty)
        // The same name typed in capitals, and --only keeping one kind.
        let posts = try await BuiltExecutable.run(["--offline", "mod", "queue", "TEST_SUBREDDIT", "--only", "links"])
        #expect(posts.status == 0, "stderr: \(posts.stderr)")
        #expect(posts.stdout.split(separator: "\n").count(where: { $0.hasPrefix("t") }) == 1)
        #expect(posts.stdout.hasPrefix("t3_byazz9"))
        let comments = try await BuiltExecutable.run([
            "--offline", "mod", "queue", "test_subreddit", "--only", "comments",
        ])
        #expect(comments.stdout.split(separator: "\n").count(where: { $0.hasPrefix("t1_") }) == 6)
        #expect(!comments.stdout.contains("t3_"))
    }

    @Test func everyQueueKindIsReachableAndPagesLikeAListing() async throws {
        let run = try await BuiltExecutable.run([
            "--offline", "mod", "queue", "test_subreddit", "unmoderated", "--limit", "2",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("t3_5del0q") && lines[0].contains("how to post?"))
        #expect(lines[2] == "more: reddit --offline mod queue test_subreddit unmoderated --after t3_5dacyc")
        let next = try await BuiltExecutable.run([
            "--offline", "mod", "queue", "test_subreddit", "unmoderated", "--limit", "2", "--after", "t3_5dacyc",
        ])
        #expect(next.status == 0, "stderr: \(next.stderr)")
        #expect(!next.stdout.contains("t3_5del0q") && !next.stdout.contains("t3_5dacyc"))
        for queue in ["reports", "spam", "edited"] {
            let other = try await BuiltExecutable.run(["--offline", "mod", "queue", "test_subreddit", queue])
            #expect(other.status == 0, "\(queue): \(other.stderr)")
            #expect(other.stdout.hasPrefix("t"), "\(queue): \(other.stdout)")
        }
        let all = try await BuiltExecutable.run(["--offline", "mod", "queue", "mod", "spam"])
        #expect(all.stdout.contains("r/LifeProTips  WHAT?!"), "\(all.stdout)")
    }

    @Test func theQueueAsJSONIsRedditsListing() async throws {
        let run = try await BuiltExecutable.run([
            "--offline", "mod", "queue", "test_subreddit", "--only", "comments", "--json",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let listing = try Self.json(run.stdout)
        #expect(listing["kind"] as? String == "Listing")
        #expect(Self.kinds(listing) == Array(repeating: "t1", count: 6))
    }

    @Test func theLogShowsEntriesFilteredByTypeAndModerator() async throws {
        let run = try await BuiltExecutable.run(["--offline", "mod", "log", "username"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(
            run.stdout.split(separator: "\n").first?.contains(
                "u/USERNAME  adjust_post_crowd_control_level  r/USERNAME  t3_ol4d5w") == true, "\(run.stdout)")
        let sameType = try await BuiltExecutable.run([
            "--offline", "mod", "log", "username", "--type", "adjust_post_crowd_control_level", "--mod", "username",
        ])
        #expect(sameType.stdout.contains("adjust_post_crowd_control_level"), "\(sameType.stdout)")
        for filter in [["--type", "banuser"], ["--mod", "someone_else"]] {
            let other = try await BuiltExecutable.run(["--offline", "mod", "log", "username"] + filter)
            #expect(other.status == 0)
            #expect(other.stdout == "(no log entries)\n", "\(filter): \(other.stdout)")
        }
        let json = try await BuiltExecutable.run(["--offline", "mod", "log", "username", "--json"])
        #expect(Self.kinds(try Self.json(json.stdout)) == ["modaction"])
    }

    @Test func modmailAndTheWikiShowWhatWasRecorded() async throws {
        let modmail = try await BuiltExecutable.run(["--offline", "modmail", "pics", "LifeProTips"])
        #expect(modmail.status == 0, "stderr: \(modmail.stderr)")
        #expect(modmail.stdout == "(no conversations)\n", "the recorded folder is empty")
        let modmailJSON = try Self.json(
            try await BuiltExecutable.run(["--offline", "modmail", "pics", "LifeProTips", "--json"]).stdout)
        #expect(modmailJSON["viewerId"] as? String == "t2_o77bz")
        let wiki = try await BuiltExecutable.run(["--offline", "wiki", "reddit.com", "search"])
        #expect(wiki.status == 0, "stderr: \(wiki.stderr)")
        #expect(wiki.stdout.hasPrefix("r/reddit.com wiki: search · revised "), "\(wiki.stdout.prefix(80))")
        #expect(wiki.stdout.contains(" by u/redtaboo\n\n#Reddit Search\n\nTL;DR\n"))
        #expect(!wiki.stdout.contains("\r"))
        let wikiJSON = try Self.json(
            try await BuiltExecutable.run(["--offline", "wiki", "reddit.com", "search", "--json"]).stdout)
        #expect(wikiJSON["kind"] as? String == "wikipage")
    }

    @Test func writesSayWhatTheyWouldSendAndThatNothingWasSent() async throws {
        let cases: [([String], String)] = [
            (["mod", "approve", "t1_fx1jgsp"], "would send: POST /api/approve api_type=json&id=t1_fx1jgsp"),
            (
                ["mod", "remove", "t3_hmkbt8", "--spam", "--reason", "15kbmgmhm6mxo"],
                "would send: POST /api/remove api_type=json&id=t3_hmkbt8&spam=true, then POST "
                    + #"/api/v1/modactions/removal_reasons api_type=json&json={"item_ids":["t3_hmkbt8"],"mod_note":null,"reason_id":"15kbmgmhm6mxo"}"#
            ),
            (["mod", "remove", "t1_fx1jgsp"], "would send: POST /api/remove api_type=json&id=t1_fx1jgsp&spam=false"),
            (
                ["modmail", "reply", "ik72", "--text", "Looking into it", "--internal"],
                "would send: POST /api/mod/conversations/ik72 api_type=json&body=Looking into it&isAuthorHidden=false&isInternal=true"
            ),
            (
                ["flair", "test_subreddit", "spez", "Helper"],
                "would send: POST /r/test_subreddit/api/flair api_type=json&css_class=&name=spez&text=Helper"
            ),
        ]
        for (arguments, expected) in cases {
            let run = try await BuiltExecutable.run(["--offline"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout == expected + "\n" + Self.notSent + "\n", "\(arguments)")
        }
    }

    @Test func wikiEditOpensThePageInTheEditorAndPreviewsTheEdit() async throws {
        // A fake editor that appends a line to the page it is given (headings included).
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("wiki-editor-\(UUID().uuidString)")
        try Data(
            "#!/bin/sh\ngrep -q '^#Reddit Search' \"$1\" || exit 7\nprintf '\\nOne more line.\\n' >> \"$1\"\n".utf8
        )
        .write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let environment = try BuiltExecutable.isolatedEnvironment(["EDITOR": script.path])
        let run = try await BuiltExecutable.run(
            ["--offline", "wiki", "reddit.com", "search", "--edit", "--reason", "one more"], environment: environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(
            run.stdout.hasPrefix("would send: POST /r/reddit.com/api/wiki/edit api_type=json&content=#Reddit Search\\n")
        )
        // Based on the revision read, so Reddit refuses it if someone changed the page meanwhile.
        #expect(
            run.stdout.contains(
                "One more line.\\n&page=search&previous=c4dc1330-bb76-11ec-a46b-0e2c43d99690&reason=one more\n"),
            "\(run.stdout.suffix(200))")
        #expect(run.stdout.hasSuffix(Self.notSent + "\n"))
        // An editor that changes nothing sends nothing.
        let unchanged = try await BuiltExecutable.run(
            ["--offline", "wiki", "reddit.com", "search", "--edit"],
            environment: try BuiltExecutable.isolatedEnvironment(["EDITOR": "true"]))
        #expect(unchanged.status == 1)
        #expect(unchanged.stderr == "reddit: the page was not changed, nothing sent\n")
    }

    @Test func whatWasNotRecordedIsOneLineAndExitsThree() async throws {
        for arguments in [
            ["mod", "queue", "pics"], ["mod", "log", "pics"], ["wiki", "reddit.com", "nosuchpage"],
            ["modmail", "swift"],
        ] {
            let run = try await BuiltExecutable.run(["--offline"] + arguments)
            #expect(run.status == 3, "\(arguments)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("is not available offline (not recorded); 'reddit help offline' lists what is"))
        }
        let available = try await BuiltExecutable.run(["help", "offline"])
        #expect(
            available.stdout.contains("  reddit mod queue test_subreddit\n  reddit mod queue test_subreddit reports\n"))
        #expect(available.stdout.contains("  reddit mod log username\n"))
        #expect(available.stdout.contains("  reddit modmail pics LifeProTips\n"))
        // Every subreddit's modmail: the conversations recorded one by one.
        #expect(available.stdout.contains("  reddit modmail\n"))
        #expect(available.stdout.contains("  reddit wiki reddit.com search\n"))
    }

    @Test func anUnknownModSubcommandSaysSoWithStatusTwo() async throws {
        let run = try await BuiltExecutable.run(["--offline", "mod", "ban", "spez"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "reddit: unknown subcommand 'mod ban' (mod has queue, log, approve and remove)\n"
                + "Usage: reddit mod queue|log|approve|remove …   (more: reddit mod --help)\n")
        let help = try await BuiltExecutable.run(["mod", "log", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("reddit mod log <subreddit> [--type ACTION] [--mod NAME]"))
    }
}
