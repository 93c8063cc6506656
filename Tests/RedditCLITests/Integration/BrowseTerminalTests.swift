import Foundation
import Testing

/// `reddit browse --offline` in a real terminal (tmux): keys in, screen out, and the terminal
/// given back intact.
@Suite(.serialized) struct BrowseTerminalTests {
    /// A shell command that runs browse, then reports its exit status and the terminal modes.
    private func command(_ arguments: String) throws -> String {
        let environment = try BuiltExecutable.isolatedEnvironment(["NO_COLOR": "1"])
        let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        return "cd /tmp && env \(variables) '\(try BuiltExecutable.path())' browse --offline \(arguments); "
            + "echo \"EXIT=$?\"; stty -a; echo MODES-SHOWN; exec sleep 600"
    }

    /// Checks the program has left and put the terminal back: main screen, line editing and echo.
    private func expectRestored(_ tmux: TmuxSession, status: Int = 0) async throws {
        let screen = try await tmux.waitFor(text: "MODES-SHOWN")
        #expect(screen.contains("EXIT=\(status)"))
        #expect(try !tmux.isOnAlternateScreen())
        let modes = screen.joined(separator: " ").split(separator: " ")
        #expect(modes.contains("icanon") && !modes.contains("-icanon"), "line editing is back")
        #expect(modes.contains("echo") && !modes.contains("-echo"), "echo is back")
        #expect(!screen.contains { $0.contains("reddit · ") }, "the browser's screen is gone")
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
            screen.contains { $0.hasPrefix("> johnnwho · 1.1k points") } && screen.contains { $0.contains("Lommo97 · 696 points") }
        }

        // j/k and the arrows move the selection.
        try tmux.send("j")
        try await tmux.waitFor(text: ">   Lommo97 · 696 points")
        try tmux.send("Up")
        try await tmux.waitFor(text: "> johnnwho · 1.1k points")

        try tmux.send("q")
        try await tmux.waitFor(text: " reddit · front page · hot · offline")
        try tmux.send("q")
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
        try await expectRestored(tmux)
    }

    @Test func ctrlCOnThePostListRestoresTheTerminal() async throws {
        let tmux = try TmuxSession(command: try command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: "My game cam finally caught something cool.")
        try tmux.send("Down", "Down")
        try await tmux.waitFor("the third post selected") { $0.contains { $0.hasPrefix(">  6.1k") && $0.contains("r/worldnews") } }
        try tmux.send("C-c")
        try await expectRestored(tmux)
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
        try await tmux.waitFor(text: "My game cam finally caught something cool.")
        // The first post's comments were not recorded: it opens, and loading them says so.
        try tmux.send("Enter")
        try await tmux.waitFor(text: "(not recorded for offline use)")
        try tmux.send("m")
        try await tmux.waitFor(text: "these comments were not recorded, so they are not available offline")
        try tmux.send("k")
        try await tmux.waitFor(text: "Enter fold/unfold")
        try tmux.send("q")
        try await tmux.waitFor(text: "↑↓/jk move · Enter open")
        // A search that was not recorded: one line, and the list stays.
        try tmux.send("/", "z", "z", "Enter")
        try await tmux.waitFor("one line saying the search was not recorded, over the list") { screen in
            screen.contains { $0.hasPrefix("GET /r/all/search is not available offline") || $0.hasPrefix("GET /search is not available offline") }
                && screen.contains { $0.contains("My game cam finally caught something cool.") }
        }
        try tmux.send("q")
        try await expectRestored(tmux)
    }

    @Test func everyPostOfTheOfflineFrontPageOpens() async throws {
        let tmux = try TmuxSession(command: try command(""), columns: 120, rows: 40)
        defer { tmux.close() }
        try await tmux.waitFor(text: "My game cam finally caught something cool.")
        for index in 0..<25 {
            try tmux.send("Enter")
            try await tmux.waitFor("post \(index + 1) open") { screen in
                screen.contains { $0.contains("Enter fold/unfold") } && !screen.contains { $0.contains("not available offline") }
            }
            try tmux.send("q", "j")
            try await tmux.waitFor("back on the list, post \(index + 2) selected") { screen in
                screen.contains { $0.contains("Enter open") }
            }
        }
        try tmux.send("q")
        try await expectRestored(tmux)
    }

    @Test func aResizeRedrawsForTheNewWidth() async throws {
        let tmux = try TmuxSession(command: try command(""), columns: 100, rows: 30)
        defer { tmux.close() }
        try await tmux.waitFor(text: "↑↓/jk move · Enter open · u/d vote · s save · / search · n next page · q quit")
        try tmux.resize(columns: 50, rows: 20)
        try await tmux.waitFor("the help line cut to 50 columns") { screen in
            screen.contains { $0.hasPrefix("↑↓/jk move · Enter open") && $0.hasSuffix("…") }
        }
        try tmux.send("q")
        try await expectRestored(tmux)
    }
}
