import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// Keys that used to do something silently, or the wrong thing: each now says what happened
/// or does what its help line says.
@Suite struct BrowseFeedbackTests {
    /// A thread whose one comment is followed by a "continue this thread" stub, then a "more"
    /// stub at the top level.
    private func threadWithStubs() throws -> CommentTree {
        let json = #"""
            [{"kind":"Listing","data":{"children":[{"kind":"t3","data":{"id":"p1","name":"t3_p1","title":"T","author":"a","subreddit":"s","score":1,"num_comments":9,"created_utc":1600000000,"selftext":""}}]}},
             {"kind":"Listing","data":{"children":[
               {"kind":"t1","data":{"id":"c1","name":"t1_c1","author":"b","body":"deep","parent_id":"t3_p1","link_id":"t3_p1","score":1,"created_utc":1600000000,"depth":0,
                "replies":{"kind":"Listing","data":{"children":[{"kind":"more","data":{"id":"_","name":"t1__","parent_id":"t1_c1","count":0,"depth":1,"children":[]}}]}}}},
               {"kind":"more","data":{"id":"m1","name":"t1_m1","parent_id":"t3_p1","count":5,"depth":0,"children":["x1","x2"]}}]}}]
            """#
        return CommentTree(try JSONDecoder().decode(PostWithComments.self, from: Data(json.utf8)))
    }

    @Test func mOnAContinueThisThreadStubLoadsThatThread() async throws {
        var state = try await OfflineBrowse.frontPage()
        state.didOpen(try threadWithStubs())
        // Down to the stub, one row at a time.
        var stub: More?
        for _ in 0..<10 {
            if case .thread(let thread) = state.current, thread.rows.indices.contains(thread.selected),
                case .continueThread(let more) = thread.rows[thread.selected].content
            {
                stub = more
                break
            }
            _ = state.handle(.character("j"))
        }
        let selected = try #require(stub, "the continue-this-thread stub is reached")
        #expect(state.handle(.character("m")) == .loadMore(selected), "the thread, not the next \"more\" stub")
    }

    @Test func nOnTheLastPageSaysThereIsNoMore() async throws {
        var state = try await OfflineBrowse.frontPage(limit: 100)
        guard case .posts(let list) = state.current else { return }
        #expect(list.after == nil, "the recorded threads fit on one page")
        #expect(state.handle(.character("n")) == nil)
        #expect(state.status == "this is the last page: no more posts")
    }

    @Test func sOfflineSaysTheOrderCannotChange() async throws {
        var state = try await OfflineBrowse.threadState()
        state.didNotResortOffline(.top)
        #expect(state.status?.hasPrefix("offline: the comments were recorded in one order") == true)
    }

    @Test func ctrlZIsAKeyThatSuspends() async throws {
        // Raw mode turns ISIG off: Ctrl-Z arrives as byte 0x1A, which used to be dropped.
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1A]) == [.suspend])
        var state = try await OfflineBrowse.frontPage()
        _ = state.handle(.character("?"))
        #expect(state.handle(.suspend) == .suspend, "whatever is shown")
    }

    @Test func votesAreMarkedWithArrowsNotOnlyColour() async throws {
        var state = try await OfflineBrowse.frontPage()
        _ = state.handle(.character("u"))
        let screen = BrowseScreen(style: TextStyle(isEnabled: false), columns: 80, rows: 12, now: Date())
        #expect(screen.lines(for: state)[2].contains("▲"), "\(screen.lines(for: state)[2])")
        _ = state.handle(.character("d"))
        #expect(screen.lines(for: state)[2].contains("▼"))
        var ascii = TextStyle(isEnabled: false)
        ascii.isASCII = true
        let plain = BrowseScreen(style: ascii, columns: 80, rows: 12, now: Date())
        #expect(plain.lines(for: state)[2].contains("v "), "--ascii: \(plain.lines(for: state)[2])")
    }
}
