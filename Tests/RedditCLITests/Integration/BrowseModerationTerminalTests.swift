import Foundation
import Testing

/// A moderator's session in `reddit browse --offline`, in a real terminal (tmux), over the
/// recorded queue, removal reasons, modmail and log: each key's screen, and the bottom line
/// saying what would have been sent (nothing is).
@Suite(.serialized) struct BrowseModerationTerminalTests {
    private func start(environment: [String: String] = [:]) async throws -> TmuxSession {
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command("", environment: environment), columns: 100, rows: 30)
        try await tmux.waitFor(text: "reddit · recorded threads")
        return tmux
    }

    /// The status at the bottom as one text (a long one is cut at the width onto a second line).
    private func status(_ screen: [String]) -> String {
        let lines = Array(screen.reversed().drop { $0.isEmpty })
        guard let last = lines.first else { return "" }
        // A long status wraps onto a second line at a space.
        return lines.count > 1 && lines[1].hasPrefix("offline, not sent:") ? lines[1] + " " + last : last
    }

    @Test func theRecordedQueueIsApprovedAndRemovedWithAPickedReason() async throws {
        let tmux = try await start()
        defer { tmux.close() }
        try tmux.send("M")
        try await tmux.waitFor(text: "moderating r/TEST_SUBREDDIT")
        try tmux.send("1")
        try await tmux.waitFor(text: "reddit · r/TEST_SUBREDDIT · mod queue · offline")
        var screen = try tmux.screen()
        #expect(screen[1].hasPrefix("> post    · u/SuzyModQ · r/TEST_SUBREDDIT · "))
        #expect(screen[2] == "│ Epic photo of Thiem during his Semi Final win at Roland Garros today against Djokovic.")
        #expect(screen[3] == "│ reports: u/TEST_SUBREDDIT: \"report\"", "the mod report beside the item, with the mod")

        try tmux.send("a")
        screen = try await tmux.waitFor(text: "[approved]")
        #expect(status(screen) == "offline, not sent: POST /api/approve api_type=json&id=t3_byazz9")

        try tmux.send("j")
        try tmux.send("R")
        screen = try await tmux.waitFor(text: "reddit · pick a removal reason")
        #expect(screen.contains("> 0  no reason"))
        #expect(screen.contains("  1  test  dgsdfgsdgdfgfdgsdg"))
        #expect(screen.contains("  2  bruh  dfgfdsggergthh54hrt6eghtdehteg"))
        try tmux.send("j")
        try tmux.send("j")
        try tmux.send("Enter")
        screen = try await tmux.waitFor(text: "[removed: bruh]")
        #expect(screen.contains { $0.hasPrefix("> comment · u/USERNAME") && $0.hasSuffix("[removed: bruh]") })
        let sent = status(screen)
        #expect(
            sent.hasPrefix(
                "offline, not sent: POST /api/remove api_type=json&id=t1_da2g5y6&spam=false, then POST "
                    + "/api/v1/modactions/removal_reasons"))
        #expect(screen.filter { !$0.isEmpty }.suffix(2).allSatisfy { $0.count <= 100 }, "two lines at most")

        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func aModmailReplyWrittenInTheEditorShowsWhatWouldBeSent() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-modmail-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let editor = directory.appendingPathComponent("editor.sh")
        // Writes the reply above the template, as a person would.
        try Data(
            "#!/bin/sh\n{ echo 'We are looking into it'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\"\n".utf8
        )
        .write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let tmux = try await start(environment: ["EDITOR": editor.path])
        defer { tmux.close() }
        try tmux.send("M")
        try await tmux.waitFor(text: "moderating r/")
        try tmux.send("4")
        try await tmux.waitFor(text: "This is an outrage!")
        try tmux.send("j")
        try tmux.send("j")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "r/Lil_Spaz · faj6z · 3 messages")
        try tmux.send("r")
        let screen = try await tmux.waitFor(text: "offline, not sent:")
        #expect(
            status(screen)
                == "offline, not sent: POST /api/mod/conversations/faj6z api_type=json&body=We are looking into it"
                + "&isAuthorHidden=false&isInternal=false")
        #expect(try tmux.isOnAlternateScreen(), "the browser has the terminal back")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func theModLogOfAnotherSubredditListsItsEntries() async throws {
        let tmux = try await start()
        defer { tmux.close() }
        // `mod` at the r prompt opens the menu too; `s` picks the subreddit.
        try tmux.send("r")
        try tmux.send("mod", "Enter")
        try await tmux.waitFor(text: "reddit · moderation · r/mod")
        try tmux.send("s")
        try await tmux.waitFor(text: "moderate r/")
        try tmux.send("username", "Enter")
        try await tmux.waitFor(text: "reddit · moderation · r/username")
        try tmux.send("5")
        let screen = try await tmux.waitFor(text: "reddit · r/username · mod log")
        #expect(
            screen.contains {
                $0.hasPrefix(">") && $0.contains("u/USERNAME  adjust_post_crowd_control_level  r/USERNAME  t3_ol4d5w")
            })
        #expect(status(screen).contains("q back · n next page · ? help"))
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
