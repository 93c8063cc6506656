import Foundation
import Testing

/// The built `reddit` writing, offline: what it would send, with text from `--text` or an editor.
@Suite struct WriteCommandsTests {
    private static let notSent = "not sent: --offline never writes to Reddit"

    /// A fake `$EDITOR`: a shell script that writes `text` above the fence line of the file it
    /// is given (it fails when there is no fence), as a person would.
    private static func editor(writing text: String) throws -> String {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("fake-editor-\(UUID().uuidString)")
        let body =
            "#!/bin/sh\ngrep -q '^-------- [0-9a-f]* -------- write above this line' \"$1\" || exit 7\n"
            + "{ printf '%s\\n' '\(text)'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"
        try Data(body.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test func everyWriteCommandSaysWhatItWouldSendAndThatItWasNotSent() async throws {
        let cases: [([String], String)] = [
            (["reply", "t3_48dxvx", "--text", "Nice"], "POST /api/comment api_type=json&text=Nice&thing_id=t3_48dxvx"),
            (
                ["edit", "t1_cu5tt8h", "--text", "Fixed"],
                "POST /api/editusertext api_type=json&text=Fixed&thing_id=t1_cu5tt8h&validate_on_submit=true"
            ),
            (["delete", "t1_cu5tt8h"], "POST /api/del api_type=json&id=t1_cu5tt8h"),
            (
                ["message", "spez", "--subject", "Hi", "--text", "Hello"],
                "POST /api/compose api_type=json&subject=Hi&text=Hello&to=spez"
            ),
            (
                ["message", "#swift", "--subject", "Hi", "--text", "Mods"],
                "POST /api/compose api_type=json&subject=Hi&text=Mods&to=#swift"
            ),
            (["submit", "r/swift", "--title", "Swift", "--url", "https://swift.org"], "kind=link"),
            (["submit", "swift", "--title", "Hello", "--text", "Body"], "kind=self"),
            (["submit", "swift", "--title", "Again", "--crosspost", "t3_48dxvx"], "crosspost_fullname=t3_48dxvx"),
            (["read", "--all"], "POST /api/read_all_messages api_type=json"),
            (["read", "t4_2tq2n", "t1_cu5tt8h"], "POST /api/read_message api_type=json&id=t4_2tq2n,t1_cu5tt8h"),
        ]
        for (arguments, expected) in cases {
            let run = try await BuiltExecutable.run(arguments + ["--offline"])
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(arguments): \(run.stdout)")
            #expect(lines.first?.hasPrefix("would send: POST ") == true, "\(arguments): \(run.stdout)")
            #expect(lines.first?.contains(expected) == true, "\(arguments): \(run.stdout)")
            #expect(lines.last == Self.notSent)
        }
    }

    @Test func anImagePostDescribesTheUploadAndThePost() async throws {
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("cat-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: image)
        let run = try await BuiltExecutable.run([
            "submit", "pics", "--title", "Cat", "--image", image.path, "--offline",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("POST /api/media/asset.json"))
        #expect(run.stdout.contains("mimetype=image/png"))
        #expect(run.stdout.contains("(4 bytes)"))
        #expect(run.stdout.contains("kind=image"))
        #expect(run.stdout.hasSuffix(Self.notSent + "\n"))
        let text = try await BuiltExecutable.run([
            "submit", "pics", "--title", "Cat", "--image", "/nonexistent/cat.png", "--offline",
        ])
        #expect(text.status == 1)
        #expect(text.stderr.hasPrefix("reddit: cannot read the image /nonexistent/cat.png"))
    }

    @Test func withoutTextTheEditorWritesItAboveTheFence() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment([
            "EDITOR": try Self.editor(writing: "From the editor")
        ])
        let run = try await BuiltExecutable.run(["reply", "t1_cu5tt8h", "--offline"], environment: environment)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "would send: POST /api/comment api_type=json&text=From the editor&thing_id=t1_cu5tt8h\n"))
        let post = try await BuiltExecutable.run(
            ["submit", "swift", "--title", "T", "--offline"], environment: environment)
        #expect(post.status == 0, "stderr: \(post.stderr)")
        #expect(post.stdout.contains("kind=self"))
        #expect(post.stdout.contains("text=From the editor"))
        // $VISUAL wins over $EDITOR.
        var both = environment
        both["VISUAL"] = try Self.editor(writing: "From visual")
        let visual = try await BuiltExecutable.run(["edit", "t1_cu5tt8h", "--offline"], environment: both)
        #expect(visual.stdout.contains("text=From visual"), "\(visual.stdout) \(visual.stderr)")
    }

    @Test func anEmptyTextCancelsWithOneLine() async throws {
        let environment = try BuiltExecutable.isolatedEnvironment(["EDITOR": try Self.editor(writing: "")])
        let run = try await BuiltExecutable.run(
            ["message", "spez", "--subject", "Hi", "--offline"], environment: environment)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "reddit: empty text, nothing sent\n")
        let none = try await BuiltExecutable.run(["reply", "t1_cu5tt8h", "--offline"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("pass --text, or set $EDITOR"), "no editor: \(none.stderr)")
    }

    @Test func theRecordedInboxAndNewestPostsShowOffline() async throws {
        let inbox = try await BuiltExecutable.run(["inbox", "--offline"])
        #expect(inbox.status == 0, "stderr: \(inbox.stderr)")
        let lines = inbox.stdout.split(separator: "\n").map(String.init)
        // A page of 25 of the 110 recorded items (PRAW's, then rtv's), and the next page's command.
        #expect(lines.count == 26, "\(inbox.stdout)")
        #expect(lines.first?.contains("t4_30s40u5  u/Lil_SpazJoekp ") == true, "\(lines.first ?? "")")
        #expect(lines.first?.contains("  re: Modmail message  this is unhidden") == true, "\(lines.first ?? "")")
        #expect(lines.last?.hasPrefix("more: reddit --offline inbox all --after ") == true)
        let next = try await BuiltExecutable.run(["inbox", "all", "--offline", "--after", "t1_mynqt16"])
        #expect(next.status == 0 && next.stdout.contains("  u/"), "\(next.stdout) \(next.stderr)")
        let last = try await BuiltExecutable.run(["inbox", "sent", "--offline", "--limit", "100"])
        #expect(!last.stdout.contains("more: "), "the recording ends there, so no next page is offered")
        for section in ["sent", "mentions", "replies"] {
            let run = try await BuiltExecutable.run(["inbox", section, "--offline"])
            #expect(run.status == 0, "\(section): \(run.stderr)")
            #expect(run.stdout.contains("  u/"), "\(section): \(run.stdout)")
        }
        let unread = try await BuiltExecutable.run(["inbox", "unread", "--offline"])
        #expect(unread.status == 3)
        #expect(
            unread.stderr
                == "reddit: GET /message/unread is not available offline (not recorded); 'reddit help offline' lists what is\n"
        )
        // Offline, watch prints the recorded newest posts once, oldest first, and says there are no more.
        let watch = try await BuiltExecutable.run(["watch", "askreddit", "--offline"])
        #expect(watch.status == 0, "stderr: \(watch.stderr)")
        let posts = watch.stdout.split(separator: "\n").map(String.init)
        #expect(posts.count == 25)
        #expect(posts.allSatisfy { $0.contains("r/AskReddit") })
        #expect(
            watch.stderr == "reddit: no more items are recorded offline (watch needs the network to see new ones)\n")
        let json = try await BuiltExecutable.run(["watch", "r/askreddit", "--offline", "--json"])
        let objects = try json.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
        }
        #expect(objects.count == 25, "one JSON object a line")
        #expect(objects.allSatisfy { $0?["name"]?.hasPrefix("t3_") == true && $0?["text"] != nil })
        let comments = try await BuiltExecutable.run(["watch", "askreddit", "--comments", "--offline"])
        #expect(comments.status == 3)
        #expect(comments.stderr.hasPrefix("reddit: GET /r/askreddit/comments is not available offline"))
    }

    @Test func helpListsTheNewCommands() async throws {
        let run = try await BuiltExecutable.run(["help"])
        for command in ["reply", "edit", "delete", "message", "submit", "inbox", "read", "watch"] {
            #expect(run.stdout.contains("\n  \(command) "), "\(command) in help")
        }
        let submit = try await BuiltExecutable.run(["submit", "--help"])
        #expect(submit.stdout.hasPrefix("Usage: reddit submit <subreddit> --title TITLE"))
    }
}
