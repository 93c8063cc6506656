/// A post's comments as a tree that can be collapsed, expanded and grown as `more` stubs load.
///
/// ```swift
/// var tree = try await reddit.commentTree(of: "3hahrw")
/// for row in tree.rows {
///     print(String(repeating: "  ", count: row.depth), row.id)
/// }
/// if case .loadMore(let more)? = tree.rows.last?.content {
///     try await reddit.loadMore(more, in: &tree)
/// }
/// ```
///
/// The tree keeps its nodes in a table indexed by ``CommentNodeID``, so finding a parent or a
/// stub costs the same however large the tree is, and every walk over it is a loop rather than
/// a recursion: a thread followed through "continue this thread" without end (100,000 levels)
/// neither slows growing down nor overflows the stack.
///
/// The table is shared by copies of the tree and by the ``CommentNode`` values ``roots`` returns,
/// and copied at the first change made while something else holds it. Grown in place (through
/// `inout`, with no older copy or node kept), a tree costs what the new comments cost.
public struct CommentTree: Sendable, Hashable {
    /// The post.
    public var link: Link
    /// The sort the comments were fetched with; more comments are fetched with it too.
    public var sort: CommentSort?
    /// Names of collapsed comments.
    public private(set) var collapsed: Set<Fullname> = []

    /// The nodes; written only through ``uniqueTable()``.
    private(set) var table = CommentTable()

    /// Builds the tree from a `/comments/ID` answer.
    public init(_ page: PostWithComments, sort: CommentSort? = nil) {
        link = page.link
        self.sort = sort
        let table = uniqueTable()
        table.rootIDs = table.insert(page.comments.children, under: nil)
    }

    /// The table, copied first if anything else holds it: the one way to write to it.
    mutating func uniqueTable() -> CommentTable {
        if !isKnownUniquelyReferenced(&table) { table = table.copy() }
        return table
    }

    /// Whether two trees hold the same post, sort, folds and nodes.
    public static func == (lhs: CommentTree, rhs: CommentTree) -> Bool {
        lhs.link == rhs.link && lhs.sort == rhs.sort && lhs.collapsed == rhs.collapsed
            && lhs.table.hasSameNodes(as: rhs.table)
    }

    /// Hashes the post, sort, folds and nodes (without recursion).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(link)
        hasher.combine(sort)
        hasher.combine(collapsed)
        hasher.combine(table.rootIDs)
        hasher.combine(table.entries)
    }

    // MARK: Growing

    /// Replaces a stub with the flat list `/api/morechildren` returned, re-threaded by parent.
    ///
    /// Items whose parent is in the list hang under it; items whose parent is already in the
    /// tree (or is the post) are appended to its replies (or the top level); the rest take the
    /// stub's place. Comments already in the tree, or repeated in the list, are not added twice.
    /// Only the stub identified by ``CommentNodeID/init(_:)-(More)`` is replaced.
    public mutating func replace(_ stub: More, with things: [Thing]) {
        let post = link.name
        uniqueTable().replace(stub, with: things, post: post)
    }

    /// Replaces a continue-this-thread stub with the replies of its parent from the parent's own page.
    public mutating func replace(_ stub: More, withThreadOf page: PostWithComments) {
        uniqueTable().replace(stub, withThreadOf: page)
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
    public var count: Int { table.entries.count }

    /// The node with this identity, as a flat value: the comment or stub, without its replies.
    public func content(of id: CommentNodeID) -> CommentRow.Content? {
        table.entries[id].map(CommentTable.rowContent)
    }

    /// The identity of a node's parent; nil for a top-level node or one not in the tree.
    public func parent(of id: CommentNodeID) -> CommentNodeID? { table.entries[id]?.parent }

    /// The identities of a node's direct replies, in order.
    public func children(of id: CommentNodeID) -> [CommentNodeID] { table.entries[id]?.children ?? [] }

    /// The identities of the top-level nodes, in order.
    public var topLevelIDs: [CommentNodeID] { table.rootIDs }

    /// The top-level comments and stubs, each with its replies, in Reddit's order.
    ///
    /// Each node reads the tree's table as it was when `roots` was read; holding nodes while the
    /// tree changes makes the tree copy its table once, at its next change.
    public var roots: [CommentNode] {
        table.rootIDs.compactMap { CommentNode(table, id: $0) }
    }

    /// The tree flattened in display order, each row with its depth; replies of collapsed
    /// comments are left out.
    public var rows: [CommentRow] {
        var rows: [CommentRow] = []
        rows.reserveCapacity(table.entries.count)
        var stack: [(id: CommentNodeID, depth: Int)] = table.rootIDs.reversed().map { ($0, 0) }
        while let (id, depth) = stack.popLast() {
            guard let entry = table.entries[id] else { continue }
            switch entry.content {
            case .comment(let comment):
                let isCollapsed = collapsed.contains(comment.name)
                rows.append(
                    CommentRow(
                        content: .comment(comment), depth: depth, isCollapsed: isCollapsed,
                        hiddenCount: isCollapsed ? table.descendantCount(of: id) : 0))
                if !isCollapsed { stack += entry.children.reversed().map { ($0, depth + 1) } }
            case .more:
                rows.append(
                    CommentRow(
                        content: CommentTable.rowContent(entry), depth: depth, isCollapsed: false, hiddenCount: 0))
            }
        }
        return rows
    }

    /// Every loaded comment, depth first.
    public var comments: [Comment] {
        table.walk().compactMap { id in
            if case .comment(let comment)? = table.entries[id]?.content { comment } else { nil }
        }
    }

    /// Every `more` stub still in the tree, depth first.
    public var stubs: [More] {
        table.walk().compactMap { id in
            if case .more(let more)? = table.entries[id]?.content { more } else { nil }
        }
    }

    /// Comments below a node that are loaded, plus those its stubs say are hidden.
    public func descendantCount(of id: CommentNodeID) -> Int { table.descendantCount(of: id) }
}
