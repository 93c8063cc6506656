import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Loading more costs what it adds: a thread followed one "continue this thread" at a time grows
/// in place, counted in nodes copied rather than in time (courier-bench's "comment tree growth"
/// row shows the time).
@Suite(.ownThread) struct CommentTreeGrowthTests {
    /// A thread c0 → c1 → … followed one level at a time: each page holds the comment the stub
    /// continues, its one reply and a continue-this-thread stub under that reply.
    struct Ladder {
        let steps: Int
        let firstPage: PostWithComments
        let transport: StubTransport

        init(steps: Int) throws {
            self.steps = steps
            let builder = try ThreadBuilder(minimal: true)
            func page(_ level: Int) throws -> Data {
                let reply = builder.comment(
                    "c\(level + 1)", parent: "t1_c\(level)", depth: 1,
                    replies: [builder.continueStub(parent: "t1_c\(level + 1)", depth: 2)])
                return try builder.page([
                    builder.comment("c\(level)", parent: builder.linkName, depth: 0, replies: [reply])
                ])
            }
            var pages: [String: Data] = [:]
            for level in 1...steps { pages["/comments/98vj9e/_/c\(level)"] = try page(level) }
            let routes = pages
            transport = StubTransport { request in
                HTTPResponse(
                    statusCode: routes[request.url.path] == nil ? 404 : 200,
                    headers: ["Content-Type": "application/json"], body: routes[request.url.path] ?? Data(),
                    url: request.url)
            }
            // c0 at the top, c1 below it, and the stub that continues c1.
            firstPage = try JSON.TapeDecoder().decode(PostWithComments.self, from: try page(0))
        }
    }

    @Test func followingAThreadOneLevelAtATimeCopiesNoNode() async throws {
        let ladder = try Ladder(steps: 400)
        let client = try makeClient(ladder.transport)
        var tree = CommentTree(ladder.firstPage)
        for _ in 0..<ladder.steps {
            let stub = try #require(tree.stubs.first)
            try await client.loadMore(stub, in: &tree)
        }
        // The old `loadMore` returned a grown copy while the caller still held the tree: 81,000
        // nodes copied here, and 30,000 levels took about a minute instead of a few seconds.
        #expect(tree.table.copiedNodes == 0)
        #expect(tree.count == ladder.steps + 3)
        let last = try #require(tree.rows.last)
        #expect(last.depth == ladder.steps + 2)
        #expect(last.content == .continueThread(try #require(tree.stubs.first)))
        #expect(ladder.transport.requests.count == ladder.steps)
    }

    @Test func aTreeWhoseNodesAreHeldIsCopiedOnceAtItsNextChange() async throws {
        let ladder = try Ladder(steps: 3)
        let client = try makeClient(ladder.transport)
        var tree = CommentTree(ladder.firstPage)
        try await client.loadMore(try #require(tree.stubs.first), in: &tree)
        let held = tree.roots
        let before = tree
        let size = tree.count
        try await client.loadMore(try #require(tree.stubs.first), in: &tree)
        #expect(tree.table.copiedNodes == size)
        // What was held still shows the tree as it was.
        #expect(before.count == size && held.first?.descendantCount == size - 2)
        try await client.loadMore(try #require(tree.stubs.first), in: &tree)
        #expect(tree.table.copiedNodes == size)
    }
}
