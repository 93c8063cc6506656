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

    /// Loads the comments behind a stub and returns the tree with them in place.
    ///
    /// A "load more" stub goes through `/api/morechildren`, at most 100 ids per call, one call at
    /// a time as Reddit asks; a "continue this thread" stub fetches the parent comment's page.
    public func loadMore(_ stub: More, in tree: CommentTree) async throws(HTTPError) -> CommentTree {
        var tree = tree
        if stub.isContinueThread {
            let page = try await send(Reddit.comments(of: tree.link.id, sort: tree.sort, focusing: stub.parentID.id))
            tree.replace(stub, withThreadOf: page)
            return tree
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
        return tree
    }
}
