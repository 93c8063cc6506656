import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The browser's keys on real recorded data: the front page and post 3hahrw, whose tree is
/// johnnwho > Lommo97 > mcampo84 > [100 more], [14 more], [8 more]; frittenlord …; [332 more].
@Suite struct BrowseStateTests {
    static let now = Date(timeIntervalSince1970: 1_456_801_200)

    /// The visible rows as "depth:author" or "depth:+count".
    private func rows(_ state: BrowseState) -> [String] {
        guard case .thread(let thread) = state.current else { return [] }
        return thread.rows.map { row in
            switch row.content {
            case .comment(let comment): "\(row.depth):\(comment.author)"
            case .loadMore(let more): "\(row.depth):+\(more.count)"
            case .continueThread: "\(row.depth):→"
            }
        }
    }

    @Test func movingAndOpeningAPost() async throws {
        var state = try await OfflineBrowse.frontPage()
        #expect(state.handle(.enter) == .openPost(id: "3hahrw"))
        #expect(state.handle(.down) == nil)
        #expect(state.handle(.character("j")) == nil)
        #expect(state.handle(.space) == .openPost(id: "31owr1"))
        #expect(state.handle(.up) == nil)
        #expect(state.handle(.enter) == .openPost(id: "441hsf"))
    }

    @Test func enterFoldsAndUnfoldsTheSelectedThread() async throws {
        var state = try await OfflineBrowse.threadState()
        let unfolded = rows(state)
        #expect(
            Array(unfolded.prefix(7)) == [
                "0:johnnwho", "1:Lommo97", "2:mcampo84", "3:+100", "2:+14", "1:+8", "0:frittenlord",
            ])
        #expect(state.handle(.enter) == nil)
        #expect(Array(rows(state).prefix(2)) == ["0:johnnwho", "0:frittenlord"])
        guard case .thread(let thread) = state.current else { return }
        #expect(thread.rows[0].isCollapsed && thread.rows[0].hiddenCount == 124)
        #expect(state.handle(.space) == nil)
        #expect(rows(state) == unfolded)
    }

    @Test func foldingANestedThreadKeepsTheRest() async throws {
        var state = try await OfflineBrowse.threadState()
        _ = state.handle(.character("j"))
        _ = state.handle(.enter)
        #expect(Array(rows(state).prefix(4)) == ["0:johnnwho", "1:Lommo97", "1:+8", "0:frittenlord"])
    }

    @Test func loadingMoreCommentsPutsThemInPlace() async throws {
        var state = try await OfflineBrowse.threadState()
        guard case .loadMore(let first)? = state.handle(.character("m")) else {
            Issue.record("m did not ask for the next stub")
            return
        }
        #expect(first.count == 100)
        _ = state.handle(.end)
        guard case .loadMore(let last)? = state.handle(.enter), case .thread = state.current else {
            Issue.record("Enter on the last stub did not ask to load it")
            return
        }
        #expect(last.count == 332)
        let service = try OfflineBrowse.service()
        try await state.growThread { tree throws(CLIError) in try await service.loadMore(last, in: &tree) }
        let grown = rows(state)
        #expect(!grown.contains("0:+332"))
        #expect(grown.contains("0:lava1o"))
    }

    @Test func votesAreOptimisticToggleAndRollBack() async throws {
        var state = try await OfflineBrowse.threadState()
        guard case .vote(let name, .up, previous: nil)? = state.handle(.character("u")) else {
            Issue.record("u did not vote up")
            return
        }
        #expect(state.changes.vote(name, recorded: .none) == .up)
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 100, rows: 30, now: Self.now)
        // The vote is drawn as an arrow, so it shows without colour too.
        #expect(screen.lines(for: state).contains { $0.hasPrefix("> johnnwho · ▲ 1.1k points") })
        // Pressing u again clears the vote; a failure puts the upvote back.
        let clear = state.handle(.character("u"))
        #expect(clear == .vote(name, .clear, previous: .up))
        state.didFail(clear!, message: "vote failed")
        #expect(state.changes.vote(name, recorded: .none) == .up)
        #expect(state.status == "vote failed")
        #expect(state.handle(.character("d")) == .vote(name, .down, previous: .up))
    }

    @Test func saveTogglesAndRollsBack() async throws {
        var state = try await OfflineBrowse.frontPage()
        let save = state.handle(.character("s"))
        #expect(save == .save("t3_3hahrw", true, previous: nil))
        state.didFail(save!, message: "no")
        #expect(state.handle(.character("s")) == .save("t3_3hahrw", true, previous: nil))
        #expect(state.handle(.character("s")) == .save("t3_3hahrw", false, previous: true))
    }

    @Test func searchPromptCollectsTextAndEscapeCancels() async throws {
        var state = try await OfflineBrowse.frontPage()
        _ = state.handle(.character("/"))
        for key: Key in [
            .character("c"), .character("a"), .character("x"), .backspace, .character("t"), .space, .character("s"),
            .character("q"),
        ] {
            #expect(state.handle(key) == nil)
        }
        #expect(state.searchPrompt == "cat sq")
        #expect(state.handle(.enter) == .search("cat sq"))
        _ = state.handle(.character("/"))
        _ = state.handle(.escape)
        #expect(state.searchPrompt == nil)
    }

    @Test func qGoesBackThenAsksBeforeQuitting() async throws {
        var state = try await OfflineBrowse.threadState()
        #expect(state.handle(.character("q")) == nil)
        guard case .posts = state.current else {
            Issue.record("q did not go back to the list")
            return
        }
        // On the first list q asks; any other key stays, q or y confirms.
        #expect(state.handle(.character("q")) == nil)
        #expect(state.status == BrowseState.quitQuestion)
        #expect(state.handle(.character("j")) == nil)
        #expect(state.status == nil)
        #expect(state.handle(.character("q")) == nil)
        #expect(state.handle(.character("y")) == .quit)
        var other = try await OfflineBrowse.threadState()
        #expect(other.handle(.interrupt) == .quit)
        var direct = try await OfflineBrowse.threadState()
        #expect(direct.handle(.character("Q")) == .quit, "Q quits at once, from any screen")
    }

    /// No line is wider than the window, so nothing wraps into the lines below (at 40 columns
    /// the listing's header did, pushing the title bar off the screen), status lines included.
    @Test func noLineIsWiderThanTheWindow() async throws {
        var state = try await OfflineBrowse.frontPage(limit: 8)
        _ = state.handle(.character("u"))
        state.status = "offline, not sent: POST /api/vote api_type=json&dir=1&id=t3_3hahrw"
        for columns in [30, 40, 60, 100] {
            let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: columns, rows: 12, now: Self.now)
            let lines = screen.lines(for: state)
            #expect(lines.count == 12)
            #expect(lines.allSatisfy { TextLayout.width($0) <= columns }, "\(columns): \(lines)")
        }
    }

    @Test func escapeAndLeftNeverQuit() async throws {
        var state = try await OfflineBrowse.threadState()
        #expect(state.handle(.escape) == nil)
        for key: Key in [.escape, .left, .escape, .left] {
            #expect(state.handle(key) == nil)
            guard case .posts = state.current else {
                Issue.record("\(key) left the first list")
                return
            }
        }
        #expect(state.status == nil)
    }

    /// Offline a vote is not sent but stays on screen, so `u` again clears it, as help says.
    @Test func anOfflineVoteStaysSoTheSameKeyAgainClearsIt() async throws {
        var state = try await OfflineBrowse.frontPage()
        let effect = state.handle(.character("u"))
        let up = try #require(effect)
        #expect(up == .vote("t3_3hahrw", .up, previous: nil))
        BrowseSession.report(.notSent("POST /api/vote dir=1&id=t3_3hahrw"), of: up, done: "voted up", on: &state)
        #expect(state.status == "offline, not sent: POST /api/vote dir=1&id=t3_3hahrw")
        #expect(state.handle(.character("u")) == .vote("t3_3hahrw", .clear, previous: .up))
    }

    @Test func movingPastTheEndAsksForTheNextPage() async throws {
        var state = try await OfflineBrowse.frontPage(limit: 1)
        #expect(state.handle(.down) == .nextPage(ListingOptions(page: PageOptions(limit: 1, after: "t3_3hahrw"))))
        state.didLoadNextPage(
            try await OfflineBrowse.service().listing(ListingOptions(page: PageOptions(limit: 1, after: "t3_3hahrw"))))
        #expect(state.handle(.down) == nil)
        #expect(state.handle(.enter) == .openPost(id: "441hsf"))
        #expect(state.handle(.down) == .nextPage(ListingOptions(page: PageOptions(limit: 1, after: "t3_441hsf"))))
    }

    @Test func theScreenFitsTheTerminalAndShowsTheFold() async throws {
        var state = try await OfflineBrowse.threadState()
        _ = state.handle(.enter)
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 60, rows: 12, now: Self.now)
        let lines = screen.lines(for: state)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { TextLayout.width($0) <= 60 })
        #expect(lines[0].hasPrefix(" reddit · r/funny · Ba Dum Tsss · offline"))
        #expect(lines.contains { $0.hasPrefix("> [+] johnnwho · 1.1k points") && $0.contains("(124 replies hidden)") })
        #expect(lines.last?.hasPrefix("↑↓/jk move · Enter fold") == true)
        #expect(lines.last?.hasSuffix("? help") == true, "the footer says how to get help")
    }
}
