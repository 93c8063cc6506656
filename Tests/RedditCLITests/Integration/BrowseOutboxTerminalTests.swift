import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// Browse and the outbox in a real terminal (tmux): offline with a signed-in account, a vote
/// and a save are queued, the title bar counts them, `O` lists them.
@Suite(.serialized) struct BrowseOutboxTerminalTests {
    @Test func queuedWritesAreCountedInTheTitleBarAndListedByO() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("browse-outbox-\(UUID().uuidString)")
        let folder = home.appendingPathComponent("config/reddit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // A saved login: offline, its writes wait in the outbox instead of being only described.
        try Data("{}".utf8).write(to: folder.appendingPathComponent("token.json"))
        let command = try BrowseInTmux.command(
            "", environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path])
        let tmux = try TmuxSession(command: command, columns: 120)
        defer { tmux.close() }
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
        #expect(try !tmux.screen().contains { $0.contains("queued") }, "nothing waits yet")
        try tmux.send("u")
        try await tmux.waitFor("the vote queued and counted") { screen in
            screen.contains { $0.contains("queued: will be sent when the network is back; O lists the outbox") }
                && screen.first?.hasPrefix(" reddit · 1 queued · ") == true
        }
        try tmux.send("s")
        try await tmux.waitFor(text: " reddit · 2 queued · ")
        try tmux.send("O")
        try await tmux.waitFor("the outbox's entries") { screen in
            screen.contains { $0.contains("vote up on t3_3hahrw") } && screen.contains { $0.contains("save t3_3hahrw") }
        }
        // Any key closes the list; the count stays.
        try tmux.send("j")
        try await tmux.waitFor("the list closed") { screen in
            !screen.contains { $0.contains("vote up on t3_3hahrw") } && screen.first?.contains("2 queued") == true
        }
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
        let entries = try RedditAPI.Outbox(fileURL: folder.appendingPathComponent("outbox.json")).entries()
        #expect(entries.map(\.write) == [.vote(.up, on: "t3_3hahrw"), .save("t3_3hahrw", true)])
    }
}
