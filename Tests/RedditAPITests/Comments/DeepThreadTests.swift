import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// A thread followed far past Reddit's 10 levels (100,000 levels, loaded through one morechildren
/// answer and a "continue this thread") is built, grown, read, folded, compared, hashed and freed
/// without a call per level: on a task, and on a thread with the 512 KiB stack of Apple
/// platforms. Growing copies no node (see `CommentTreeGrowthTests` for the cost one level at a
/// time).
@Suite(.ownThread) struct DeepThreadTests {
    static let depth = 100_000

    @Test func a100000LevelThreadOnATask() async throws {
        let chain = try DeepChain(depth: Self.depth)
        let transport = chain.transport()
        let client = try makeClient(transport)
        // A task's stack is smaller than the main thread's.
        let reading = try await Task {
            var tree = CommentTree(chain.startPage)
            try await client.loadMore(chain.stub, in: &tree)
            let continueStub = try #require(tree.stubs.first)
            #expect(continueStub.isContinueThread && continueStub.parentID.rawValue == "t1_" + chain.lastID)
            try await client.loadMore(continueStub, in: &tree)
            // Grown in place: no node was copied.
            #expect(tree.table.copiedNodes == 0)
            // The twin is built from the same comments, taken from the tree (decoding 100,000
            // comments again would only make the test slower).
            let things = tree.comments.dropLast().map(Thing.comment) + [.more(continueStub)]
            return try chain.readEverything(tree, things: things)
        }.value
        chain.check(reading)
        #expect(transport.requests.map(\.url.path) == ["/api/morechildren", "/comments/98vj9e/_/\(chain.lastID)"])
    }

