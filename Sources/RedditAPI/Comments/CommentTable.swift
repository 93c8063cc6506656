/// The nodes of a ``CommentTree``, by identity: the storage its copies and its ``CommentNode``
/// values share.
///
/// A tree writes to its table in place while nothing else holds it, and copies it first
/// otherwise (copy on write, as `Array` does): a tree grown through `inout`, with no node or older
/// copy of it kept, never copies its nodes. Every walk here is a loop over an explicit stack, so
/// no depth of thread can exhaust the call stack.
final class CommentTable: @unchecked Sendable {
    // `@unchecked Sendable`: the only writer is ``CommentTree``, and it writes only after
    // `isKnownUniquelyReferenced` said no other value (tree, node, task) holds this table; a table
    // reachable from two places is never written again, so sharing it across tasks is safe.

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

    /// Every node by identity.
    var entries: [CommentNodeID: Entry]
    /// The top-level nodes, in Reddit's order.
    var rootIDs: [CommentNodeID]
    /// How many nodes copy-on-write has copied to make this table and the tables it was copied
    /// from: what growing a tree cost beyond the nodes it added. Tests hold it to zero.
    let copiedNodes: Int

    init(entries: [CommentNodeID: Entry] = [:], rootIDs: [CommentNodeID] = [], copiedNodes: Int = 0) {
        self.entries = entries
        self.rootIDs = rootIDs
        self.copiedNodes = copiedNodes
    }

    /// A table of its own with the same nodes, for a tree about to write to a shared one.
    func copy() -> CommentTable {
        CommentTable(entries: entries, rootIDs: rootIDs, copiedNodes: copiedNodes + entries.count)
    }

    /// Whether both tables hold the same nodes in the same order.
    func hasSameNodes(as other: CommentTable) -> Bool {
        self === other || (rootIDs == other.rootIDs && entries == other.entries)
    }

    /// Comments below a node that are loaded, plus those its stubs say are hidden; a stub's own
    /// count for a stub.
    func descendantCount(of id: CommentNodeID) -> Int {
        guard let entry = entries[id] else { return 0 }
        if case .more(let more) = entry.content { return more.count }
        var total = 0
        var stack = entry.children
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

    /// The identities of `start` (the top level when nil) and everything below, in display
    /// order (depth first).
    func walk(from start: [CommentNodeID]? = nil) -> [CommentNodeID] {
        var order: [CommentNodeID] = []
        var stack = Array((start ?? rootIDs).reversed())
        while let id = stack.popLast() {
            guard let entry = entries[id] else { continue }
            order.append(id)
            stack += entry.children.reversed()
        }
        return order
    }

    /// How a node shows as a row.
    static func rowContent(_ entry: Entry) -> CommentRow.Content {
        switch entry.content {
        case .comment(let comment): .comment(comment)
        case .more(let more): more.isContinueThread ? .continueThread(more) : .loadMore(more)
        }
    }
}
