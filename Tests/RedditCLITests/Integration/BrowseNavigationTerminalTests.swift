import Foundation
import Testing

/// rtv's navigation keys and the markers inside `reddit browse --offline`, in a real terminal
/// (tmux).
@Suite(.serialized) struct BrowseNavigationTerminalTests {
    private func start(_ arguments: String = "") throws -> TmuxSession {
        try TmuxSession(command: try BrowseInTmux.command(arguments), columns: 100, rows: 30)
    }

    /// The line that starts with the selection mark.
    private func selected(_ screen: [String]) -> String {
        screen.first { $0.hasPrefix("> ") } ?? ""
    }

    @Test func lHJKAndSMoveThroughAThreadAsInRtv() async throws {
        let tmux = try start()
        defer { tmux.close() }
        try await BrowseInTmux.select("Ba Dum Tsss", in: tmux)
        try tmux.send("l")
        try await tmux.waitFor(text: "> johnnwho · 1.1k points")
        try tmux.send("J")
        try await tmux.waitFor("J selects the next top-level comment") { self.selected($0).hasPrefix("> frittenlord") }
        try tmux.send("K")
        try await tmux.waitFor("K selects the post") { self.selected($0).hasPrefix("> Ba Dum Tsss") }
        // Offline the recorded order is the only one: S says so rather than announce a sort.
        try tmux.send("S")
        try await tmux.waitFor(text: "offline: the comments were recorded in one order")
        try tmux.send("h")
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        try tmux.send("h")
        let screen = try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        #expect(!screen.contains { $0.contains("quit reddit?") }, "h on the first screen neither quits nor asks")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func theGoToPromptOpensUsersPostsAndURLs() async throws {
        let tmux = try start()
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · recorded threads (offline demo) · offline")
        try tmux.send("r")
        try await tmux.waitFor(text: "go to: ")
        try tmux.send("u/spez", "Enter")
        try await tmux.waitFor(text: " reddit · u/spez · posts · offline")
        try await tmux.waitFor(text: "[A] ")
        try tmux.send("q", "r")
        try await tmux.waitFor(text: "go to: ")
        try tmux.send("https://www.reddit.com/r/redditdev/comments/2gmzqe/praw_https/", "Enter")
        try await tmux.waitFor(text: " reddit · r/redditdev · [PRAW] HTTPS enabled PRAW testing needed")
        try await tmux.waitFor(text: "[archived]")
        try await tmux.waitFor(text: "bboe [OP] · 1 point")
        try tmux.send("q", "r")
        try tmux.send("/comments/mcqjl8", "Enter")
        try await tmux.waitFor(text: "AutoModerator [M] [pinned] · 1 point")
        try await tmux.waitFor(text: "{Removed: Rule 1}")
        try tmux.send("q", "r")
        try tmux.send("subs", "Enter")
        try await tmux.waitFor(text: " reddit · subscriptions · offline")
        // Enter asks for the selected subscription's listing: r/announcements, whose posts the
        // recordings do not hold, so offline says so in place of the listing.
        try tmux.send("Enter")
        try await tmux.waitFor(text: "GET /r/announcements/hot is not available offline")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }

    @Test func theBestPageShowsFlairAwardsAndOCAndHidingSaysWhatItWouldSend() async throws {
        let tmux = try start("--sort best")
        defer { tmux.close() }
        try await tmux.waitFor(text: " reddit · front page · best · offline")
        try await tmux.waitFor(text: "{Other API Wrapper}")
        try await tmux.waitFor(text: "[6 awards] Today can be the day")
        try tmux.send("H")
        try await tmux.waitFor(text: "offline, not sent: POST /api/hide api_type=json&id=t3_hl3rvy")
        try tmux.send("U")
        try await tmux.waitFor(text: "is not available offline")
        try tmux.send("i")
        try await tmux.waitFor(text: " reddit · inbox · [all]")
        try tmux.send("m")
        try await tmux.waitFor(text: "offline, not sent: POST /api/read_message api_type=json&id=t4_30s40u5")
        try tmux.send("Q")
        try await BrowseInTmux.expectRestored(tmux)
    }
}
