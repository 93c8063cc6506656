/// One node of a ``CommentTree``: a comment with its replies, or a stub for comments not loaded.
public indirect enum CommentNode: Sendable, Hashable {
    /// A comment and its direct replies. The comment's own ``Comment/replies`` is emptied; the
    /// replies live here.
    case comment(Comment, replies: [CommentNode])
    /// Comments not loaded yet: "load more" (``More/count`` > 0) or "continue this thread".
    case more(More)

    /// The comment, if this node is one.
    public var comment: Comment? {
        if case .comment(let comment, _) = self { comment } else { nil }
    }

    /// The direct replies (empty for a stub).
    public var replies: [CommentNode] {
        if case .comment(_, let replies) = self { replies } else { [] }
    }

    /// The node's identity in a tree (see ``CommentNodeID``).
    public var id: CommentNodeID {
        switch self {
        case .comment(let comment, _): CommentNodeID(comment)
        case .more(let more): CommentNodeID(more)
        }
    }

    /// The node's name: the comment's fullname, or the stub's (`t1__` for every
    /// continue-this-thread stub; ``id`` tells those apart).
    public var name: Fullname {
        switch self {
        case .comment(let comment, _): comment.name
        case .more(let more): more.name
        }
    }

    /// Comments below this node that are loaded, plus those stubs say are hidden.
    public var descendantCount: Int {
        switch self {
        case .comment(_, let replies):
            replies.reduce(0) { total, reply in total + (reply.isMore ? 0 : 1) + reply.descendantCount }
        case .more(let more): more.count
        }
    }

    var isMore: Bool {
        if case .more = self { true } else { false }
    }

    /// Builds a node from a listing item; items that are neither comments nor stubs give nil.
    init?(_ thing: Thing) {
        switch thing {
        case .comment(var comment):
            let replies = comment.replies?.children.compactMap(CommentNode.init) ?? []
            comment.replies = nil
            self = .comment(comment, replies: replies)
        case .more(let more):
            self = .more(more)
        default:
            return nil
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
