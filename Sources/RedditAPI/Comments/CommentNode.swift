/// One node of a ``CommentTree``: a comment with its replies, or a stub for comments not loaded.
///
/// A node is a view into the tree's table, not a nested value: it holds its own comment or stub
/// and a reference to the table, so holding, comparing, hashing and releasing one costs no call
/// per level of the thread below it, however deep (a 100,000-level thread is tested). Equal nodes hold equal comments and stubs in the same
/// shape below them, whichever tree they come from. A node shows the tree as it was when read
/// (see ``CommentTree/roots``).
public struct CommentNode: Sendable, Hashable, Identifiable {
    /// The table the node reads; never written while a node holds it.
    private let table: CommentTable
    private let entry: CommentTable.Entry

    /// The node's identity in its tree (see ``CommentNodeID``).
    public let id: CommentNodeID

    /// The node `id` of `table`, or nil when the table has no such node.
    init?(_ table: CommentTable, id: CommentNodeID) {
        guard let entry = table.entries[id] else { return nil }
        self.table = table
        self.entry = entry
        self.id = id
    }

    /// The comment or stub, as a row of ``CommentTree/rows`` shows it.
    public var content: CommentRow.Content { CommentTable.rowContent(entry) }

    /// The comment, if this node is one.
    public var comment: Comment? {
        if case .comment(let comment) = entry.content { comment } else { nil }
    }

    /// The stub, if this node is one.
    public var more: More? {
        if case .more(let more) = entry.content { more } else { nil }
    }

    /// The direct replies (empty for a stub).
    public var replies: [CommentNode] {
        entry.children.compactMap { CommentNode(table, id: $0) }
    }

    /// The node's name: the comment's fullname, or the stub's (`t1__` for every
    /// continue-this-thread stub; ``id`` tells those apart).
    public var name: Fullname {
        switch entry.content {
        case .comment(let comment): comment.name
        case .more(let more): more.name
        }
    }

    /// Comments below this node that are loaded, plus those stubs say are hidden.
    public var descendantCount: Int { table.descendantCount(of: id) }

    /// Whether both nodes hold equal comments and stubs, in the same shape, all the way down
    /// (compared without recursion).
    public static func == (lhs: CommentNode, rhs: CommentNode) -> Bool {
        if lhs.table === rhs.table, lhs.id == rhs.id { return true }
        var pairs = [(lhs.entry, rhs.entry)]
        while let (left, right) = pairs.popLast() {
            guard left.content == right.content, left.children.count == right.children.count else { return false }
            for (leftChild, rightChild) in zip(left.children, right.children) {
                guard let leftEntry = lhs.table.entries[leftChild], let rightEntry = rhs.table.entries[rightChild]
                else { return false }
                pairs.append((leftEntry, rightEntry))
            }
        }
        return true
    }

    /// Hashes the comments and stubs and the shape below the node (without recursion).
    public func hash(into hasher: inout Hasher) {
        var stack = [entry]
        while let entry = stack.popLast() {
            hasher.combine(entry.content)
            hasher.combine(entry.children.count)
            for child in entry.children.reversed() {
                if let childEntry = table.entries[child] { stack.append(childEntry) }
            }
        }
    }
}

/// One line of a ``CommentTree``'s flattened view: what to draw and how far to indent it.
public struct CommentRow: Sendable, Hashable, Identifiable {
    /// What the row shows.
    public enum Content: Sendable, Hashable {
        /// A comment.
        case comment(Comment)
        /// "Load N more comments": expand with ``RedditClient/loadMore(_:in:)``.
        case loadMore(More)
        /// "Continue this thread": also expanded with ``RedditClient/loadMore(_:in:)``.
        case continueThread(More)
    }

    /// What the row shows.
    public var content: Content
    /// The nesting level: 0 for top-level comments.
    public var depth: Int
    /// Whether the comment is collapsed (its replies are not listed).
    public var isCollapsed: Bool
    /// How many comments a collapsed comment hides (loaded or not).
    public var hiddenCount: Int

    /// The row's identity, unique in its tree (continue-this-thread stubs all share the name
    /// `t1__`, so they are told apart by their parent).
    public var id: CommentNodeID {
        switch content {
        case .comment(let comment): CommentNodeID(comment)
        case .loadMore(let more), .continueThread(let more): CommentNodeID(more)
        }
    }
}
