import Foundation

/// The interactive browser as a pure state machine: keys in, state changes and effects out.
///
/// The loop in ``BrowseSession`` performs the effects (network calls) and feeds results back
/// with the `did…` methods; drawing is ``BrowseScreen``'s job. Keeping this free of I/O lets
/// the tests drive every key without a terminal.
package struct BrowseState: Sendable {
    /// A list of posts (the front page, a subreddit, search results).
    package struct PostList: Sendable {
        package var title: String
        package var posts: [PostSummary]
        package var after: String?
        package var selected = 0
        package var listing: ListingOptions?

        package init(title: String, posts: [PostSummary], after: String?, listing: ListingOptions?) {
            self.title = title
            self.posts = posts
            self.after = after
            self.listing = listing
        }
    }

    /// An open post with its comment tree.
    package struct Thread: Sendable {
        package var thread: PostThread
        package var collapsed: Set<String> = []
        /// Index into ``rows``; -1 selects the post itself.
        package var selected = 0

        package init(thread: PostThread) {
            self.thread = thread
            selected = rows.isEmpty ? -1 : 0
        }

        /// The visible rows with the current folds.
        package var rows: [CommentRow] { CommentRows.flatten(thread.comments, collapsed: collapsed) }
    }

    package enum Screen: Sendable {
        case posts(PostList)
        case thread(Thread)
    }

    /// Work the loop must do after a key.
    package enum Effect: Equatable, Sendable {
        case quit
        case openPost(id: String)
        case loadMore(postID: String, moreID: String, childIDs: [String])
        case nextPage(ListingOptions)
        case search(String)
        case vote(fullname: String, VoteDirection, previous: Bool?)
        case save(fullname: String, Bool)
    }

    /// The screens, the last one shown; `q` pops one.
    package private(set) var stack: [Screen]
    /// The text typed after `/`, while the search prompt is open.
    package private(set) var searchPrompt: String?
    /// One line of feedback at the bottom (errors, "saved").
    package var status: String?
    /// Rows of the terminal available for content (set by the screen on every draw).
    package var pageSize = 20
    /// What the title bar says about the data source.
    package var sourceLabel: String

    package init(root: PostList, sourceLabel: String) {
        stack = [.posts(root)]
        self.sourceLabel = sourceLabel
    }

    package var current: Screen { stack[stack.count - 1] }

    // MARK: keys

    /// Applies `key` and returns the work to do, if any.
    package mutating func handle(_ key: Key) -> Effect? {
        if searchPrompt != nil { return handlePrompt(key) }
        if key != .interrupt { status = nil }
        switch key {
        case .interrupt, .endOfInput: return .quit
        case .character("q"), .escape, .left:
            if stack.count > 1 { stack.removeLast(); return nil }
            return key == .left ? nil : .quit
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .pageUp: move(by: -max(1, pageSize - 1))
        case .pageDown: move(by: max(1, pageSize - 1))
        case .home, .character("g"): move(by: Int.min / 2)
        case .end, .character("G"): move(by: Int.max / 2)
        case .character("/"): searchPrompt = ""
        case .enter, .space, .right: return activate()
        case .character("m"): return loadMore()
        case .character("u"): return vote(.up)
        case .character("d"): return vote(.down)
        case .character("s"): return toggleSave()
        case .character("n"): return nextPage()
        default: break
        }
        if isPostList, case .posts(let list) = current, list.selected == list.posts.count - 1, key == .down || key == .character("j") {
            return nextPage()
        }
        return nil
    }

    private var isPostList: Bool {
        if case .posts = current { return true }
        return false
    }

    private mutating func handlePrompt(_ key: Key) -> Effect? {
        guard var text = searchPrompt else { return nil }
        switch key {
        case .enter:
            searchPrompt = nil
            let query = text.trimmingCharacters(in: .whitespaces)
            return query.isEmpty ? nil : .search(query)
        case .escape: searchPrompt = nil
        case .interrupt: searchPrompt = nil; return .quit
        case .backspace: if !text.isEmpty { text.removeLast() }; searchPrompt = text
        case .space: searchPrompt = text + " "
        case .character(let character): searchPrompt = text + String(character)
        default: break
        }
        return nil
    }

    private mutating func move(by delta: Int) {
        switch current {
        case .posts(var list):
            guard !list.posts.isEmpty else { return }
            list.selected = min(max(0, list.selected.addingReportingOverflow(delta).partialValue), list.posts.count - 1)
            replaceCurrent(.posts(list))
        case .thread(var thread):
            let count = thread.rows.count
            thread.selected = min(max(-1, thread.selected.addingReportingOverflow(delta).partialValue), count - 1)
            replaceCurrent(.thread(thread))
        }
    }

    private mutating func activate() -> Effect? {
        switch current {
        case .posts(let list):
            guard list.posts.indices.contains(list.selected) else { return nil }
            return .openPost(id: list.posts[list.selected].id)
        case .thread(var thread):
            let rows = thread.rows
            guard rows.indices.contains(thread.selected) else { return nil }
            let row = rows[thread.selected]
            switch row.kind {
            case .comment(let comment, _, _):
                if thread.collapsed.contains(comment.id) { thread.collapsed.remove(comment.id) } else { thread.collapsed.insert(comment.id) }
                replaceCurrent(.thread(thread))
                return nil
            case .more(let id, _, _, let childIDs):
                return .loadMore(postID: thread.thread.post.id, moreID: id, childIDs: childIDs)
            case .continueThread(let parentID):
                status = "this thread continues on its own page: reddit comments \(thread.thread.post.id) (comment \(parentID))"
                return nil
            }
        }
    }

    private mutating func loadMore() -> Effect? {
        guard case .thread(let thread) = current else { return nil }
        let rows = thread.rows
        let start = max(0, thread.selected)
        let candidates = rows[start...] + rows[..<start]
        for row in candidates {
            if case .more(let id, _, _, let childIDs) = row.kind {
                return .loadMore(postID: thread.thread.post.id, moreID: id, childIDs: childIDs)
            }
        }
        status = "no more comments to load"
        return nil
    }

    private mutating func nextPage() -> Effect? {
        guard case .posts(let list) = current, let after = list.after, var listing = list.listing else { return nil }
        listing.page.after = after
        return .nextPage(listing)
    }

    /// The fullname, current vote and saved flag of what is selected.
    private var selectedThing: (fullname: String, likes: Bool?, saved: Bool)? {
        switch current {
        case .posts(let list):
            guard list.posts.indices.contains(list.selected) else { return nil }
            let post = list.posts[list.selected]
            return (post.fullname, post.likes, post.isSaved)
        case .thread(let thread):
            let rows = thread.rows
            if rows.indices.contains(thread.selected) {
                guard case .comment(let comment, _, _) = rows[thread.selected].kind else { return nil }
                return (comment.fullname, comment.likes, comment.isSaved)
            }
            return (thread.thread.post.fullname, thread.thread.post.likes, thread.thread.post.isSaved)
        }
    }

    private mutating func vote(_ direction: VoteDirection) -> Effect? {
        guard let thing = selectedThing else { return nil }
        // Pressing the same vote again clears it, as on the website.
        let wanted: VoteDirection = (direction == .up && thing.likes == true) || (direction == .down && thing.likes == false) ? .clear : direction
        apply(vote: wanted, to: thing.fullname)
        return .vote(fullname: thing.fullname, wanted, previous: thing.likes)
    }

    private mutating func toggleSave() -> Effect? {
        guard let thing = selectedThing else { return nil }
        apply(saved: !thing.saved, to: thing.fullname)
        return .save(fullname: thing.fullname, !thing.saved)
    }

    mutating func replaceCurrent(_ screen: Screen) {
        stack[stack.count - 1] = screen
    }

    // MARK: results

    /// Opens a loaded post.
    package mutating func didOpen(_ thread: PostThread) {
        stack.append(.thread(Thread(thread: thread)))
    }

    /// Shows search results (or any new list) on top of the current screen.
    package mutating func didLoadList(_ list: PostList) {
        stack.append(.posts(list))
    }

    /// Appends the next page to the current list.
    package mutating func didLoadNextPage(_ page: PostPage) {
        guard case .posts(var list) = current else { return }
        let known = Set(list.posts.map(\.id))
        list.posts += page.posts.filter { !known.contains($0.id) }
        list.after = page.after
        replaceCurrent(.posts(list))
    }

    /// Puts loaded comments where their "more" stub was.
    package mutating func didLoadMore(moreID: String, nodes: [CommentNode]) {
        guard case .thread(var thread) = current else { return }
        thread.thread.comments = CommentTreeEditing.replacing(moreID, with: nodes, in: thread.thread.comments)
        thread.selected = min(thread.selected, thread.rows.count - 1)
        replaceCurrent(.thread(thread))
    }

    /// Reverts an optimistic vote or save that failed, and says why.
    package mutating func didFail(_ effect: Effect, message: String) {
        switch effect {
        case .vote(let fullname, _, let previous): apply(likes: previous, to: fullname)
        case .save(let fullname, let saved): apply(saved: !saved, to: fullname)
        default: break
        }
        status = message
    }

    private mutating func apply(vote: VoteDirection, to fullname: String) {
        apply(likes: vote == .up ? true : vote == .down ? false : nil, to: fullname)
    }

    private mutating func apply(likes: Bool?, to fullname: String) {
        func delta(_ old: Bool?, _ new: Bool?) -> Int { (new.map { $0 ? 1 : -1 } ?? 0) - (old.map { $0 ? 1 : -1 } ?? 0) }
        edit(fullname) { post in
            post.score += delta(post.likes, likes)
            post.likes = likes
        } comment: { comment in
            comment.score += delta(comment.likes, likes)
            comment.likes = likes
        }
    }

    private mutating func apply(saved: Bool, to fullname: String) {
        edit(fullname) { $0.isSaved = saved } comment: { $0.isSaved = saved }
    }

    private mutating func edit(_ fullname: String, post: (inout PostSummary) -> Void, comment: (inout CommentSummary) -> Void) {
        for index in stack.indices {
            switch stack[index] {
            case .posts(var list):
                for i in list.posts.indices where list.posts[i].fullname == fullname { post(&list.posts[i]) }
                stack[index] = .posts(list)
            case .thread(var thread):
                if thread.thread.post.fullname == fullname { post(&thread.thread.post) }
                thread.thread.comments = CommentTreeEditing.editing(fullname, in: thread.thread.comments, comment)
                stack[index] = .thread(thread)
            }
        }
    }
}
