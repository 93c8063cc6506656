/// Growing a ``CommentTree``: the table's side of ``CommentTree/replace(_:with:)`` and
/// ``CommentTree/replace(_:withThreadOf:)``. Each costs what it adds (plus a look along the stub's
/// siblings), never a pass over the whole table; the tree makes sure the table is its own first.
extension CommentTable {
    /// Replaces a stub with the flat list `/api/morechildren` returned, re-threaded by parent;
    /// `post` is the post's fullname, the parent of top-level items.
    func replace(_ stub: More, with things: [Thing], post: Fullname) {
        let stubID = CommentNodeID(stub)
        // Group the new items by parent, skipping what the tree or the batch already holds.
        var byParent: [Fullname: [Thing]] = [:]
        var parentOrder: [Fullname] = []
        var inBatch: Set<Fullname> = []
        for thing in things {
            let parent: Fullname
            let id: CommentNodeID
            switch thing {
            case .comment(let comment):
                parent = comment.parentID
                id = CommentNodeID(comment)
                guard !inBatch.contains(comment.name) else { continue }
                inBatch.insert(comment.name)
            case .more(let more):
                parent = more.parentID
                id = CommentNodeID(more)
            default:
                continue
            }
            guard entries[id] == nil || id == stubID else { continue }
            if byParent[parent] == nil { parentOrder.append(parent) }
            byParent[parent, default: []].append(thing)
        }
        let stubParent = entries[stubID]?.parent
        let position = detach(stubID)
        var inPlace = attach(byParent.removeValue(forKey: stub.parentID) ?? [], under: stubParent, from: &byParent)
        for parent in parentOrder.sorted(by: { $0.rawValue < $1.rawValue }) where !inBatch.contains(parent) {
            guard let items = byParent.removeValue(forKey: parent) else { continue }
            let parentID = CommentNodeID(comment: parent)
            if parent == post {
                rootIDs += attach(items, under: nil, from: &byParent)
            } else if entries[parentID] != nil {
                let added = attach(items, under: parentID, from: &byParent)
                entries[parentID]?.children += added
            } else {
                inPlace += attach(items, under: stubParent, from: &byParent)
            }
        }
        place(inPlace, at: position)
    }

    /// Replaces a continue-this-thread stub with the replies of its parent from the parent's own page.
    func replace(_ stub: More, withThreadOf page: PostWithComments) {
        let stubID = CommentNodeID(stub)
        let top = page.comments.children
        let replies: [Thing]
        if case .comment(let parent)? = top.first(where: { $0.fullname == stub.parentID }) {
            replies = parent.replies?.children ?? []
        } else {
            replies = top.filter {
                if case .comment(let comment) = $0 { comment.parentID == stub.parentID } else { false }
            }
        }
        let stubParent = entries[stubID]?.parent
        let position = detach(stubID)
        place(insert(replies, under: stubParent), at: position)
    }

    /// Adds `items` under `parent`, then threads the batch's items below them by lookup (one
    /// pass, no recursion); returns the identities added at the first level.
    private func attach(
        _ items: [Thing], under parent: CommentNodeID?, from byParent: inout [Fullname: [Thing]]
    ) -> [CommentNodeID] {
        let ids = insert(items, under: parent)
        var pending = ids
        while let id = pending.popLast() {
            guard let name = id.commentName, let replies = byParent.removeValue(forKey: name) else { continue }
            let added = insert(replies, under: id)
            entries[id]?.children += added
            pending += added
        }
        return ids
    }

    /// Takes a node out of the table and its parent's children; returns where it was.
    private func detach(_ id: CommentNodeID) -> (parent: CommentNodeID?, index: Int)? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        if let parent = entry.parent {
            guard let index = entries[parent]?.children.firstIndex(of: id) else { return nil }
            entries[parent]?.children.remove(at: index)
            return (parent, index)
        }
        guard let index = rootIDs.firstIndex(of: id) else { return nil }
        rootIDs.remove(at: index)
        return (nil, index)
    }

    /// Puts `ids` where a stub was; at the end of the top level when the stub was not in the tree.
    private func place(_ ids: [CommentNodeID], at position: (parent: CommentNodeID?, index: Int)?) {
        guard let position else {
            for id in ids { entries[id]?.parent = nil }
            rootIDs += ids
            return
        }
        if let parent = position.parent {
            entries[parent]?.children.insert(contentsOf: ids, at: position.index)
        } else {
            rootIDs.insert(contentsOf: ids, at: position.index)
        }
    }

    /// Adds listing items (and the replies nested in them, without recursion) under `parent`,
    /// skipping identities the tree already holds; returns the identities of the items added at
    /// the first level, in order. The caller links them into `parent`'s children or the top level.
    @discardableResult
    func insert(_ things: [Thing], under parent: CommentNodeID?) -> [CommentNodeID] {
        var firstLevel: [CommentNodeID] = []
        // Each work item: things to add, under which node; nil `owner` marks the first level.
        var work: [(things: [Thing], parent: CommentNodeID?, owner: CommentNodeID?)] = [(things, parent, nil)]
        while let (items, itemParent, owner) = work.popLast() {
            var added: [CommentNodeID] = []
            for thing in items {
                switch thing {
                case .comment(var comment):
                    let id = CommentNodeID(comment)
                    guard entries[id] == nil else { continue }
                    let nested = comment.replies?.children ?? []
                    comment.replies = nil
                    entries[id] = Entry(content: .comment(comment), parent: itemParent)
                    added.append(id)
                    if !nested.isEmpty { work.append((nested, id, id)) }
                case .more(let more):
                    let id = CommentNodeID(more)
                    guard entries[id] == nil else { continue }
                    entries[id] = Entry(content: .more(more), parent: itemParent)
                    added.append(id)
                default:
                    continue
                }
            }
            if let owner { entries[owner]?.children = added } else { firstLevel = added }
        }
        return firstLevel
    }
}
