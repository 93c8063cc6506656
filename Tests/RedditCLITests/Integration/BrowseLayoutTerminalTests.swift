import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `reddit browse --offline` at the sizes people use (80×24, 40 columns), captured from tmux:
/// no line wider than the window, the footer always says how to get help, the help pages, and
/// TERM=dumb. Every wait is for a state the browser
/// reached, with a bound only a hang reaches.
@Suite(.serialized) struct BrowseLayoutTerminalTests {
    private func start(_ arguments: String = "", columns: Int, rows: Int, environment: [String: String] = [:]) throws
        -> TmuxSession
    {
        try TmuxSession(
            command: try BrowseInTmux.command(arguments, environment: environment), columns: columns, rows: rows)
    }

    /// Every line fits: tmux wraps a longer one onto the next line, which would push the rest down.
    private func expectFits(_ screen: [String], columns: Int, _ what: String) {
        for line in screen {
            #expect(line.count <= columns, "\(what): a line wider than \(columns) columns: \(line)")
        }
    }

    /// The last non-empty line of the screen.
    private func footer(_ screen: [String]) -> String {
        screen.last { !$0.isEmpty } ?? ""
    }

    @Test func at80x24TheListTheFooterAndThePagedHelpFit() async throws {
        let tmux = try start(columns: 80, rows: 24)
        defer { tmux.close() }
        let list = try await tmux.waitFor("the recorded threads") { screen in
            screen.contains { $0.contains("recorded threads") } && screen.contains { $0.contains("Barack Obama") }
        }
        expectFits(list, columns: 80, "the list")
        #expect(footer(list).hasSuffix("? help"), "the footer says how to get help: \(footer(list))")
        #expect(!footer(list).contains("…"), "the footer is not cut: \(footer(list))")
        try tmux.send("?")
        let help = try await tmux.waitFor("the first page of the help") { screen in
            screen.first?.contains("keys 1-") == true
        }
        expectFits(help, columns: 80, "the help")
        // The first keys are on the first page, none scrolled away.
        #expect(help[1].contains("↑↓ jk") && help[1].contains("move"), "\(help[1])")
        let title = try #require(help.first)
        let total = try #require(
            title.components(separatedBy: " of ").last?.split(separator: " ").first.flatMap { Int($0) })
        #expect(total > 22, "the help is longer than one page: \(title)")
        try tmux.send("Space")
        let second = try await tmux.waitFor("the help paged") { screen in
            screen.first?.contains("keys 1-") == false && screen.first?.contains("keys ") == true
        }
        expectFits(second, columns: 80, "the help's second page")
        #expect(second.contains { $0.contains("marks") }, "the last entries are reachable")
        try tmux.send("x")
        try await tmux.waitFor("the help closed") { screen in screen.first?.contains("recorded threads") == true }
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func at40ColumnsTitlesHaveTheirOwnLinesAndTheFooterStillFits() async throws {
        // Tall enough for `stty -a` at 40 columns after the browser leaves.
        let tmux = try start(columns: 40, rows: 40)
        defer { tmux.close() }
        let list = try await tmux.waitFor("the narrow list") { screen in
            screen.contains { $0.hasPrefix("> I am Barack Obama, President of") }
        }
        expectFits(list, columns: 40, "the narrow list")
        // The numbers under the title, not one character of title beside them.
        #expect(list.contains { $0.contains("216k · ") && $0.contains("cmts") }, "\(list.joined(separator: "\n"))")
        #expect(footer(list).hasSuffix("? help"), "\(footer(list))")
        try tmux.send("?")
        let help = try await tmux.waitFor("the narrow help") { screen in screen.first?.contains("keys 1-") == true }
        expectFits(help, columns: 40, "the narrow help")
        try tmux.send("q", "Enter")
        let thread = try await tmux.waitFor("the thread") { screen in
            screen.contains { $0.contains("Barack Obama") } && screen.first?.contains("r/IAmA") == true
        }
        expectFits(thread, columns: 40, "the thread")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func aLongStatusWrapsAtWordBoundaries() async throws {
        let tmux = try start(columns: 60, rows: 30)
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("u")
        let screen = try await tmux.waitFor("the vote's preview") { screen in
            screen.contains { $0.hasPrefix("offline, not sent:") }
        }
        let start = try #require(screen.firstIndex { $0.hasPrefix("offline, not sent:") })
        let status = Array(screen[start...].filter { !$0.isEmpty })
        #expect(status.count == 2, "\(status)")
        // No word is split over the two lines: the first ends where a word ends.
        #expect(status[0].count < 60 || status[1].hasPrefix(" "), "cut mid-word: \(status)")
        #expect(status.joined(separator: " ").contains("POST /api/vote api_type=json&dir=1&id=t3_z1c9z"), "\(status)")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func withTermDumbTheListIsPrintedAsLines() async throws {
        // Tall enough to keep the printed list, the status and `stty -a` on one screen.
        let tmux = try start(columns: 100, rows: 60, environment: ["TERM": "dumb"])
        defer { tmux.close() }
        let screen = try await tmux.waitFor(text: "MODES-SHOWN")
        #expect(screen.contains("EXIT=0"))
        #expect(screen.contains { $0.hasPrefix("reddit: TERM=dumb cannot show the full-screen browser") })
        #expect(screen.contains { $0.contains("I am Barack Obama") })
        #expect(try !tmux.isOnAlternateScreen())
    }

    @Test func hOfflineTakesThePostOffTheListAndSaysWhatItWouldSend() async throws {
        let tmux = try start(columns: 100, rows: 30)
        defer { tmux.close() }
        try await tmux.waitFor("the first post selected") { screen in
            BrowseInTmux.selectedLine(screen)?.contains("Barack Obama") == true
        }
        try tmux.send("H")
        let screen = try await tmux.waitFor("the post hidden") { screen in
            screen.contains { $0.hasPrefix("offline, not sent: POST /api/hide") }
        }
        #expect(!screen.contains { $0.contains("Barack Obama") }, "the hidden post left the list")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
