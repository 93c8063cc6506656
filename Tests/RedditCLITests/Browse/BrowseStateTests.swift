import Foundation
import Testing
@testable import RedditCLI

@Suite struct BrowseStateTests {
    static let date = Date(timeIntervalSince1970: 1_456_798_125)

    static func post(_ id: String, score: Int = 10) -> PostSummary {
        PostSummary(id: id, title: "Post \(id)", subreddit: "funny", author: "op", score: score, commentCount: 3, created: date, domain: "i.imgur.com")
    }

    static func comment(_ id: String, _ body: String = "text", score: Int = 1) -> CommentSummary {
        CommentSummary(id: id, author: "user_\(id)", body: body, score: score, created: date)
    }

    /// a (b (c), more[d,e]), f, more(top)
    static let tree: [CommentNode] = [
        .comment(comment("a"), replies: [
            .comment(comment("b"), replies: [.comment(comment("c"), replies: [])]),
            .more(id: "d", parentID: "t1_a", count: 2, childIDs: ["d", "e"]),
        ]),
        .comment(comment("f"), replies: []),
        .more(id: "g", parentID: "t3_p1", count: 40, childIDs: ["g", "h"]),
    ]

    private func stateWithThread() -> BrowseState {
        var state = BrowseState(root: .init(title: "front", posts: [Self.post("p1"), Self.post("p2")], after: "t3_p2", listing: ListingOptions()), sourceLabel: "offline")
        state.didOpen(PostThread(post: Self.post("p1"), comments: Self.tree))
        return state
    }

    private func rows(_ state: BrowseState) -> [String] {
        guard case .thread(let thread) = state.current else { return [] }
        return thread.rows.map(\.id)
    }

    @Test func movingAndOpeningAPost() {
        var state = BrowseState(root: .init(title: "front", posts: [Self.post("p1"), Self.post("p2")], after: nil, listing: ListingOptions()), sourceLabel: "offline")
        #expect(state.handle(.down) == nil)
        #expect(state.handle(.down) == nil)  // stays on the last post: no next page
        #expect(state.handle(.enter) == .openPost(id: "p2"))
        #expect(state.handle(.character("k")) == nil)
        #expect(state.handle(.space) == .openPost(id: "p1"))
    }

    @Test func enterFoldsAndUnfoldsTheSelectedThread() {
        var state = stateWithThread()
        #expect(rows(state) == ["a", "b", "c", "d", "f", "g"])
        _ = state.handle(.enter)
        #expect(rows(state) == ["a", "f", "g"])
        guard case .thread(let thread) = state.current, case .comment(_, let hidden, let collapsed) = thread.rows[0].kind else {
            Issue.record("no thread")
            return
        }
        #expect(collapsed && hidden == 4)
        _ = state.handle(.space)
        #expect(rows(state) == ["a", "b", "c", "d", "f", "g"])
    }

    @Test func foldingANestedThreadKeepsTheRest() {
        var state = stateWithThread()
        _ = state.handle(.character("j"))
        _ = state.handle(.enter)
        #expect(rows(state) == ["a", "b", "d", "f", "g"])
    }

    @Test func mLoadsTheNextMoreStubAndTheResultReplacesIt() {
        var state = stateWithThread()
        #expect(state.handle(.character("m")) == .loadMore(postID: "p1", moreID: "d", childIDs: ["d", "e"]))
        state.didLoadMore(moreID: "d", nodes: [.comment(Self.comment("d"), replies: []), .comment(Self.comment("e"), replies: [])])
        #expect(rows(state) == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(state.handle(.character("m")) == .loadMore(postID: "p1", moreID: "g", childIDs: ["g", "h"]))
    }

    @Test func enterOnAMoreStubLoadsIt() {
        var state = stateWithThread()
        _ = state.handle(.end)
        #expect(state.handle(.enter) == .loadMore(postID: "p1", moreID: "g", childIDs: ["g", "h"]))
    }

    @Test func votesAreOptimisticToggleAndRollBack() {
        var state = stateWithThread()
        let effect = state.handle(.character("u"))
        #expect(effect == .vote(fullname: "t1_a", .up, previous: nil))
        guard case .thread(let voted) = state.current, case .comment(let a, _, _) = voted.rows[0].kind else { return }
        #expect(a.likes == true && a.score == 2)
        // Pressing u again clears the vote.
        #expect(state.handle(.character("u")) == .vote(fullname: "t1_a", .clear, previous: true))
        state.didFail(.vote(fullname: "t1_a", .clear, previous: true), message: "vote failed")
        guard case .thread(let rolledBack) = state.current, case .comment(let again, _, _) = rolledBack.rows[0].kind else { return }
        #expect(again.likes == true && again.score == 2)
        #expect(state.status == "vote failed")
    }

    @Test func saveTogglesAndRollsBack() {
        var state = stateWithThread()
        #expect(state.handle(.character("s")) == .save(fullname: "t1_a", true))
        state.didFail(.save(fullname: "t1_a", true), message: "no")
        #expect(state.handle(.character("s")) == .save(fullname: "t1_a", true))
    }

    @Test func searchPromptCollectsTextAndEscapeCancels() {
        var state = stateWithThread()
        _ = state.handle(.character("/"))
        for key: Key in [.character("c"), .character("a"), .character("x"), .backspace, .character("t"), .space, .character("s")] {
            #expect(state.handle(key) == nil)
        }
        #expect(state.searchPrompt == "cat s")
        #expect(state.handle(.enter) == .search("cat s"))
        _ = state.handle(.character("/"))
        _ = state.handle(.escape)
        #expect(state.searchPrompt == nil)
    }

    @Test func qGoesBackThenQuits() {
        var state = stateWithThread()
        #expect(state.handle(.character("q")) == nil)
        guard case .posts = state.current else {
            Issue.record("q did not go back to the list")
            return
        }
        #expect(state.handle(.character("q")) == .quit)
        var other = stateWithThread()
        #expect(other.handle(.interrupt) == .quit)
    }

    @Test func movingPastTheEndAsksForTheNextPage() {
        var state = BrowseState(root: .init(title: "front", posts: [Self.post("p1")], after: "t3_p1", listing: ListingOptions()), sourceLabel: "offline")
        #expect(state.handle(.down) == .nextPage(ListingOptions(page: PageOptions(after: "t3_p1"))))
        state.didLoadNextPage(PostPage(posts: [Self.post("p2")], after: nil))
        #expect(state.handle(.down) == nil)
        #expect(state.handle(.enter) == .openPost(id: "p2"))
    }

    @Test func screenShowsTheSelectionAndFitsTheTerminal() {
        var state = stateWithThread()
        _ = state.handle(.enter)
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 60, rows: 12, now: Self.date.addingTimeInterval(3600))
        let lines = screen.lines(for: state)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { TextLayout.width($0) <= 60 })
        #expect(lines.contains { $0.hasPrefix("> [+] user_a") && $0.contains("(4 replies hidden)") })
        #expect(lines.last?.contains("Enter fold/unfold") == true)
    }
}
