/// Edits of a comment tree by id: replacing a "more" stub with the comments it stood for, and
/// changing one comment in place (an optimistic vote or save).
package enum CommentTreeEditing {
    /// `nodes` with the stub `moreID` replaced by `replacement`.
    package static func replacing(_ moreID: String, with replacement: [CommentNode], in nodes: [CommentNode]) -> [CommentNode] {
        nodes.flatMap { node -> [CommentNode] in
            switch node {
            case .more(let id, _, _, _) where id == moreID:
                return replacement
            case .more:
                return [node]
            case .comment(let comment, let replies):
                return [.comment(comment, replies: replacing(moreID, with: replacement, in: replies))]
            }
        }
    }

    /// `nodes` with `change` applied to the comment whose fullname is `fullname`.
    package static func editing(_ fullname: String, in nodes: [CommentNode], _ change: (inout CommentSummary) -> Void) -> [CommentNode] {
        nodes.map { node in
            guard case .comment(var comment, let replies) = node else { return node }
            if comment.fullname == fullname { change(&comment) }
            return .comment(comment, replies: editing(fullname, in: replies, change))
        }
    }

    /// Nests a flat list of comments and stubs (what `/api/morechildren` returns) by their
    /// parent ids. `parents` gives each node's parent fullname; nodes whose parent is not in
    /// the list stay at the top, in their original order.
    package static func nest(_ flat: [(node: CommentNode, parentFullname: String)]) -> [CommentNode] {
        var children: [String: [Int]] = [:]
        var ids = Set<String>()
        for (index, item) in flat.enumerated() {
            children[item.parentFullname, default: []].append(index)
            if case .comment(let comment, _) = item.node { ids.insert(comment.fullname) }
        }
        func build(_ index: Int) -> CommentNode {
            let node = flat[index].node
            guard case .comment(let comment, let replies) = node else { return node }
            let nested = (children[comment.fullname] ?? []).map(build)
            return .comment(comment, replies: replies + nested)
        }
        return flat.indices.filter { !ids.contains(flat[$0].parentFullname) }.map(build)
    }
}
