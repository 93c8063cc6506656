import Foundation
import Testing

@testable import RedditCLI

/// `reddit browse --offline` in a real terminal (tmux): keys in, screen out, and the terminal
/// given back intact.
@Suite(.serialized) struct BrowseTerminalTests {
    private func command(_ arguments: String, environment extra: [String: String] = [:]) throws -> String {
        try BrowseInTmux.command(arguments, environment: extra)
    }

    private func expectRestored(_ tmux: TmuxSession, status: Int = 0) async throws {
        try await BrowseInTmux.expectRestored(tmux, status: status)
    }

    @Test func aThreadCollapsesAndExpandsAndQuittingRestoresTheTerminal() async throws {
        let tmux = try TmuxSession(command: try command("--post 3hahrw"))
        defer { tmux.close() }
        try await tmux.waitFor(text: "> johnnwho · 1.1k points")
        #expect(try tmux.isOnAlternateScreen())
        try await tmux.waitFor(text: "Lommo97 · 696 points")

        try tmux.send("Enter")
        try await tmux.waitFor("the thread folded") { screen in
            screen.contains { $0.hasPrefix("> [+] johnnwho · 1.1k points") && $0.hasSuffix("(124 replies hidden)") }
                && !screen.contains { $0.contains("Lommo97") }
        }

        try tmux.send("Space")
        try await tmux.waitFor("the thread unfolded") { screen in
            screen.contains { $0.hasPrefix("> johnnwho · 1.1k points") }
                && screen.contains { $0.contains("Lommo97 · 696 points") }
        }

        // j/k and the arrows move the selection.
        try tmux.send("j")
        try await tmux.waitFor(text: ">   Lommo97 · 696 points")
        try tmux.send("Up")
        try await tmux.waitFor(text: "> johnnwho · 1.1k points")

        try tmux.send("q")
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func moreCommentsLoadFromTheRecording() async throws {
        let tmux = try TmuxSession(command: try command("--post 3hahrw"))
        defer { tmux.close() }
        try await tmux.waitFor(text: "johnnwho")
        try tmux.send("G")
        try await tmux.waitFor(text: "> [+] 332 more replies")
        try tmux.send("m")
        try await tmux.waitFor(text: "lava1o · -2 points")
        try tmux.send("C-c")
        try await expectRestored(tmux, status: 130)
    }

    /// `m` on a stub whose replies were not recorded says so in one line and keeps the stub.
    @Test func moreRepliesThatWereNotRecordedSayWhyAndStay() async throws {
        let tmux = try TmuxSession(command: try command("--post 3hahrw"), columns: 100, rows: 30)
        defer { tmux.close() }
        try await tmux.waitFor(text: "[+] 100 more replies")
        // From the post, m loads the first stub below: the 100 more replies of mcampo84.
        try tmux.send("m")
        try await tmux.waitFor("the reason, and the stub still there") { screen in
            screen.contains { $0.hasPrefix("these comments were not recorded, so they are not available offline") }
                && screen.contains { $0.contains("[+] 100 more replies") }
        }
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    /// Esc and ← never quit from the first list; q asks, and only q or y then quits.
    @Test func escapeNeverQuitsAndQAsksFirst() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        try tmux.send("Escape", "Left", "Escape")
        try tmux.send("j")
        try await tmux.waitFor("still browsing after Esc and ←, the second post selected") { screen in
            screen.contains { $0.hasPrefix(">") && $0.contains("What tasty food would be distusting") }
        }
        try tmux.send("q")
        try await tmux.waitFor(text: BrowseState.quitQuestion)
        try tmux.send("x")
        try await tmux.waitFor(text: "↑↓/jk move · Enter open")
        try tmux.send("q", "y")
        try await expectRestored(tmux)
    }

    @Test func ctrlCOnThePostListRestoresTheTerminal() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("Down", "Down")
        try await tmux.waitFor("the third post selected") {
            $0.contains { $0.hasPrefix(">") && $0.contains("At DisneyLand") }
        }
        try tmux.send("C-c")
        // Ctrl-C exits as an interrupted program does: 128 + SIGINT.
        try await expectRestored(tmux, status: 130)
    }

    @Test func aTerminationSignalStillRestoresTheTerminal() async throws {
        let tmux = try TmuxSession(command: try command("--post 3hahrw"))
        defer { tmux.close() }
        try await tmux.waitFor(text: "johnnwho")
        let children = try tmux.paneChildren()
        #expect(children.count == 1, "the shell runs reddit")
        for pid in children { kill(pid, SIGTERM) }
        // The shell reports death by SIGTERM as 128 + 15.
        try await expectRestored(tmux, status: 143)
    }

