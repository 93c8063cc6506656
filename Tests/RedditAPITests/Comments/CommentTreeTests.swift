import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

@Suite(.ownThread) struct CommentTreeTests {
    typealias F = FixtureDecodingTests

    static func tree(_ name: String) async throws -> CommentTree {
        CommentTree(try await F.value(name, as: PostWithComments.self))
    }

    @Test func buildsTheTreeWithDepths() async throws {
        let tree = try await Self.tree("comments/comments_context_sort_new_limit4.json")
        #expect(tree.link.title == "Please be a good 'bot' citizen of reddit")
        let rows = tree.rows
        #expect(rows.map(\.depth) == [0, 1, 1, 2, 3, 1])
        #expect(tree.topLevelIDs.map(\.rawValue) == ["t1_e4j4830"])
        #expect(tree.children(of: tree.topLevelIDs[0]).map(\.rawValue) == ["t1_e7q58bn", "t1_e4uaa59", "t1_e4j4fhz"])
        #expect(
            rows.map(\.id.rawValue) == [
                "t1_e4j4830", "t1_e7q58bn", "t1_e4uaa59", "t1_e4uhrr8", "t1_e4ulzqx", "t1_e4j4fhz",
            ])
        guard case .comment(let top) = rows[0].content, case .loadMore(let more) = rows[5].content else {
            Issue.record("unexpected rows \(rows)")
            return
        }
        #expect(top.author == "Sporkicide" && top.distinguished == "admin" && top.replies == nil)
        #expect(more.count == 27 && more.children.count == 5)
    }

    @Test func collapseHidesRepliesAndCountsThem() async throws {
        var tree = try await Self.tree("comments/comments_context_sort_new_limit4.json")
        tree.collapse("t1_e4uaa59")
        let rows = tree.rows
        #expect(rows.map(\.id.rawValue) == ["t1_e4j4830", "t1_e7q58bn", "t1_e4uaa59", "t1_e4j4fhz"])
        #expect(rows[2].isCollapsed && rows[2].hiddenCount == 2)  // one loaded reply + a stub of 1
        tree.collapse("t1_e4j4830")
        #expect(tree.rows.count == 1 && tree.rows[0].hiddenCount == 3 + 1 + 27)  // loaded replies + both stubs
        tree.toggle("t1_e4j4830")
        tree.expand("t1_e4uaa59")
        #expect(tree.rows.count == 6)
    }

    @Test func morechildrenIsRethreadedByParent() async throws {
        let tree = try await Self.tree("comments/comments_3hahrw_limit10_more.json")
        let more = try #require(tree.roots.last?.more)
        let things: [Thing] = try await F.value("morechildren/morechildren_small.json")
        var grown = tree
        grown.replace(more, with: things)
        #expect(grown.comments.count == 17)
        #expect(grown.stubs.count == tree.stubs.count - 1)
        // The loaded comments take the stub's place at the end of the top level.
        #expect(
            grown.roots.suffix(7).compactMap(\.comment?.id) == [
                "cu5tead", "cu5tt8h", "cu5v9yd", "cu5twf5", "cu5oufs", "cu5pbdh", "cu5rxpy",
            ])
        #expect(grown.rows.suffix(7).allSatisfy { $0.depth == 0 })
    }

    @Test func nestedMorechildrenAnswerKeepsItsShape() async throws {
        let things: [Thing] = try await F.value("morechildren/morechildren_with_more_and_deleted.json")
        let stub = More(
            id: "c369r5m", name: "t1_c369r5m", parentID: "t3_n49rw", count: 600, children: ["c369r5m"], depth: 0)
        let link = try await F.value("comments/comments_2gmzqe_small.json", as: PostWithComments.self).link
        var tree = CommentTree(PostWithComments(link: link, comments: Listing(children: [.more(stub)])))
        tree.replace(stub, with: things)
        let rows = tree.rows
        #expect(rows.count == 26)
        let depth = Dictionary(uniqueKeysWithValues: rows.map { ($0.id.rawValue, $0.depth) })
        #expect(depth["t1_c364nuk"] == 0 && depth["t1_c364qqg"] == 1)
        #expect(
            depth["t1_c364o1f"] == 0 && depth["t1_c364q55"] == 1 && depth["t1_c364s66"] == 2 && depth["t1_c3653ld"] == 3
        )
        #expect(depth["t1_c364qkh"] == 2)  // a stub under c364q55
        #expect(tree.stubs.count == 7)
        #expect(tree.stubs.last?.count == 521)
        // Re-applying the same answer adds nothing twice.
        let before = tree.comments.count
        tree.replace(stub, with: things)
        #expect(tree.comments.count == before)
    }

    @Test func loadMoreSplitsIntoCallsOfAtMost100Ids() async throws {
        let answer = try Fixture("morechildren/morechildren_small.json")
        let transport = StubTransport { request in answer.response(for: request.url) }
        let client = try makeClient(transport)
        let base = try await Self.tree("comments/comments_3hahrw_limit10_more.json")
        let ids = (0..<250).map { "x\($0)" }
        let stub = More(id: "x0", name: "t1_x0", parentID: "t3_3hahrw", count: 250, children: ids, depth: 0)
        var tree = base
        tree.replace(base.stubs[0], with: [.more(stub)])  // place the big stub into the tree
        var grown = tree
        try await client.loadMore(stub, in: &grown)
        let sent = transport.requests.map { $0.form["children"]?.split(separator: ",").count ?? 0 }
        #expect(sent == [100, 100, 50])
        #expect(
            transport.requests.allSatisfy { $0.url.path == "/api/morechildren" && $0.form["link_id"] == "t3_3hahrw" })
        #expect(grown.comments.count == base.comments.count + 7)
        #expect(!grown.stubs.contains(stub))
    }

    @Test func topLevelAnswersToANestedStubGoToTheTopLevel() async throws {
        let tree = try await Self.tree("comments/comments_3hahrw_limit10_more.json")
        let nested = tree.stubs[0]
        #expect(nested.parentID == "t1_cu5tgzu")
        var grown = tree
        grown.replace(nested, with: try await F.value("morechildren/morechildren_small.json"))
        let depths = Dictionary(uniqueKeysWithValues: grown.rows.map { ($0.id.rawValue, $0.depth) })
        #expect(depths["t1_cu5tead"] == 0 && depths["t1_cu5rxpy"] == 0)
        #expect(!grown.stubs.contains(nested))
    }

    @Test func continueThisThreadLoadsTheParentsPage() async throws {
        let page = try Fixture("comments/comments_context_sort_new_limit4.json")
        let transport = StubTransport(fixtureRoutes: ["/comments/98vj9e/_/e4j4830": page])
        let client = try makeClient(transport)
        let thread = try await F.value("comments/comments_context_sort_new_limit4.json", as: PostWithComments.self)
        let stub = More(id: "_", name: "t1__", parentID: "t1_e4j4830", count: 0, children: [], depth: 10)
        let tree = CommentTree(
            PostWithComments(link: thread.link, comments: Listing(children: [.more(stub)])), sort: .new)
        #expect(tree.rows.first?.content == .continueThread(stub))
        var grown = tree
        try await client.loadMore(stub, in: &grown)
        #expect(
            grown.rows.map(\.id.rawValue) == ["t1_e7q58bn", "t1_e4uaa59", "t1_e4uhrr8", "t1_e4ulzqx", "t1_e4j4fhz"])
        #expect(transport.requests.first?.query("sort") == "new")
    }
}
