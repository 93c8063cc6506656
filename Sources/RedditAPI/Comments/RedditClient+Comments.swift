public import Courier

extension RedditClient {
    /// Fetches a post and builds its comment tree.
    ///
    /// - Parameters:
    ///   - linkID: The post's id (or `t3_` fullname).
    ///   - sort: The order of comments; later ``loadMore(_:in:)`` calls keep it.
    ///   - depth: How many levels of replies to fetch.
    ///   - limit: How many comments to fetch before `more` stubs.
    public func commentTree(
        of linkID: String, sort: CommentSort? = nil, depth: Int? = nil, limit: Int? = nil
    ) async throws(HTTPError) -> CommentTree {
        CommentTree(try await send(Reddit.comments(of: linkID, sort: sort, depth: depth, limit: limit)), sort: sort)
    }

    /// Loads the comments behind a stub and puts them in its place in `tree`.
    ///
    /// A "load more" stub goes through `/api/morechildren`, at most 100 ids per call, one call at
    /// a time as Reddit asks; a "continue this thread" stub fetches the parent comment's page.
    /// The tree changes only once everything has arrived: when a call fails, it is left as it was.
    ///
    /// The tree grows in place and the call costs what it adds, however large the tree already
    /// is, as long as nothing else holds the tree's nodes (a copy of the tree, or nodes read from
    /// ``CommentTree/roots``): then they are copied once first, as any value would be.
    public func loadMore(_ stub: More, in tree: inout CommentTree) async throws(HTTPError) {
        if stub.isContinueThread {
            let page = try await send(Reddit.comments(of: tree.link.id, sort: tree.sort, focusing: stub.parentID.id))
            tree.replace(stub, withThreadOf: page)
            return
        }
        var things: [Thing] = []
        var start = stub.children.startIndex
        while start < stub.children.endIndex {
            let end = min(start + Reddit.moreChildrenLimit, stub.children.endIndex)
            let ids = Array(stub.children[start..<end])
            things += try await send(Reddit.moreChildrenRequest(ids, of: tree.link.name, sort: tree.sort, depth: nil))
            start = end
        }
        tree.replace(stub, with: things)
    }
}
