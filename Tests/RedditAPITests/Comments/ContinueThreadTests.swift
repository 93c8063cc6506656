import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Reddit names every "continue this thread" stub `t1__`; a tree holding several of them keeps
/// them apart by parent, and loading one replaces exactly that one.
@Suite(.ownThread) struct ContinueThreadTests {
    /// Three chains ten deep (`a`, `b`, `c`) plus a branch `x` off `a8`, each ending in a
    /// continue-this-thread stub at depth 10.
    static func deepPage(_ builder: ThreadBuilder) throws -> Data {
        func chain(_ prefix: String, from start: Int, parent: String) -> [String: Any] {
            var node = builder.continueStub(parent: "t1_\(prefix)9", depth: 10)
            for level in stride(from: 9, through: start, by: -1) {
                let parentName = level == start ? parent : "t1_\(prefix)\(level - 1)"
                node = builder.comment("\(prefix)\(level)", parent: parentName, depth: level, replies: [node])
            }
            return node
        }
        // a0 … a8, where a8 has two replies: a9 (chain a) and x9 (branch x).
        var a8Replies = [chain("a", from: 9, parent: "t1_a8")]
        a8Replies.append(
            builder.comment(
                "x9", parent: "t1_a8", depth: 9, replies: [builder.continueStub(parent: "t1_x9", depth: 10)]))
        var a: [String: Any] = builder.comment("a8", parent: "t1_a7", depth: 8, replies: a8Replies)
        for level in stride(from: 7, through: 0, by: -1) {
            a = builder.comment(
                "a\(level)", parent: level == 0 ? builder.linkName : "t1_a\(level - 1)", depth: level, replies: [a])
        }
        return try builder.page([
            a, chain("b", from: 0, parent: builder.linkName), chain("c", from: 0, parent: builder.linkName),
        ])
    }

    /// The page of comment `parentID`: the comment with two new replies, one of them replied to.
    static func threadPage(_ builder: ThreadBuilder, parentID: String) throws -> Data {
        let id = String(parentID.dropFirst(3))
        let second = builder.comment(
            "\(id)r2", parent: parentID, depth: 10,
            replies: [builder.comment("\(id)r2a", parent: "t1_\(id)r2", depth: 11)])
        let replies = [builder.comment("\(id)r1", parent: parentID, depth: 10), second]
        return try builder.page([builder.comment(id, parent: "t1_unknown", depth: 0, replies: replies)])
    }

    @Test func severalContinueStubsAreDistinctAndEachLoadsUnderItsOwnParent() async throws {
        let builder = try ThreadBuilder()
        let page = try Self.deepPage(builder)
        var pages: [String: Data] = [:]
        for parent in ["a9", "x9", "b9", "c9"] {
            pages[parent] = try Self.threadPage(builder, parentID: "t1_" + parent)
        }
        let threadPages = pages
        let transport = StubTransport { request in
            // /comments/98vj9e/_/a9 → the page of t1_a9.
            let body = threadPages[request.url.lastPathComponent] ?? Data()
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: body, url: request.url)
        }
        let client = try makeClient(transport)
        let thread = try JSON.TapeDecoder().decode(PostWithComments.self, from: page)
        var tree = CommentTree(thread)

        let stubs = tree.stubs
        #expect(stubs.count == 4)
        #expect(stubs.allSatisfy { $0.name == "t1__" && $0.isContinueThread })
        #expect(Set(stubs.map(\.parentID)) == ["t1_a9", "t1_x9", "t1_b9", "t1_c9"])
        #expect(Set(tree.rows.map(\.id)).count == tree.rows.count)
        let stubDepths = tree.rows.compactMap { row -> Int? in
            if case .continueThread = row.content { row.depth } else { nil }
        }
        #expect(stubDepths == [10, 10, 10, 10])

        for parent in ["t1_x9", "t1_b9", "t1_a9", "t1_c9"] {
            let stub = try #require(tree.stubs.first { $0.parentID.rawValue == parent })
            let before = tree.stubs.count
            try await client.loadMore(stub, in: &tree)
            #expect(tree.stubs.count == before - 1, "loading \(parent)'s stub removes only that stub")
            #expect(!tree.stubs.contains { $0.parentID.rawValue == parent })
            #expect(transport.requests.last?.url.path == "/comments/98vj9e/_/\(parent.dropFirst(3))")
        }
        #expect(tree.stubs.isEmpty)

        // Every link and depth afterwards.
        let rows = tree.rows
        let ids = rows.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count, "row ids are unique")
        let depth = Dictionary(uniqueKeysWithValues: rows.map { ($0.id.rawValue, $0.depth) })
        for parent in ["a9", "x9", "b9", "c9"] {
            let parentID = CommentNodeID(comment: Fullname("t1_" + parent))
            #expect(tree.children(of: parentID).map(\.rawValue) == ["t1_\(parent)r1", "t1_\(parent)r2"])
            #expect(tree.parent(of: CommentNodeID(comment: Fullname("t1_\(parent)r2a")))?.rawValue == "t1_\(parent)r2")
            #expect(depth["t1_" + parent] == 9)
            let replyDepths = ["r1", "r2", "r2a"].map { depth["t1_\(parent)\($0)"] }
            #expect(replyDepths == [10, 10, 11])
            // In display order the replies follow their parent directly.
            let index = try #require(ids.firstIndex(of: "t1_" + parent))
            #expect(Array(ids[(index + 1)...(index + 3)]) == ["t1_\(parent)r1", "t1_\(parent)r2", "t1_\(parent)r2a"])
        }
        #expect(tree.children(of: CommentNodeID(comment: "t1_a8")).map(\.rawValue) == ["t1_a9", "t1_x9"])
        #expect(rows.count == 43)  // a0…a9, x9, b0…b9, c0…c9 and three new replies under each of the four
        // Every comment's parent in the tree is the comment its parent_id names.
        for case .comment(let comment) in rows.map(\.content) where comment.parentID != "t3_98vj9e" {
            #expect(tree.parent(of: CommentNodeID(comment))?.commentName == comment.parentID)
        }
    }
}
