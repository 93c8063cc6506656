/// A post's comments as a tree that can be collapsed, expanded and grown as `more` stubs load.
///
/// ```swift
/// var tree = try await reddit.commentTree(of: "3hahrw")
/// for row in tree.rows {
///     print(String(repeating: "  ", count: row.depth), row.id)
/// }
/// if case .loadMore(let more)? = tree.rows.last?.content {
///     tree = try await reddit.loadMore(more, in: tree)
/// }
/// ```
///
/// The tree keeps its nodes in a table indexed by ``CommentNodeID``, so finding a parent or a
/// stub costs the same however large the tree is, and every walk over it is a loop rather than
/// a recursion: a thread followed through "continue this thread" without end (thousands of
/// levels) neither slows growing down nor overflows the stack.
public struct CommentTree: Sendable, Hashable {
    /// What the table holds for one node.
    struct Entry: Sendable, Hashable {
        enum Content: Sendable, Hashable {
            case comment(Comment)
            case more(More)
        }

        var content: Content
        /// The parent node, or nil at the top level.
        var parent: CommentNodeID?
        /// The direct replies, in order (always empty for a stub).
        var children: [CommentNodeID] = []
    }

    /// The post.
    public var link: Link
    /// The sort the comments were fetched with; more comments are fetched with it too.
    public var sort: CommentSort?
    /// Names of collapsed comments.
    public private(set) var collapsed: Set<Fullname> = []

    /// Every node by identity.
    var entries: [CommentNodeID: Entry] = [:]
    /// The top-level nodes, in Reddit's order.
    var rootIDs: [CommentNodeID] = []

    /// Builds the tree from a `/comments/ID` answer.
    public init(_ page: PostWithComments, sort: CommentSort? = nil) {
        link = page.link
        self.sort = sort
        rootIDs = insert(page.comments.children, under: nil)
    }

    // MARK: Collapsing

    /// Hides a comment's replies in ``rows``.
    public mutating func collapse(_ comment: Fullname) { collapsed.insert(comment) }

    /// Shows a collapsed comment's replies again.
    public mutating func expand(_ comment: Fullname) { collapsed.remove(comment) }

    /// Collapses an expanded comment, or expands a collapsed one.
    public mutating func toggle(_ comment: Fullname) {
        if collapsed.contains(comment) { expand(comment) } else { collapse(comment) }
    }

    // MARK: Reading

    /// The number of comments and stubs in the tree.
    public var count: Int { entries.count }

    /// The node with this identity, as a flat value: the comment or stub, without its replies.
    public func content(of id: CommentNodeID) -> CommentRow.Content? {
        entries[id].map(Self.rowContent)
    }

    /// The identity of a node's parent; nil for a top-level node or one not in the tree.
    public func parent(of id: CommentNodeID) -> CommentNodeID? { entries[id]?.parent }

    /// The identities of a node's direct replies, in order.
    public func children(of id: CommentNodeID) -> [CommentNodeID] { entries[id]?.children ?? [] }

    /// The identities of the top-level nodes, in order.
    public var topLevelIDs: [CommentNodeID] { rootIDs }

    /// The top-level comments and stubs, each with its replies, in Reddit's order.
    ///
    /// This builds nested values; ``rows``, ``comments`` and ``stubs`` read the tree without
    /// nesting and suit very deep threads better.
    public var roots: [CommentNode] {
        // Post-order without recursion: a node is built once all its replies are.
        var built: [CommentNodeID: CommentNode] = [:]
        var stack: [(id: CommentNodeID, expanded: Bool)] = rootIDs.reversed().map { ($0, false) }
        while let (id, expanded) = stack.popLast() {
            guard let entry = entries[id] else { continue }
            if !expanded, !entry.children.isEmpty {
                stack.append((id, true))
                stack += entry.children.reversed().map { ($0, false) }
                continue
            }
            switch entry.content {
            case .comment(let comment):
                built[id] = .comment(comment, replies: entry.children.compactMap { built.removeValue(forKey: $0) })
            case .more(let more):
                built[id] = .more(more)
            }
        }
        return rootIDs.compactMap { built[$0] }
    }

    /// The tree flattened in display order, each row with its depth; replies of collapsed
    /// comments are left out.
    public var rows: [CommentRow] {
        var rows: [CommentRow] = []
        rows.reserveCapacity(entries.count)
        var stack: [(id: CommentNodeID, depth: Int)] = rootIDs.reversed().map { ($0, 0) }
        while let (id, depth) = stack.popLast() {
            guard let entry = entries[id] else { continue }
            switch entry.content {
            case .comment(let comment):
                let isCollapsed = collapsed.contains(comment.name)
                rows.append(
                    CommentRow(
                        content: .comment(comment), depth: depth, isCollapsed: isCollapsed,
                        hiddenCount: isCollapsed ? descendantCount(of: id) : 0))
                if !isCollapsed { stack += entry.children.reversed().map { ($0, depth + 1) } }
            case .more:
                rows.append(
                    CommentRow(content: Self.rowContent(entry), depth: depth, isCollapsed: false, hiddenCount: 0))
            }
        }
        return rows
    }

    /// Every loaded comment, depth first.
    public var comments: [Comment] {
        walk().compactMap { id in
            if case .comment(let comment)? = entries[id]?.content { comment } else { nil }
        }
    }

    /// Every `more` stub still in the tree, depth first.
    public var stubs: [More] {
        walk().compactMap { id in
            if case .more(let more)? = entries[id]?.content { more } else { nil }
        }
    }

    /// Comments below a node that are loaded, plus those its stubs say are hidden.
    public func descendantCount(of id: CommentNodeID) -> Int {
        var total = 0
        var stack = entries[id]?.children ?? []
        if case .more(let more)? = entries[id]?.content { return more.count }
        while let child = stack.popLast() {
            guard let entry = entries[child] else { continue }
            switch entry.content {
            case .comment: total += 1
            case .more(let more): total += more.count
            }
            stack += entry.children
        }
        return total
    }

    /// Every node's identity in display order (depth first), without recursion.
    func walk() -> [CommentNodeID] {
        var order: [CommentNodeID] = []
        order.reserveCapacity(entries.count)
        var stack = Array(rootIDs.reversed())
        while let id = stack.popLast() {
            guard let entry = entries[id] else { continue }
            order.append(id)
            stack += entry.children.reversed()
        }
        return order
    }

    static func rowContent(_ entry: Entry) -> CommentRow.Content {
        switch entry.content {
        case .comment(let comment): .comment(comment)
        case .more(let more): more.isContinueThread ? .continueThread(more) : .loadMore(more)
        }
    }
}
