import Foundation
import Testing

/// Every view of the inbox in `reddit browse --offline` at 80×24 and 40 columns, captured from
/// tmux: no line wider than the window, and the title names the view shown. Each wait is for a
/// state the browser reached.
@Suite(.serialized) struct BrowseInboxLayoutTerminalTests {
    private func expectFits(_ screen: [String], columns: Int, _ what: String) {
        for line in screen {
            #expect(line.count <= columns, "\(what) at \(columns) columns: a line too wide: \(line)")
        }
    }

    @Test(arguments: [80, 40]) func everyInboxViewFitsTheWindow(columns: Int) async throws {
        let tmux = try TmuxSession(command: try BrowseInTmux.command(""), columns: columns, rows: 24)
        defer { tmux.close() }
        try await tmux.waitFor("the list") { screen in screen.contains { $0.contains("Barack Obama") } }
        // The list can be drawn before the browser reads keys: `i` again until the inbox shows.
        var first: [String] = []
        for attempt in 1...10 where first.isEmpty {
            try tmux.send("i")
            do {
                first = try await tmux.waitFor("the inbox", timeout: .seconds(30)) { screen in
                    screen.first?.contains("[all]") == true
                }
            } catch  where attempt < 10 {
                continue
            }
        }
        expectFits(first, columns: columns, "all")
        // unread was not recorded: the browser says so and stays on the view before.
        try tmux.send("Tab")
        expectFits(
            try await tmux.waitFor("unread said to be unrecorded") { screen in
                screen.dropFirst().contains { $0.contains("/message/unread") }
            }, columns: columns, "unread")
        for view in ["messages", "replies", "mentions", "sent"] {
            try tmux.send("Tab")
            let screen = try await tmux.waitFor("the \(view) view") { screen in
                screen.first?.contains("[\(view)]") == true && screen.count > 2 && !screen[1].isEmpty
            }
            expectFits(screen, columns: columns, view)
            if view == "replies" {
                try tmux.send("Enter")
                let message = try await tmux.waitFor("a reply read in full") { screen in
                    screen.first?.contains("inbox · ") == true && screen.first?.contains("[replies]") == false
                }
                expectFits(message, columns: columns, "a reply")
                try tmux.send("q")
                try await tmux.waitFor("back on replies") { screen in screen.first?.contains("[replies]") == true }
            }
        }
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
