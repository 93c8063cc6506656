import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// rtv's navigation keys on real recorded data: post 3hahrw, whose tree starts johnnwho >
/// Lommo97 > mcampo84 > [100 more], [14 more], [8 more]; frittenlord …
@Suite struct BrowseNavigationTests {

    /// The selected row's "depth:author", or "post".
    private func selection(_ state: BrowseState) -> String {
        guard case .thread(let thread) = state.current else { return "not a thread" }
        guard thread.rows.indices.contains(thread.selected) else { return "post" }
        let row = thread.rows[thread.selected]
        switch row.content {
        case .comment(let comment): return "\(row.depth):\(comment.author)"
        case .loadMore(let more): return "\(row.depth):+\(more.count)"
        case .continueThread: return "\(row.depth):→"
        }
    }

    private func type(_ text: String, into state: inout BrowseState) -> BrowseState.Effect? {
        #expect(state.handle(.character("r")) == nil)
        for character in text { _ = state.handle(character == " " ? .space : .character(character)) }
        return state.handle(.enter)
    }

    @Test func lOpensAndHGoesBack() async throws {
        var state = try await OfflineBrowse.frontPage()
        #expect(state.handle(.character("l")) == .openPost(id: "3hahrw"))
        state.didOpen(try await OfflineBrowse.service().commentTree(CommentsOptions(postID: "3hahrw")))
        #expect(state.stack.count == 2)
        #expect(state.handle(.character("h")) == nil)
        #expect(state.stack.count == 1)
        #expect(state.handle(.character("h")) == nil, "h on the first screen never quits")
        #expect(state.stack.count == 1 && !state.asksToQuit)
    }

    @Test func capitalJAndKMoveToTheNextSiblingAndTheParent() async throws {
        var state = try await OfflineBrowse.threadState()
        #expect(selection(state) == "0:johnnwho")
        _ = state.handle(.character("J"))
        #expect(selection(state) == "0:frittenlord", "J skips johnnwho's replies")
        _ = state.handle(.character("K"))
        #expect(selection(state) == "post", "K from a top-level comment selects the post")
        _ = state.handle(.character("J"))
        #expect(selection(state) == "0:johnnwho", "J on the post selects the first comment")
        _ = state.handle(.character("j"))
        _ = state.handle(.character("j"))
        #expect(selection(state) == "2:mcampo84")
        _ = state.handle(.character("K"))
        #expect(selection(state) == "1:Lommo97")
        _ = state.handle(.character("J"))
        #expect(selection(state) == "1:+8", "the next row at Lommo97's level")
        _ = state.handle(.character("J"))
        #expect(selection(state) == "1:+8", "no further sibling: the selection stays")
        #expect(state.status == "no next comment at this level")
    }

