/// A comment tree flattened into the rows a terminal shows, honouring folded threads and a
/// depth limit: the list both `reddit comments` and `browse` draw.
package struct CommentRow: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A comment; `hiddenReplies` counts the comments under it that are not shown (folded
        /// or beyond the depth limit), `isCollapsed` says it was folded by the user.
        case comment(CommentSummary, hiddenReplies: Int, isCollapsed: Bool)
        /// A "more" stub: `count` replies not loaded yet.
        case more(id: String, parentID: String, count: Int, childIDs: [String])
        /// Reddit's "continue this thread" for the comment `parentID`.
        case continueThread(parentID: String)
    }

    package var kind: Kind
    package var depth: Int

    /// The id of the comment or stub.
    package var id: String {
        switch kind {
        case .comment(let comment, _, _): comment.id
        case .more(let id, _, _, _): id
        case .continueThread(let parentID): "continue-" + parentID
        }
    }
}

package enum CommentRows {
    /// The visible rows of `nodes`: children of a comment in `collapsed` are hidden, and with a
    /// `maxDepth` deeper replies are counted on their parent instead of shown.
    package static func flatten(_ nodes: [CommentNode], collapsed: Set<String> = [], maxDepth: Int? = nil) -> [CommentRow] {
        var rows: [CommentRow] = []
        append(nodes, depth: 0, collapsed: collapsed, maxDepth: maxDepth, into: &rows)
        return rows
    }

    private static func append(_ nodes: [CommentNode], depth: Int, collapsed: Set<String>, maxDepth: Int?, into rows: inout [CommentRow]) {
        for node in nodes {
            switch node {
            case .comment(let comment, let replies):
                let isCollapsed = collapsed.contains(comment.id)
                let beyondDepth = maxDepth.map { depth + 1 >= $0 } ?? false
                let hidden = isCollapsed || beyondDepth ? replyCount(replies) : 0
                rows.append(CommentRow(kind: .comment(comment, hiddenReplies: hidden, isCollapsed: isCollapsed), depth: depth))
                if !isCollapsed, !beyondDepth {
                    append(replies, depth: depth + 1, collapsed: collapsed, maxDepth: maxDepth, into: &rows)
                }
            case .more(let id, let parentID, let count, let childIDs):
                if count == 0 && childIDs.isEmpty {
                    rows.append(CommentRow(kind: .continueThread(parentID: parentID), depth: depth))
                } else if count > 0 || !childIDs.isEmpty {
                    rows.append(CommentRow(kind: .more(id: id, parentID: parentID, count: max(count, childIDs.count), childIDs: childIDs), depth: depth))
                }
            }
        }
    }

    /// Comments under `nodes`, loaded or not ("more" stubs count what they stand for).
    package static func replyCount(_ nodes: [CommentNode]) -> Int {
        nodes.reduce(0) { total, node in
            switch node {
            case .comment(_, let replies): total + 1 + replyCount(replies)
            case .more(_, _, let count, let childIDs): total + max(count, childIDs.count)
            }
        }
    }
}
