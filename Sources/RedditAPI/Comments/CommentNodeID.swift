/// The identity of a comment or stub in a ``CommentTree``: unique within the tree.
///
/// A comment is identified by its fullname and a "load more" stub by its name (`t1_` and its
/// first hidden comment's id). Reddit names **every** "continue this thread" stub `t1__`, so such
/// a stub is identified by the comment it continues: its ``rawValue`` is `t1__:` followed by the
/// parent's fullname.
public struct CommentNodeID: Sendable, Hashable, CustomStringConvertible {
    private enum Kind: Sendable, Hashable {
        case comment(Fullname)
        case loadMore(Fullname)
        case continueThread(parent: Fullname)
    }

    private let kind: Kind

    /// The identity of a comment.
    public init(_ comment: Comment) { kind = .comment(comment.name) }

    /// The identity of a stub: its name, or for a continue-this-thread stub its parent.
    public init(_ stub: More) {
        kind = stub.isContinueThread ? .continueThread(parent: stub.parentID) : .loadMore(stub.name)
    }

    /// The identity of the comment named `name`.
    public init(comment name: Fullname) { kind = .comment(name) }

    /// A readable, unique form: the fullname of a comment or load-more stub, `t1__:<parent>` for
    /// a continue-this-thread stub.
    public var rawValue: String {
        switch kind {
        case .comment(let name), .loadMore(let name): name.rawValue
        case .continueThread(let parent): "t1__:" + parent.rawValue
        }
    }

    /// The comment's fullname, when this identifies a comment.
    public var commentName: Fullname? {
        if case .comment(let name) = kind { name } else { nil }
    }

    /// Same as ``rawValue``.
    public var description: String { rawValue }
}
