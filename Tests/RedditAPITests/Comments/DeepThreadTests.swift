import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// A thread followed far past Reddit's 10 levels (thousands of "continue this thread" loads, or
/// one long chain in a morechildren answer) neither overflows the stack nor slows growing down.
@Suite(.ownThread) struct DeepThreadTests {
    static let depth = 7_500

    @Test func aChain7500DeepLoadsAndReadsOnATask() async throws {
        let builder = try ThreadBuilder(minimal: true)
        let link = builder.linkName
        // One morechildren answer: d0 (top level) → d1 → … → d7499, then a continue stub.
        var things: [[String: Any]] = []
        things.reserveCapacity(Self.depth + 1)
        for level in 0..<Self.depth {
            things.append(builder.comment("d\(level)", parent: level == 0 ? link : "t1_d\(level - 1)", depth: level))
        }
        things.append(builder.continueStub(parent: "t1_d\(Self.depth - 1)", depth: Self.depth))
        let answer = try ThreadBuilder.moreChildren(things)
        let lastID = "d\(Self.depth - 1)"
        let threadPage = try builder.page([
            builder.comment(
                lastID, parent: "t1_d\(Self.depth - 2)", depth: 0,
                replies: [builder.comment("end", parent: "t1_" + lastID, depth: 1)])
        ])
        let transport = StubTransport { request in
            let body = request.url.path == "/api/morechildren" ? answer : threadPage
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
        let client = try makeClient(transport)
        let post = try JSON.TapeDecoder().decode(PostWithComments.self, from: try builder.page([]))
        let stub = More(
            id: "d0", name: "t1_d0", parentID: Fullname(link), count: Self.depth, children: ["d0"], depth: 0)
        let start = CommentTree(PostWithComments(link: post.link, comments: Listing(children: [.more(stub)])))

        // On a task, whose stack is smaller than the main thread's.
        let summary = try await Task {
            var tree = try await client.loadMore(stub, in: start)
            let continueStub = try #require(tree.stubs.first)
            #expect(continueStub.isContinueThread && continueStub.parentID.rawValue == "t1_" + lastID)
            tree = try await client.loadMore(continueStub, in: tree)
            let rows = tree.rows
            let copy = tree
            let equal = copy == tree
            let sameHash = copy.hashValue == tree.hashValue
            #expect(equal)
            #expect(sameHash)
            tree.collapse("t1_d0")
            let collapsed = tree.rows
            return (rows: rows, comments: tree.comments.count, stubs: tree.stubs.count, collapsed: collapsed)
        }.value

        #expect(summary.rows.count == Self.depth + 1)
        #expect(summary.rows.last?.id.rawValue == "t1_end" && summary.rows.last?.depth == Self.depth)
        #expect(summary.rows[4_321].depth == 4_321)
        #expect(summary.comments == Self.depth + 1 && summary.stubs == 0)
        #expect(summary.collapsed.count == 1 && summary.collapsed[0].hiddenCount == Self.depth)
        #expect(transport.requests.map(\.url.path) == ["/api/morechildren", "/comments/98vj9e/_/\(lastID)"])
    }

    @Test func growingByManyParentsFindsEachParentByIndex() throws {
        // An answer whose comments reply to 2,000 different comments already in the tree.
        let builder = try ThreadBuilder(minimal: true)
        var top: [[String: Any]] = (0..<2_000).map { builder.comment("p\($0)", parent: builder.linkName, depth: 0) }
        let stub = More(
            id: "q0", name: "t1_q0", parentID: Fullname(builder.linkName), count: 2_000, children: ["q0"], depth: 0)
        top.append([
            "kind": "more",
            "data": [
                "count": 2_000, "name": "t1_q0", "id": "q0", "parent_id": builder.linkName,
                "depth": 0, "children": ["q0"],
            ] as [String: Any],
        ])
        var tree = CommentTree(try JSON.TapeDecoder().decode(PostWithComments.self, from: try builder.page(top)))
        let answer = (0..<2_000).map { builder.comment("q\($0)", parent: "t1_p\($0)", depth: 1) }
        let things = try JSON.TapeDecoder().decode(
            MoreChildrenAnswer.self, from: try ThreadBuilder.moreChildren(answer)
        ).things
        tree.replace(stub, with: things)
        #expect(tree.stubs.isEmpty)
        #expect(tree.count == 4_000)
        for index in [0, 999, 1_999] {
            #expect(
                tree.children(of: CommentNodeID(comment: Fullname("t1_p\(index)"))).map(\.rawValue) == ["t1_q\(index)"])
        }
    }
}