    @Test func somethingNotRecordedSaysSoInOneLineAndKeepsTheUserWhereTheyWere() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        // r/AskReddit's first post's comments were not recorded: it opens, and loading them says so.
        try tmux.send("r", "a", "s", "k", "r", "e", "d", "d", "i", "t", "Enter")
        try await tmux.waitFor(text: "THE ASKREDDIT MOBILE")
        try tmux.send("Enter")
        // A long post: its stub "(not recorded for offline use)" is below the window; m finds it.
        try await tmux.waitFor(text: "Enter fold · q back")
        try tmux.send("m")
        try await tmux.waitFor(text: "these comments were not recorded, so they are not available offline")
        try tmux.send("k")
        try await tmux.waitFor(text: "Enter fold · q back")
        try tmux.send("q")
        try await tmux.waitFor(text: "↑↓/jk move · Enter open")
        // A search that was not recorded (it searches the subreddit on screen): one line, and the
        // list stays.
        try tmux.send("/", "q", "x", "j", "Enter")
        try await tmux.waitFor("one line saying the search was not recorded, over the list") { screen in
            screen.contains { $0.hasPrefix("GET /r/askreddit/search is not available offline") }
                && screen.contains { $0.contains("THE ASKREDDIT MOBILE") }
        }
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func anOfflineSearchLooksThroughTheRecordedPosts() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("/", "c", "i", "t", "i", "z", "e", "n", "Enter")
        try await tmux.waitFor(text: " reddit · search: citizen · offline")
        try await tmux.waitFor(text: "Please be a good 'bot'")
        try tmux.send("Enter")
        try await tmux.waitFor(text: "Enter fold · q back")
        try tmux.send("q", "q", "Q")
        try await expectRestored(tmux)
    }

    @Test func anOfflineVoteOrSaveShowsWhatWouldBeSentAndChangesNothing() async throws {
        let tmux = try TmuxSession(command: try command(""), columns: 120)
        defer { tmux.close() }
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
        try tmux.send("u")
        try await tmux.waitFor(text: "offline, not sent: POST /api/vote api_type=json&dir=1&id=t3_3hahrw")
        // The vote stays on screen offline, so u again clears it (dir=0), as help says.
        try tmux.send("u")
        try await tmux.waitFor(text: "offline, not sent: POST /api/vote api_type=json&dir=0&id=t3_3hahrw")
        try tmux.send("s")
        try await tmux.waitFor(text: "offline, not sent: POST /api/save api_type=json&id=t3_3hahrw")
        try tmux.send("s")
        try await tmux.waitFor(text: "offline, not sent: POST /api/unsave api_type=json&id=t3_3hahrw")
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    /// Every post of the offline first screen opens onto its recorded thread, with comments.
    @Test func everyPostOfTheOfflineFrontPageOpensOntoComments() async throws {
        let tmux = try TmuxSession(command: try command(""), columns: 120, rows: 40)
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        var withComments = 0
        for index in 0..<12 {
            try tmux.send("Enter")
            let screen = try await tmux.waitFor("post \(index + 1) open") { screen in
                screen.contains { $0.contains("Enter fold") }
                    && !screen.contains { $0.contains("not available offline") || $0.contains("not recorded") }
            }
            if !screen.contains(where: { $0.contains("(no comments)") }) { withComments += 1 }
            // j on the last post would say there are no more posts, over the help line.
            if index < 11 { try tmux.send("q", "j") } else { try tmux.send("q") }
            try await tmux.waitFor("back on the list, post \(min(index + 2, 12)) selected") { screen in
                screen.contains { $0.contains("Enter open") }
            }
        }
        #expect(withComments == 12, "all 12 recorded threads open onto comments")
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func aResizeRedrawsForTheNewWidth() async throws {
        let tmux = try TmuxSession(command: try command(""), columns: 100, rows: 30)
        defer { tmux.close() }
        try await tmux.waitFor(text: "↑↓/jk move · Enter open · q quit · u/d vote · s save · / search · n next page")
        try tmux.resize(columns: 50, rows: 20)
        try await tmux.waitFor("the help line fitted to 50 columns") { screen in
            screen.contains { $0.hasPrefix("↑↓/jk move · Enter open") && $0.hasSuffix("? help") && $0.count <= 50 }
        }
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func questionMarkShowsEveryKey() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: "? help")
        try tmux.send("?")
        try await tmux.waitFor("the key help's first page") { screen in
            [
                "  PgUp PgDn a page up or down", "  o         open the link", "  y         copy the permalink",
                "  r         go to: a subreddit", "  1-5       on a list: sort", "  R         refresh", "Ctrl-C quit",
                "  J K       the next comment at this level / the parent comment",
            ].allSatisfy { key in
                screen.contains { $0.contains(key) }
            }
        }
        try tmux.send("End")
        try await tmux.waitFor("the key help's last page") { screen in
            [
                "  c         reply to the selected post, comment or message", "  C         compose a message",
                "  p         submit a post", "  i         the inbox", "  A         switch account",
                "  v         show the post's picture", "  M         moderator menu",
            ].allSatisfy { key in
                screen.contains { $0.contains(key) }
            }
        }
        try tmux.send("x")
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func oOpensTheLinkWithBrowser() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reddit-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let record = directory.appendingPathComponent("opened.txt")
        let script = directory.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record.path)'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let tmux = try TmuxSession(command: try command("", environment: ["BROWSER": script.path]))
        defer { tmux.close() }
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
        try tmux.send("o")
        try await tmux.waitFor(text: "opened http://i.imgur.com/")
        try await tmux.waitFor("the browser script ran") { _ in
            (try? String(contentsOf: record, encoding: .utf8))?.hasPrefix("http://i.imgur.com/") == true
        }
        let opened = try String(contentsOf: record, encoding: .utf8)
        #expect(opened.split(separator: "\n").count == 1)
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func aLongPostScrollsByLinesInASmallWindow() async throws {
        // "Reddit in 2016" (u/spez): a long text post, in a 60×12 window.
        let tmux = try TmuxSession(command: try command("--post 434h6c"), columns: 60, rows: 12)
        defer { tmux.close() }
        try await tmux.waitFor(text: "> Reddit in 2016")
        var previous = try tmux.screen()
        #expect(!previous.contains { $0.contains("–Steve") })
        var steps = 0
        while !previous.contains(where: { $0.contains("–Steve") }) && steps < 200 {
            try tmux.send("j")
            let before = previous
            previous = try await tmux.waitFor("the view to move") { $0 != before }
            // One line at a time: what was the second content line is now the first.
            #expect(previous[1] == before[2], "j scrolls by one line inside the post")
            // Every line of the selected post carries the selection's mark, so it never scrolls out.
            // (A blank line of the post is the mark alone: the terminal drops trailing spaces.)
            #expect(previous[1].hasPrefix("│") || previous[1].hasPrefix("> "), "\(previous[1])")
            steps += 1
        }
        #expect(steps > 5, "the post is taller than the window")
        #expect(previous.contains { $0.contains("–Steve") } && !previous.contains { $0.contains("> Reddit in 2016") })
        try tmux.send("g")
        try await tmux.waitFor(text: "> Reddit in 2016")
        // Room for the exit report.
        try tmux.resize(columns: 100, rows: 30)
        try await tmux.waitFor(text: "> Reddit in 2016")
        try tmux.send("q", "Q")
        try await expectRestored(tmux)
    }

    @Test func switchingSubredditAndSortStaysInBrowse() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        try tmux.send("r")
        try await tmux.waitFor(text: "go to: ")
        try tmux.send("A", "s", "k", "R", "e", "d", "d", "i", "t", "Enter")
        try await tmux.waitFor(text: " reddit · r/AskReddit · hot · offline")
        try tmux.send("2")
        try await tmux.waitFor(text: " reddit · r/AskReddit · new · offline")
        try tmux.send("R")
        try await tmux.waitFor(text: " reddit · r/AskReddit · new · offline")
        try tmux.send("3")
        try await tmux.waitFor(text: "is not available offline")
        try await tmux.waitFor(text: " reddit · r/AskReddit · new · offline")
        try tmux.send("Q")
        try await expectRestored(tmux)
    }

    @Test func aWindowTooSmallSaysSo() async throws {
        let tmux = try TmuxSession(command: try command(""), columns: 40, rows: 4)
        defer { tmux.close() }
        try await tmux.waitFor(text: "window too small: 40×4, need 30×6")
        try tmux.resize(columns: 80, rows: 20)
        try await tmux.waitFor(text: "r/funny")
        try tmux.send("Q")
        try await expectRestored(tmux)
    }
}
