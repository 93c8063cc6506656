import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// The reader's keys beyond moving and opening, on the recorded front page.
@Suite struct BrowseActionsTests {
    @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() async throws {
        var state = try await OfflineBrowse.frontPage()
        #expect(state.handle(.character("?")) == nil)
        #expect(state.showsHelp)
        #expect(state.handle(.character("j")) == nil)
        #expect(state.showsHelp && state.helpTop == 1, "j pages the help")
        #expect(state.handle(.character("x")) == nil)
        #expect(!state.showsHelp)
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 100, rows: 30, now: Date())
        _ = state.handle(.character("?"))
        #expect(
            screen.lines(for: state).contains { $0.contains("o         open the link or media ($BROWSER, xdg-open;") })
    }

    @Test func oOpensTheMediaAndYCopiesThePermalink() async throws {
        var state = try await OfflineBrowse.frontPage()
        // The first post links imgur's .gifv: a video, opened by mailcap (else the link itself).
        guard case .openMedia(let items, let page) = state.handle(.character("o")) else {
            Issue.record("o did not open")
            return
        }
        #expect(items == [MediaItem(url: "http://i.imgur.com/eoF76hj.mp4", mimeType: "video/mp4")])
        #expect(page == "http://i.imgur.com/eoF76hj.gifv")
        guard case .copy(let link) = state.handle(.character("y")) else {
            Issue.record("y did not copy")
            return
        }
        #expect(link.hasPrefix("https://www.reddit.com/r/funny/comments/3hahrw/"))
    }

    @Test func subredditPromptAndSortKeysShowAnotherListing() async throws {
        var state = try await OfflineBrowse.frontPage()
        _ = state.handle(.character("r"))
        #expect(state.promptKind == .subreddit)
        for character in "r/AskReddit" { _ = state.handle(.character(character)) }
        #expect(state.handle(.enter) == .show(ListingOptions(sort: .hot, subreddit: "AskReddit")))
        #expect(state.handle(.character("2")) == .show(ListingOptions(sort: .new)))
        #expect(state.handle(.character("4")) == .show(ListingOptions(sort: .top)))
        #expect(state.handle(.character("R")) == .show(ListingOptions(sort: .hot)))
        #expect(state.handle(.character("t")) == nil, "t needs top or controversial")
        #expect(state.status?.contains("time range") == true)
    }

    @Test func jScrollsInsideAnItemTallerThanTheWindowThenMoves() async throws {
        var state = try await OfflineBrowse.frontPage()
        let service = try OfflineBrowse.service()
        state.didOpen(try await service.commentTree(CommentsOptions(postID: "434h6c")))
        state.pageSize = 10
        state.itemLines = [0..<30, 31..<32]
        state.threadTop = 0
        for expected in 1...20 {
            #expect(state.handle(.character("j")) == nil)
            #expect(state.threadTop == expected, "one line at a time")
        }
        _ = state.handle(.character("j"))
        guard case .thread(let thread) = state.current else {
            Issue.record("not a thread")
            return
        }
        #expect(thread.selected == 0, "at the post's end, j moves to the next item")
        #expect(state.handle(.character("k")) == nil)
    }
}

/// `x` shows the selected text's spoilers, and hides them again.
@Suite struct SpoilerRevealTests {
    @Test func xRevealsTheSelectedPostsSpoilersAndHidesThemAgain() async throws {
        let json =
            #"{"id":"sp01","title":"Ending","selftext":"It was >!the butler!< after all","subreddit":"books","author":"a"}"#
        let post = try JSONDecoder().decode(Link.self, from: Data(json.utf8))
        var state = BrowseState(
            root: .init(title: "front page", posts: [post], after: nil, listing: ListingOptions()),
            sourceLabel: "offline")
        let now = Date(timeIntervalSince1970: 1_456_801_200)
        func body() -> [String] {
            var renderer = ThreadRenderer(style: TextStyle(isEnabled: false), width: 60, now: now)
            renderer.revealedSpoilers = state.revealedSpoilers
            return renderer.postHeader(post).filter { $0.hasPrefix("It was") }
        }
        #expect(body() == ["It was [spoiler] after all"])
        #expect(state.handle(.character("x")) == nil)
        #expect(state.status == "spoilers shown (x hides them)")
        #expect(body() == ["It was the butler after all"])
        _ = state.handle(.character("x"))
        #expect(body() == ["It was [spoiler] after all"])
    }
}
