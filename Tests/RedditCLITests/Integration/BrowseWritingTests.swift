import Foundation
import Testing

/// Writing and the inbox inside `reddit browse --offline`, in a real terminal (tmux): the text
/// comes from a fake `$EDITOR`, the screen says what would have been sent, and nothing is sent.
@Suite(.serialized) struct BrowseWritingTests {
    /// A fake editor: notes the terminal's modes and whether the alternate screen was left, then
    /// writes `text` (if any) above the template, as a person would.
    private struct FakeEditor {
        let directory: URL
        let script: URL
        var modes: URL { directory.appendingPathComponent("modes.txt") }
        var alternateScreen: URL { directory.appendingPathComponent("alternate.txt") }
        var template: URL { directory.appendingPathComponent("template.txt") }
        var groups: URL { directory.appendingPathComponent("groups.txt") }

        init(writing text: String?) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "reddit-editor-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            script = directory.appendingPathComponent("editor.sh")
            var body = """
                #!/bin/sh
                stty -a > '\(directory.path)/modes.txt'
                ps -o pgid=,tpgid= -p $$ > '\(directory.path)/groups.txt'
                tmux display-message -p '#{alternate_on}' > '\(directory.path)/alternate.txt'
                cp "$1" '\(directory.path)/template.txt'

                """
            if let text {
                body += "{ printf '%s\\n' '\(text)'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n"
            }
            try Data(body.utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }

        /// What the editor saw: the terminal in line mode with echo, on the main screen, and its
        /// process group in the terminal's foreground (else an editor cannot read keys).
        func expectTerminalWasGivenBack() throws {
            let groups = try String(contentsOf: groups, encoding: .utf8).split(whereSeparator: \.isWhitespace)
            #expect(groups.count == 2 && groups[0] == groups[1], "the editor runs in the foreground: \(groups)")
            let modes = try String(contentsOf: modes, encoding: .utf8).split(whereSeparator: \.isWhitespace)
            #expect(modes.contains("icanon") && !modes.contains("-icanon"), "the editor got line editing")
            #expect(modes.contains("echo") && !modes.contains("-echo"), "the editor got echo")
            let alternate = try String(contentsOf: alternateScreen, encoding: .utf8)
            #expect(
                alternate.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "the editor ran on the main screen")
        }
    }

    private func start(_ arguments: String = "", editor: FakeEditor) throws -> TmuxSession {
        try TmuxSession(
            command: try BrowseInTmux.command(arguments, environment: ["EDITOR": editor.script.path]), columns: 100,
            rows: 30)
    }

    /// The status at the bottom as one text (a long one wraps onto a second line at a space).
    private func bottom(_ screen: [String]) -> String {
        let lines = Array(screen.reversed().drop { $0.isEmpty })
        guard let last = lines.first else { return "" }
        if lines.count > 1, lines[1].hasPrefix("offline, not sent:") { return lines[1] + " " + last }
        return last
    }

    @Test func aReplyWrittenInTheEditorShowsWhatWouldBeSentAndSendsNothing() async throws {
        let editor = try FakeEditor(writing: "Nice catch")
        let tmux = try start(editor: editor)
        defer { tmux.close() }
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
        try tmux.send("c")
        try await tmux.waitFor(
            text: "offline, not sent: POST /api/comment api_type=json&text=Nice catch&thing_id=t3_3hahrw")
        let template = try String(contentsOf: editor.template, encoding: .utf8)
        #expect(template.contains("Write your reply to t3_3hahrw above the line of dashes"))
        try editor.expectTerminalWasGivenBack()
        // The browser has the terminal back, where the user was.
        #expect(try tmux.isOnAlternateScreen())
        let screen = try tmux.screen()
        #expect(screen.contains { $0.hasPrefix(">") && $0.contains("Ba Dum Tsss") })
        try tmux.send("j")
        try await tmux.waitFor(text: "↑↓/jk move · Enter open")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func aReplyToACommentNamesTheComment() async throws {
        let editor = try FakeEditor(writing: "Agreed")
        let tmux = try start("--post 3hahrw", editor: editor)
        defer { tmux.close() }
        try await tmux.waitFor(text: "> johnnwho · 1.1k points")
        try tmux.send("c")
        let screen = try await tmux.waitFor("the reply's preview") { screen in
            screen.contains {
                $0.hasPrefix("offline, not sent: POST /api/comment api_type=json&text=Agreed&thing_id=t1_")
            }
        }
        #expect(screen.contains { $0.hasPrefix("> johnnwho · 1.1k points") }, "the comment stays selected")
        try tmux.send("q", "Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func anEmptyTextCancels() async throws {
        let editor = try FakeEditor(writing: nil)
        let tmux = try start(editor: editor)
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("c")
        try await tmux.waitFor(text: "empty text, nothing sent")
        #expect(try !tmux.screen().contains { $0.contains("/api/comment") })
        try editor.expectTerminalWasGivenBack()
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func aMessageAndAPostAreWrittenInTheEditorToo() async throws {
        let editor = try FakeEditor(writing: "Hello there")
        let tmux = try start(editor: editor)
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("C")
        try await tmux.waitFor(text: "message to (user, or #subreddit): ")
        try tmux.send("spez", "Enter")
        try await tmux.waitFor(text: "subject: ")
        try tmux.send("Hi", "Enter")
        try await tmux.waitFor("the message's preview") { screen in
            self.bottom(screen)
                == "offline, not sent: POST /api/compose api_type=json&subject=Hi&text=Hello there&to=spez"
        }
        #expect(try String(contentsOf: editor.template, encoding: .utf8).contains("your message to u/spez"))

        try tmux.send("p")
        try await tmux.waitFor(text: "post to r/")
        try tmux.send("test", "Enter")
        try await tmux.waitFor(text: "title of your post to r/test: ")
        try tmux.send("First post", "Enter")
        try await tmux.waitFor("the post's preview, on two lines") { screen in
            let text = self.bottom(screen)
            return text.hasPrefix("offline, not sent: POST /api/submit api_type=json&kind=self")
                && text.contains("&sr=test&text=Hello there&title=First post")
        }
        #expect(try String(contentsOf: editor.template, encoding: .utf8).contains("the text of your post 'First post'"))
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func theInboxOpensAndAMessageOpensAndRepliesGoToIt() async throws {
        let editor = try FakeEditor(writing: "Thanks")
        let tmux = try start(editor: editor)
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("i")
        try await tmux.waitFor(text: " reddit · inbox · [all]")
        try await tmux.waitFor("the recorded message") { screen in
            screen.contains { $0.contains("u/Lil_SpazBot ") && $0.contains("  Test message  message") }
        }
        try tmux.send("j", "j", "j")
        try await tmux.waitFor("the fourth message selected") { screen in
            screen.contains { $0.hasPrefix(">") && $0.contains("Test message") }
        }
        try tmux.send("Enter")
        try await tmux.waitFor(text: " reddit · inbox · Test message · offline")
        try await tmux.waitFor(text: "u/Lil_SpazBot · to ")
        try tmux.send("c")
        try await tmux.waitFor(
            text: "offline, not sent: POST /api/comment api_type=json&text=Thanks&thing_id=t4_30rrdbf")
        try tmux.send("q")
        try await tmux.waitFor(text: " reddit · inbox · [all]")
        try tmux.send("q")
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