    @Test func capitalSReloadsTheThreadInTheNextOrder() async throws {
        var state = try await OfflineBrowse.threadState()
        let effect = state.handle(.character("S"))
        #expect(effect == .navigate(.resortThread(CommentsOptions(postID: "3hahrw", sort: .top))))
        state.didResort(
            try await OfflineBrowse.service().commentTree(CommentsOptions(postID: "3hahrw", sort: .top)), sort: .top)
        #expect(state.status == "comments sorted by top (S: next order)")
        #expect(state.stack.count == 2, "the thread is replaced, not stacked")
        #expect(
            state.handle(.character("S")) == .navigate(.resortThread(CommentsOptions(postID: "3hahrw", sort: .new))))
    }

    @Test func theGoToPromptTakesUsersMultiredditsPostsAndURLs() async throws {
        var state = try await OfflineBrowse.frontPage()
        #expect(type("u/spez", into: &state) == .navigate(.posts(.user("spez", .submitted), after: nil)))
        #expect(type("/user/spez/saved", into: &state) == .navigate(.posts(.user("spez", .saved), after: nil)))
        #expect(type("pics+funny", into: &state) == .show(ListingOptions(subreddit: "pics+funny")))
        #expect(type("r/AskReddit", into: &state) == .show(ListingOptions(subreddit: "AskReddit")))
        #expect(type("", into: &state) == .show(ListingOptions()))
        #expect(type("/m/tech", into: &state) == .navigate(.posts(.multireddit(owner: nil, name: "tech"), after: nil)))
        #expect(
            type("/user/bob/m/tech", into: &state)
                == .navigate(.posts(.multireddit(owner: "bob", name: "tech"), after: nil)))
        #expect(type("/comments/3HAHRW", into: &state) == .navigate(.openThread(CommentsOptions(postID: "3hahrw"))))
        #expect(
            type("https://www.reddit.com/r/funny/comments/3hahrw/ba_dum_tsss/", into: &state)
                == .navigate(.openThread(CommentsOptions(postID: "3hahrw"))))
        #expect(
            type("https://old.reddit.com/r/funny/comments/3hahrw/x/cu5pebp/?context=2", into: &state)
                == .navigate(.openThread(CommentsOptions(postID: "3hahrw", commentID: "cu5pebp", context: 2))))
        #expect(
            type("https://redd.it/3hahrw", into: &state) == .navigate(.openThread(CommentsOptions(postID: "3hahrw"))))
        #expect(type("saved", into: &state) == .navigate(.posts(.user("me", .saved), after: nil)))
        #expect(type("subs", into: &state) == .navigate(.subscriptions))
        #expect(type("https://example.com/r/funny", into: &state) == nil)
        #expect(state.status == "not a reddit.com address: https://example.com/r/funny")
        #expect(type("/r/x/comments/not-an-id!", into: &state) == nil)
        #expect(state.status?.hasPrefix("not a post id") == true)
    }

    @Test func aUsersPostsAreAListWithItsOwnNextPage() async throws {
        var state = try await OfflineBrowse.frontPage()
        #expect(
            state.handle(.character("U")) == .navigate(.posts(.user("your_local_librarian", .submitted), after: nil)))
        let page = try await OfflineBrowse.service().profile(user: "spez", section: .submitted, page: PageOptions())
            .value
        state.didLoadPosts(page, from: .user("spez", .submitted), isNextPage: false)
        guard case .posts(let list) = state.current else {
            Issue.record("no list")
            return
        }
        #expect(list.title == "u/spez · posts")
        #expect(!list.posts.isEmpty && list.posts.allSatisfy { $0.author == "spez" })
        let after = try #require(list.after)
        #expect(state.handle(.character("n")) == .navigate(.posts(.user("spez", .submitted), after: after)))
        #expect(state.handle(.character("q")) == nil)
        #expect(state.stack.count == 1, "q goes back to the front page")
    }

    @Test func theOverviewSaysWhichCommentsItLeavesOut() async throws {
        var state = try await OfflineBrowse.frontPage()
        let page = try await OfflineBrowse.service().profile(user: "spez", section: .overview, page: PageOptions())
            .value
        state.didLoadPosts(page, from: .user("spez", .saved), isNextPage: false)
        #expect(state.status?.hasSuffix("not listed here: reddit user spez saved prints them") == true)
    }

    @Test func subscriptionsOpenWithEnter() async throws {
        var state = try await OfflineBrowse.frontPage()
        let subscriptions = try await OfflineBrowse.service().subscriptions()
        try #require(subscriptions.count >= 2)
        state.didLoadSubscriptions(subscriptions)
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 80, rows: 20, now: Date())
        let lines = screen.lines(for: state)
        #expect(lines[0].contains("reddit · subscriptions"))
        #expect(lines[1].hasPrefix("> r/\(subscriptions[0].displayName)"))
        _ = state.handle(.character("j"))
        #expect(state.handle(.enter) == .show(ListingOptions(subreddit: subscriptions[1].displayName)))
    }

    @Test func hHidesAPostAndItLeavesTheList() async throws {
        var state = try await OfflineBrowse.frontPage()
        let first = try #require(state.selectedPost)
        #expect(state.handle(.character("H")) == .navigate(.hide(first.name)))
        state.didHide(first.name)
        #expect(state.selectedPost?.name != first.name)
        guard case .posts(let list) = state.current else { return }
        #expect(list.posts.count == 2 && !list.posts.contains { $0.name == first.name })
    }

    @Test func eEditsStartingFromTheTextAndXDeletesAfterAskingFirst() async throws {
        var state = try await OfflineBrowse.threadState()
        guard case .thread(let thread) = state.current, case .comment(let comment) = thread.rows[0].content else {
            Issue.record("no comment")
            return
        }
        // Who the user is is learnt first, then the key is handled again.
        #expect(state.handle(.character("e")) == .navigate(.identify(then: .character("e"))))
        state.userName = "JohnnWho"
        #expect(state.handle(.character("e")) == .navigate(.edit(comment.name, current: comment.body)))
        #expect(state.handle(.character("X")) == nil)
        #expect(state.status == "delete \(comment.name.rawValue)? y deletes, any other key keeps it")
        #expect(state.handle(.character("j")) == nil)
        #expect(state.status == "kept \(comment.name.rawValue)")
        #expect(selection(state) == "0:johnnwho", "the answering key does nothing else")
        _ = state.handle(.character("X"))
        #expect(state.handle(.character("y")) == .navigate(.delete(comment.name)))
        _ = state.handle(.character("K"))
        #expect(state.handle(.character("e")) == nil, "a link post has no text")
        #expect(state.status == "a link post has no text to edit")
    }

    @Test func eAndXRefuseOtherUsersPostsAndComments() async throws {
        var state = try await OfflineBrowse.threadState()
        state.userName = "PyAPITestUser2"
        #expect(state.handle(.character("e")) == nil)
        #expect(
            state.status == "u/johnnwho wrote this: you (u/PyAPITestUser2) can edit only your own posts and comments")
        #expect(state.handle(.character("X")) == nil)
        #expect(state.pendingDelete == nil, "no delete question on another user's comment")
        #expect(state.status?.hasPrefix("u/johnnwho wrote this: you (u/PyAPITestUser2) can delete only") == true)
        _ = state.handle(.character("q"))
        #expect(state.handle(.character("X")) == nil, "nor on another user's post")
        #expect(state.pendingDelete == nil)
        state.userName = ""
        #expect(state.handle(.character("X")) == nil)
        #expect(state.status == "sign in to delete your posts and comments (reddit login)")
    }

    @Test func mMarksAnInboxItemReadInTheListAndWhenOpen() async throws {
        var state = try await OfflineBrowse.frontPage()
        // The recorded inbox has no unread item: two made up, the second unread.
        let json = #"""
            {"kind":"Listing","data":{"after":null,"children":[
             {"kind":"t4","data":{"id":"a1","author":"bob","subject":"old","body":"read","new":false}},
             {"kind":"t4","data":{"id":"a2","author":"bob","subject":"hello","body":"[a link](https://example.com/x)","new":true}}]}}
            """#
        state.didLoadInbox(try JSONDecoder().decode(Listing.self, from: Data(json.utf8)), isNextPage: false)
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 80, rows: 12, now: Date())
        #expect(screen.lines(for: state).contains { $0.dropFirst(2).hasPrefix("*") && $0.contains("hello") })
        _ = state.handle(.character("j"))
        #expect(state.handle(.character("m")) == .navigate(.markRead(Fullname("t4_a2"))))
        state.didMarkRead(Fullname("t4_a2"))
        #expect(!screen.lines(for: state).contains { $0.dropFirst(2).hasPrefix("*") }, "the new mark is gone")
        _ = state.handle(.enter)
        let message = screen.lines(for: state)
        #expect(message.contains("  a link[1]"), "the message's Markdown is rendered: \(message)")
        #expect(state.handle(.character("1")) == .open("https://example.com/x"))
        #expect(state.handle(.character("m")) == .navigate(.markRead(Fullname("t4_a2"))))
    }
}