    @Test func a100000LevelThreadOnA512KiBStack() async throws {
        let chain = try DeepChain(depth: Self.depth)
        let things = try chain.things()
        let reading = try await onThread {
            try chain.readEverything(try chain.built(from: things), things: things)
        }
        chain.check(reading)
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

/// The answers that grow a chain of comments `depth` levels deep, and what reading it must give.
struct DeepChain: Sendable {
    let depth: Int
    /// One morechildren answer: d0 (top level) → d1 → … → d(depth − 1), then a continue-this-thread
    /// stub under the last.
    let answer: Data
    /// The last comment's own page: it, with one reply, `end`.
    let threadPage: Data
    let threadPost: PostWithComments
    /// The post with only the stub that loads the chain.
    let startPage: PostWithComments
    let stub: More

    var lastID: String { "d\(depth - 1)" }

    init(depth: Int) throws {
        self.depth = depth
        let builder = try ThreadBuilder(minimal: true)
        let link = builder.linkName
        answer = try Self.chainAnswer(builder, depth: depth)
        let lastID = "d\(depth - 1)"
        threadPage = try builder.page([
            builder.comment(
                lastID, parent: "t1_d\(depth - 2)", depth: 0,
                replies: [builder.comment("end", parent: "t1_" + lastID, depth: 1)])
        ])
        threadPost = try JSON.TapeDecoder().decode(PostWithComments.self, from: threadPage)
        stub = More(id: "d0", name: "t1_d0", parentID: Fullname(link), count: depth, children: ["d0"], depth: 0)
        startPage = PostWithComments(link: threadPost.link, comments: Listing(children: [.more(stub)]))
    }

    /// ``answer``'s text, written directly: `JSONSerialization` takes seconds for 100,000 comments.
    /// Each comment is the builder's (a recorded comment's keys) with its id, parent and depth set.
    private static func chainAnswer(_ builder: ThreadBuilder, depth: Int) throws -> Data {
        // One comment serialized with markers, cut at the markers once.
        let marked = try JSONSerialization.data(
            withJSONObject: builder.comment("@ID@", parent: "@PARENT@", depth: 7_654_321), options: [.sortedKeys])
        let text = String(decoding: marked, as: UTF8.self).replacingOccurrences(of: "comment @ID@", with: "@BODY@")
        var pieces: [String] = []
        var rest = Substring(text)
        var markers: [String] = []
        while let range = rest.range(of: #"@[A-Z]+@|7654321"#, options: .regularExpression) {
            pieces.append(String(rest[..<range.lowerBound]))
            markers.append(String(rest[range]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        var json = #"{"json":{"errors":[],"data":{"things":["#
        json.reserveCapacity(depth * (text.utf8.count + 16))
        for level in 0..<depth {
            for (index, marker) in markers.enumerated() {
                json += pieces[index]
                switch marker {
                case "@ID@": json += "d\(level)"
                case "@PARENT@": json += level == 0 ? builder.linkName : "t1_d\(level - 1)"
                case "@BODY@": json += "comment d\(level)"
                default: json += String(level)
                }
            }
            json += pieces[markers.count] + ","
        }
        let stub = try JSONSerialization.data(
            withJSONObject: builder.continueStub(parent: "t1_d\(depth - 1)", depth: depth))
        json += String(decoding: stub, as: UTF8.self) + "]}}}"
        return Data(json.utf8)
    }

    /// A transport that answers morechildren with ``answer`` and any comment page with ``threadPage``.
    func transport() -> StubTransport {
        let answer = answer
        let threadPage = threadPage
        return StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: request.url.path == "/api/morechildren" ? answer : threadPage, url: request.url)
        }
    }

    /// ``answer``, decoded.
    func things() throws -> [Thing] {
        try JSON.TapeDecoder().decode(MoreChildrenAnswer.self, from: answer).things
    }

    /// The chain built without a client from the decoded answer: with the continue-this-thread
    /// stub at the bottom, or loaded (``threadPost``) when `continued`.
    func built(from things: [Thing], continued: Bool = true) throws -> CommentTree {
        var tree = CommentTree(startPage)
        tree.replace(stub, with: things)
        if continued { tree.replace(try continueStub(of: tree), withThreadOf: threadPost) }
        return tree
    }

    /// The continue-this-thread stub under the last comment of the chain.
    func continueStub(of tree: CommentTree) throws -> More {
        let below = tree.children(of: CommentNodeID(comment: Fullname("t1_" + lastID)))
        guard case .continueThread(let stub)? = below.first.flatMap(tree.content(of:)) else {
            throw DeepChainError.noContinueStub
        }
        return stub
    }

    enum DeepChainError: Error { case noContinueStub }

    /// What every public way of reading the tree gave.
    struct Reading: Sendable {
        var count = 0
        var rows = 0
        var lastRow: (id: String, depth: Int)?
        var depthOfRow4321 = 0
        var comments = 0
        var stubs = 0
        var descendants = 0
        var nodeDescendants = 0
        /// Levels found following ``CommentNode/replies`` from the root, and the name at the bottom.
        var levels = 0
        var bottom = ""
        var collapsedRows: [CommentRow] = []
        var halfCollapsedRows = 0
        var expandedRows = 0
        var equalToTwin = false
        var rootsEqualToTwin = false
        var hashesMatchTwin = false
        var nodeSetCount = 0
        var equalBeforeEnd = true
        var rootsEqualBeforeEnd = true
        var copiesAfterReading = -1
    }

    /// Reads `tree` in every public way that walks it, compares and hashes it against a twin built
    /// apart, then frees both: everything runs (and is released) on the caller's thread.
    func readEverything(_ grown: CommentTree, things: [Thing]) throws -> Reading {
        var tree = grown
        var reading = Reading()
        reading.count = tree.count
        do {
            let rows = tree.rows
            reading.rows = rows.count
            reading.lastRow = rows.last.map { ($0.id.rawValue, $0.depth) }
            reading.depthOfRow4321 = rows[4_321].depth
        }
        reading.comments = tree.comments.count
        reading.stubs = tree.stubs.count
        reading.descendants = tree.descendantCount(of: CommentNodeID(comment: "t1_d0"))
        do {
            let roots = tree.roots
            reading.nodeDescendants = roots.first?.descendantCount ?? -1
            var node = roots.first
            while let current = node {
                reading.levels += 1
                reading.bottom = current.name.rawValue
                node = current.replies.first
            }
            // A tree built apart that differs only at the bottom (a stub where `tree` has `end`),
            // then is the same.
            var twin = try built(from: things, continued: false)
            reading.equalBeforeEnd = tree == twin
            reading.rootsEqualBeforeEnd = roots == twin.roots
            twin.replace(try continueStub(of: twin), withThreadOf: threadPost)
            reading.equalToTwin = tree == twin
            reading.rootsEqualToTwin = roots == twin.roots
            reading.hashesMatchTwin =
                tree.hashValue == twin.hashValue && roots.first?.hashValue == twin.roots.first?.hashValue
            reading.nodeSetCount = Set(roots + twin.roots).count
        }
        // The nodes read above are gone: folding writes nothing to the table, so nothing is copied.
        tree.collapse("t1_d0")
        reading.collapsedRows = tree.rows
        tree.expand("t1_d0")
        tree.toggle(Fullname("t1_d\(depth / 2)"))
        reading.halfCollapsedRows = tree.rows.count
        tree.toggle(Fullname("t1_d\(depth / 2)"))
        reading.expandedRows = tree.rows.count
        reading.copiesAfterReading = tree.table.copiedNodes
        return reading
    }

    /// What the reading of a grown chain must be.
    func check(_ reading: Reading, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reading.count == depth + 1, sourceLocation: sourceLocation)
        #expect(reading.rows == depth + 1, sourceLocation: sourceLocation)
        #expect(reading.lastRow?.id == "t1_end" && reading.lastRow?.depth == depth, sourceLocation: sourceLocation)
        #expect(reading.depthOfRow4321 == 4_321, sourceLocation: sourceLocation)
        #expect(reading.comments == depth + 1 && reading.stubs == 0, sourceLocation: sourceLocation)
        #expect(reading.descendants == depth && reading.nodeDescendants == depth, sourceLocation: sourceLocation)
        #expect(reading.levels == depth + 1 && reading.bottom == "t1_end", sourceLocation: sourceLocation)
        #expect(reading.collapsedRows.count == 1, sourceLocation: sourceLocation)
        #expect(reading.collapsedRows.first?.hiddenCount == depth, sourceLocation: sourceLocation)
        #expect(reading.halfCollapsedRows == depth / 2 + 1, sourceLocation: sourceLocation)
        #expect(reading.expandedRows == depth + 1, sourceLocation: sourceLocation)
        #expect(reading.equalToTwin && reading.rootsEqualToTwin, sourceLocation: sourceLocation)
        #expect(reading.hashesMatchTwin && reading.nodeSetCount == 1, sourceLocation: sourceLocation)
        #expect(!reading.equalBeforeEnd && !reading.rootsEqualBeforeEnd, sourceLocation: sourceLocation)
        #expect(reading.copiesAfterReading == 0, sourceLocation: sourceLocation)
    }
}
