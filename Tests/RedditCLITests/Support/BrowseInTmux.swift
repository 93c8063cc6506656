import Foundation
import Testing

/// `reddit browse --offline` started in a tmux pane, and the check that it gave the terminal
/// back when it left.
enum BrowseInTmux {
    /// A shell command that runs browse, then reports its exit status and the terminal modes.
    static func command(_ arguments: String, environment extra: [String: String] = [:]) throws -> String {
        let environment = try BuiltExecutable.isolatedEnvironment(["NO_COLOR": "1"].merging(extra) { _, new in new })
        let variables = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        return "cd /tmp && env \(variables) '\(try BuiltExecutable.path())' browse --offline \(arguments); "
            + "echo \"EXIT=$?\"; stty -a; echo MODES-SHOWN; exec sleep 600"
    }

    /// Checks the program has left and put the terminal back: main screen, line editing and echo.
    static func expectRestored(_ tmux: TmuxSession, status: Int = 0) async throws {
        let screen = try await tmux.waitFor(text: "MODES-SHOWN")
        #expect(screen.contains("EXIT=\(status)"))
        #expect(try !tmux.isOnAlternateScreen())
        let modes = screen.joined(separator: " ").split(separator: " ")
        #expect(modes.contains("icanon") && !modes.contains("-icanon"), "line editing is back")
        #expect(modes.contains("echo") && !modes.contains("-echo"), "echo is back")
        #expect(!screen.contains { $0.contains("reddit · ") }, "the browser's screen is gone")
    }

    /// The selected line: the one the `>` marker starts.
    static func selectedLine(_ screen: [String]) -> String? {
        screen.first { $0.hasPrefix(">") }
    }

    /// Waits for the first list, then moves down (one key at a time, each waited for) until the
    /// post titled `title` is selected: the tests of the keys on one post start there.
    static func select(_ title: String, in tmux: TmuxSession) async throws {
        try await tmux.waitFor(text: title)
        for _ in 0..<30 {
            let screen = try tmux.screen()
            let before = selectedLine(screen)
            if before?.contains(title) == true { return }
            try tmux.send("j")
            try await tmux.waitFor("the selection to move past \(before ?? "nothing")") { selectedLine($0) != before }
        }
        throw TmuxSession.Failure(description: "\(title) was never selected")
    }
}
