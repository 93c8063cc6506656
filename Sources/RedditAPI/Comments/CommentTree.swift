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
public struct CommentTree: Sendable, Hashable {
    /// The post.
    public var link: Link
    /// The top-level comments and stubs, in Reddit's order.
    public private(set) var roots: [CommentNode]
    /// The sort the comments were fetched with; more comments are fetched with it too.
    public var sort: CommentSort?
    /// Names of collapsed comments.
    public private(set) var collapsed: Set<Fullname> = []

    /// Builds the tree from a `/comments/ID` answer.
    public init(_ page: PostWithComments, sort: CommentSort? = nil) {
        link = page.link
        roots = page.comments.children.compactMap(CommentNode.init)
        self.sort = sort
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

    /// The tree flattened in display order, each row with its depth; replies of collapsed
    /// comments are left out.
    public var rows: [CommentRow] {
        var rows: [CommentRow] = []
        func visit(_ nodes: [CommentNode], depth: Int) {
            for node in nodes {
                switch node {
                case .comment(let comment, let replies):
                    let isCollapsed = collapsed.contains(comment.name)
                    rows.append(CommentRow(content: .comment(comment), depth: depth, isCollapsed: isCollapsed,
                                           hiddenCount: isCollapsed ? node.descendantCount : 0))
                    if !isCollapsed { visit(replies, depth: depth + 1) }
                case .more(let more):
                    let content: CommentRow.Content = more.isContinueThread ? .continueThread(more) : .loadMore(more)
                    rows.append(CommentRow(content: content, depth: depth, isCollapsed: false, hiddenCount: 0))
                }
            }
        }
        visit(roots, depth: 0)
        return rows
    }

    /// Every loaded comment, depth first.
    public var comments: [Comment] {
        var result: [Comment] = []
        func visit(_ nodes: [CommentNode]) {
            for case .comment(let comment, let replies) in nodes {
                result.append(comment)
                visit(replies)
            }
        }
        visit(roots)
        return result
    }

    /// Every `more` stub still in the tree.
    public var stubs: [More] {
        var result: [More] = []
        func visit(_ nodes: [CommentNode]) {
            for node in nodes {
                if case .more(let more) = node { result.append(more) }
                visit(node.replies)
            }
        }
        visit(roots)
        return result
    }

    // MARK: Growing

    /// Replaces a stub with the flat list `/api/morechildren` returned, re-threaded by parent.
    ///
    /// Items whose parent is in the list hang under it; items whose parent is already in the
    /// tree (or is the post) are appended to its replies (or the top level); the rest take the
    /// stub's place. Comments already in
    /// the tree, or repeated in the list, are not added twice.
    public mutating func replace(_ stub: More, with things: [Thing]) {
        let known = Set(comments.map(\.name))
        var byParent: [Fullname: [Thing]] = [:]
        var inBatch: Set<Fullname> = []
        for thing in things {
            guard let name = thing.fullname, !known.contains(name), !inBatch.contains(name) else { continue }
            let parent: Fullname? = switch thing {
            case .comment(let comment): comment.parentID
            case .more(let more): more.parentID
            default: nil
            }
            guard let parent else { continue }
            byParent[parent, default: []].append(thing)
            inBatch.insert(name)
        }
        func build(_ parent: Fullname, depth: Int = 0) -> [CommentNode] {
            // Parent links cannot form a cycle in real data; the depth bound guards hostile input.
            guard depth < 10_000, let children = byParent.removeValue(forKey: parent) else { return [] }
            return children.compactMap { thing in
                guard var node = CommentNode(thing) else { return nil }
                if case .comment(let comment, let replies) = node {
                    node = .comment(comment, replies: replies + build(comment.name, depth: depth + 1))
                }
                return node
            }
        }
        var inPlace = build(stub.parentID)
        // Parents elsewhere in the tree get their replies appended; unknown parents go in place.
        for parent in byParent.keys.sorted(by: { $0.rawValue < $1.rawValue }) where !inBatch.contains(parent) {
            let nodes = build(parent)
            if parent == link.name {
                roots += nodes
            } else if !Self.append(nodes, to: parent, in: &roots) {
                inPlace += nodes
            }
        }
        if !Self.replace(stub.name, with: inPlace, in: &roots) { roots += inPlace }
    }

    /// Replaces a continue-this-thread stub with the replies of its parent from the parent's own page.
    public mutating func replace(_ stub: More, withThreadOf page: PostWithComments) {
        let nodes = page.comments.children.compactMap(CommentNode.init)
        let replies = nodes.first { $0.name == stub.parentID }?.replies
            ?? nodes.filter { $0.comment?.parentID == stub.parentID }
        if !Self.replace(stub.name, with: replies, in: &roots) { roots += replies }
    }

    /// Swaps the node named `name` for `nodes`; false when it is not in the tree.
    private static func replace(_ name: Fullname, with nodes: [CommentNode], in list: inout [CommentNode]) -> Bool {
        if let index = list.firstIndex(where: { $0.isMore && $0.name == name }) {
            list.replaceSubrange(index...index, with: nodes)
            return true
        }
        for index in list.indices {
            guard case .comment(let comment, var replies) = list[index] else { continue }
            if replace(name, with: nodes, in: &replies) {
                list[index] = .comment(comment, replies: replies)
                return true
            }
        }
        return false
    }

    /// Appends `nodes` to the replies of comment `parent`; false when it is not in the tree.
    private static func append(_ nodes: [CommentNode], to parent: Fullname, in list: inout [CommentNode]) -> Bool {
        for index in list.indices {
            guard case .comment(let comment, var replies) = list[index] else { continue }
            if comment.name == parent {
                list[index] = .comment(comment, replies: replies + nodes)
                return true
            }
            if append(nodes, to: parent, in: &replies) {
                list[index] = .comment(comment, replies: replies)
                return true
            }
        }
        return false
    }
}
