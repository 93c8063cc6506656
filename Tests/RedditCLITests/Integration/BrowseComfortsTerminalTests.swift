import Foundation
import TestSupport
import Testing

@testable import RedditCLI

/// rtv's comforts in `reddit browse --offline`, in tmux: the pager, key bindings from the config
/// file, the inbox's views, the link picker and `--ascii`, each waited for by the state the
/// browser reached.
@Suite(.serialized) struct BrowseComfortsTerminalTests {
    /// A temporary directory holding `files` (name to contents; `.sh` files are executable).
    private func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, contents) in files {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
            if name.hasSuffix(".sh") {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            }
        }
        return directory
    }

    /// Polls for `file` until it holds a whole last line (a bound only a hang reaches).
    private func contents(of file: URL) async throws -> String {
        let deadline = ContinuousClock.now + hangLimit
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") { return text }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxSession.Failure(description: "\(file.path) was never written")
    }

    @Test func pOpensTheSelectedItemInThePager() async throws {
        let folder = try directory(["pager.sh": "#!/bin/sh\ncat \"$1\" > \"$(dirname \"$0\")/paged.txt\"\n"])
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command(
                "--post 3hahrw", environment: ["PAGER": folder.appendingPathComponent("pager.sh").path]))
        defer { tmux.close() }
        try await tmux.waitFor(text: "> johnnwho · 1.1k points")
        try tmux.send("P")
        let paged = try await contents(of: folder.appendingPathComponent("paged.txt"))
        #expect(paged.hasPrefix("johnnwho · 1.1k points"), "\(paged)")
        // The browser has the terminal back, where it was.
        try await tmux.waitFor("the browser back") { screen in
            (try? tmux.isOnAlternateScreen()) == true && screen.contains { $0.hasPrefix("> johnnwho · 1.1k points") }
        }
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func theConfigFilesKeysActAsTheBrowsersOwn() async throws {
        let home = try directory(["reddit/config.json": #"{"keys": {"w": "k", "s": "j"}}"#])
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command("", environment: ["XDG_CONFIG_HOME": home.path]))
        defer { tmux.close() }
        try await tmux.waitFor("the first post selected") { screen in
            BrowseInTmux.selectedLine(screen)?.contains("Barack Obama") == true
        }
        try tmux.send("s")
        try await tmux.waitFor("s moving down as j") { screen in
            BrowseInTmux.selectedLine(screen)?.contains("What tasty food") == true
        }
        try tmux.send("w")
        try await tmux.waitFor("w moving up as k") { screen in
            BrowseInTmux.selectedLine(screen)?.contains("Barack Obama") == true
        }
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func tabWalksTheInboxsViewsOffline() async throws {
        let tmux = try TmuxSession(command: try BrowseInTmux.command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: "Barack Obama")
        try tmux.send("i")
        try await tmux.waitFor(text: "inbox · [all] unread")
        try tmux.send("Tab")
        // Unread items were not recorded: said, and the inbox stays.
        try await tmux.waitFor(text: "GET /message/unread is not available offline")
        try tmux.send("Tab")
        try await tmux.waitFor(text: "inbox · all unread [messages]")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func asciiDrawsNoMarkOutsideASCII() async throws {
        let tmux = try TmuxSession(command: try BrowseInTmux.command("--ascii"), columns: 80, rows: 24)
        defer { tmux.close() }
        let screen = try await tmux.waitFor("the list") { screen in screen.contains { $0.contains("Barack Obama") } }
        let marks = Set(TextStyle.asciiMarks.keys)
        #expect(!screen.joined().contains { marks.contains($0) }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("^v/jk move") }, "the footer in ASCII")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
