import Foundation
import Testing

/// `A` inside `reddit browse --offline`, in tmux: two accounts with token files in a temporary
/// config directory; the title bar names the account in use, and `A` then a number switches.
@Suite(.serialized) struct BrowseAccountsTests {
    /// A config home with token files for `default` and `bob`.
    private func configHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-accounts-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("reddit")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("accounts"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("token.json"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("accounts/bob.json"))
        return home
    }

    @Test func aSwitchesToAnotherAccountAndTheTitleNamesIt() async throws {
        let home = try configHome()
        let tmux = try TmuxSession(
            command: try BrowseInTmux.command("", environment: ["XDG_CONFIG_HOME": home.path]))
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline · account default")
        try tmux.send("A")
        try await tmux.waitFor(text: "switch to account: 1 default*  2 bob  (number; other keys keep it)")
        try tmux.send("2")
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline · account bob")
        try await tmux.waitFor(text: "now account bob")
        // Another key than a number keeps the account.
        try tmux.send("A")
        try await tmux.waitFor(text: "1 default  2 bob*")
        try tmux.send("x")
        try await tmux.waitFor(text: "account unchanged")
        #expect(try tmux.screen().contains { $0.contains("offline · account bob") })
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func withoutAccountsTheTitleSaysNothingAndASaysHowToSignIn() async throws {
        let tmux = try TmuxSession(command: try BrowseInTmux.command(""))
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        #expect(try !tmux.screen().contains { $0.contains("account") })
        try tmux.send("A")
        try await tmux.waitFor(text: "no accounts signed in: run reddit login --account NAME")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
