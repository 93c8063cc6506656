import Foundation
package import RedditAPI

/// Where a list of posts that is not a subreddit listing comes from.
package enum PostSource: Equatable, Sendable {
    /// A user's posts (`submitted`) or saved items (`saved`).
    case user(String, UserSection)
    /// A multireddit; a nil owner is the signed-in user.
    case multireddit(owner: String?, name: String)
    /// The posts linking to a domain (`python.org`).
    case domain(String)

    /// The list's title.
    var title: String {
        switch self {
        case .user(let name, .submitted), .user(let name, .overview): "u/\(name) · posts"
        case .user(let name, let section): "u/\(name) · \(section.rawValue)"
        case .domain(let domain): "domain \(domain)"
        case .multireddit(let owner, let name): (owner.map { "u/\($0)/" } ?? "") + "m/\(name)"
        }
    }
}

/// The signed-in user's subscriptions, one a line.
package struct SubredditList: Sendable {
    package var subreddits: [Subreddit]
    package var selected = 0

    package init(subreddits: [Subreddit]) { self.subreddits = subreddits }
}

/// rtv's navigation on top of the browser's own keys: `l`/`h` open and go back, `J`/`K` move to
/// the next sibling or the parent comment, `S` changes the comments' order, `U` opens the
/// selected author's posts, `H` hides a post, `e` edits and `X` deletes your own post or comment
/// (after a question), `m` marks an inbox item read, and the `r` prompt takes users (`u/name`),
/// multireddits (`a+b`, `/m/name`, `/user/X/m/name`), `/comments/ID`, any reddit.com URL,
/// `saved` and `subs`.
extension BrowseState {
    /// What the loop does for a navigation key or prompt answer.
    package enum Navigation: Equatable, Sendable {
        /// Opens a post (on a comment when the options name one).
        case openThread(CommentsOptions)
        /// Loads the open thread again in another order, in place.
        case resortThread(CommentsOptions)
        /// Shows a user's posts, saved items or a multireddit (`after`: its next page).
        case posts(PostSource, after: Fullname?)
        /// Shows the signed-in user's subscriptions.
        case subscriptions
        /// Hides the post.
        case hide(Fullname)
        /// Asks for the new text in the editor, starting from `current`, then sends the edit.
        case edit(Fullname, current: String)
        /// Deletes the post or comment (already confirmed).
        case delete(Fullname)
        /// Marks the inbox item read.
        case markRead(Fullname)
        /// Learns who the signed-in user is (``BrowseState/userName``), then handles the key again.
        case identify(then: Key)
    }

    /// The comment orders `S` steps through, Reddit's default first.
    static let commentSorts: [CommentSort] = [.confidence, .top, .new, .controversial, .old, .qa]

    /// The key's effect when it is one of the navigation keys here; nil lets the browser's own
    /// keys handle it.
    mutating func handleNavigation(_ key: Key) -> Effect?? {
        switch (key, current) {
        case (.character("l"), _): return .some(activate())
        case (.character("h"), _):
            goBack(.left)
            return .some(nil)
        case (.character("J"), .thread): return .some(moveToSibling())
        case (.character("K"), .thread): return .some(moveToParent())
        case (.character("S"), .thread(let thread)): return .some(nextCommentSort(thread))
        case (.character("U"), _): return .some(authorPage())
        case (.character("H"), .posts), (.character("H"), .thread): return .some(hideSelectedPost())
        case (.character("e"), _): return .some(editSelection())
        case (.character("X"), _): return .some(askToDelete())
        case (.character("m"), .inbox), (.character("m"), .message): return .some(markSelectedRead())
        default: return nil
        }
    }

    // MARK: moving in a thread

    /// `J`: the next comment at the selected comment's level under the same parent.
    private mutating func moveToSibling() -> Effect? {
        guard case .thread(var thread) = current else { return nil }
        let rows = thread.rows
        guard rows.indices.contains(thread.selected) else {
            // On the post: the first comment.
            if !rows.isEmpty { thread.selected = 0 }
            replaceCurrent(.thread(thread))
            return nil
        }
        let depth = rows[thread.selected].depth
        var index = thread.selected + 1
        while index < rows.count, rows[index].depth > depth { index += 1 }
        guard index < rows.count, rows[index].depth == depth else {
            status = "no next comment at this level"
            return nil
        }
        thread.selected = index
        replaceCurrent(.thread(thread))
        return nil
    }

    /// `K`: the comment the selected one replies to (the post from a top-level comment).
    private mutating func moveToParent() -> Effect? {
        guard case .thread(var thread) = current, thread.rows.indices.contains(thread.selected) else { return nil }
        let rows = thread.rows
        let depth = rows[thread.selected].depth
        var index = thread.selected - 1
        while index >= 0, rows[index].depth >= depth { index -= 1 }
        thread.selected = index
        replaceCurrent(.thread(thread))
        return nil
    }

    /// `S`: the thread again in the next order of ``commentSorts``.
    private mutating func nextCommentSort(_ thread: Thread) -> Effect? {
        let now = Self.commentSorts.firstIndex(of: thread.sort ?? .confidence) ?? 0
        let next = Self.commentSorts[(now + 1) % Self.commentSorts.count]
        return .navigate(.resortThread(CommentsOptions(postID: thread.tree.link.id, sort: next)))
    }

    /// Shows a thread loaded again in another order, in place of the open one.
    package mutating func didResort(_ tree: CommentTree, sort: CommentSort) {
        guard case .thread = current else { return }
        var thread = Thread(tree: tree)
        thread.sort = sort
        threadTop = 0
        itemLines = []
        replaceCurrent(.thread(thread))
        status = "comments sorted by \(Self.sortName(sort)) (S: next order)"
    }

    /// `S` offline: a recording holds the comments in the order they were recorded in, so
    /// nothing moves; the browser says so instead of announcing an order it does not show.
    package mutating func didNotResortOffline(_ sort: CommentSort) {
        status =
            "offline: the comments were recorded in one order and are shown in it (sorting by \(Self.sortName(sort)) needs the network)"
    }

    static func sortName(_ sort: CommentSort) -> String {
        sort == .confidence ? "best" : sort.rawValue
    }

    // MARK: users, lists, the prompt

    /// The author of the selected post, comment or message.
    private var selectedAuthor: String? {
        if case .thread(let thread) = current, thread.rows.indices.contains(thread.selected) {
            guard case .comment(let comment) = thread.rows[thread.selected].content else { return nil }
            return comment.author
        }
        return selectedMessage?.author ?? selectedPost?.author
    }

    /// `U`: the selected author's posts.
    private mutating func authorPage() -> Effect? {
        guard let author = selectedAuthor, !author.isEmpty, author != "[deleted]" else {
            status = "no author to show here"
            return nil
        }
        return .navigate(.posts(.user(author, .submitted), after: nil))
    }

    /// Shows a user's posts, saved items or a multireddit: on top of the current screen, or
    /// appended to the list shown when it is the next page.
    package mutating func didLoadPosts(_ page: Listing, from source: PostSource, isNextPage: Bool) {
        let comments = page.children.filter { if case .comment = $0 { true } else { false } }.count
        if comments > 0, case .user(let name, let section) = source {
            status =
                "\(TextLayout.count(comments, "comment", "comments")) not listed here: "
                + "reddit user \(name) \(section == .saved ? "saved" : "comments") prints them"
        }
        if isNextPage, case .posts(var list) = current, list.source == source {
            let known = Set(list.posts.map(\.name))
            list.posts += page.links.filter { !known.contains($0.name) }
            list.after = page.after
            replaceCurrent(.posts(list))
            return
        }
        var list = PostList(title: source.title, posts: page.links, after: page.after, listing: nil)
        list.source = source
        stack.append(.posts(list))
    }

    /// Shows the subscriptions.
    package mutating func didLoadSubscriptions(_ subreddits: [Subreddit]) {
        stack.append(.subreddits(SubredditList(subreddits: subreddits)))
    }

    /// Enter on the `r` prompt: a subreddit (`funny`, `r/funny`, `a+b`), the front page (empty,
    /// `front`, `/`), a user (`u/name`, `u/name/upvoted`…), a multireddit (`/m/name`,
    /// `/user/X/m/name`), a domain (`domain/python.org`), a post (`/comments/ID`, a reddit.com or
    /// redd.it URL), `saved` or `subs`.
    mutating func goTo(_ text: String) -> Effect? {
        let answer = text.trimmingCharacters(in: .whitespaces)
        if answer.contains("://") || answer.hasPrefix("www.") || answer.hasPrefix("reddit.com")
            || answer.hasPrefix("redd.it")
        {
            let url = answer.contains("://") ? answer : "https://" + answer
            if let id = PostReference.id(from: url) { return .navigate(.openThread(Self.commentsOptions(id, url))) }
            guard let components = URLComponents(string: url),
                let host = components.host?.lowercased(), host == "reddit.com" || host.hasSuffix(".reddit.com")
            else {
                status = "not a reddit.com address: \(answer)"
                return nil
            }
            return goTo(path: components.path)
        }
        switch answer.lowercased() {
        case "saved": return .navigate(.posts(.user(Self.signedInUser, .saved), after: nil))
        case "subs", "subscriptions": return .navigate(.subscriptions)
        default: return goTo(path: answer)
        }
    }

    /// The signed-in user in Reddit's paths (`/user/me/…` answers for whoever is signed in).
    static let signedInUser = "me"

    private mutating func goTo(path: String) -> Effect? {
        let parts = path.split(separator: "/").map(String.init)
        let lower = parts.map { $0.lowercased() }
        // A post's page anywhere in the path: /comments/ID, /r/x/comments/ID/slug, …
        if let marker = lower.firstIndex(of: "comments"), parts.indices.contains(marker + 1) {
            guard let id = PostReference.id(from: "t3_" + parts[marker + 1]) else {
                status = "not a post id: \(parts[marker + 1])"
                return nil
            }
            return .navigate(.openThread(CommentsOptions(postID: id)))
        }
        guard let first = lower.first, first != "front" else {
            return .show(ListingOptions(sort: currentListing.sort, time: currentListing.time))
        }
        if parts.count >= 2, first == "u" || first == "user" {
            if lower.count >= 4, lower[2] == "m" {
                return .navigate(.posts(.multireddit(owner: parts[1], name: parts[3]), after: nil))
            }
            let section = lower.count >= 3 ? UserSection(rawValue: lower[2]) ?? .submitted : .submitted
            return .navigate(.posts(.user(parts[1], section), after: nil))
        }
        if parts.count >= 2, first == "domain" {
            return .navigate(.posts(.domain(parts[1]), after: nil))
        }
        if parts.count >= 2, first == "m" {
            return .navigate(.posts(.multireddit(owner: nil, name: parts[1]), after: nil))
        }
        if parts.count >= 2, first == "r" { return subreddit(parts[1]) }
        if parts.count == 1 { return subreddit(parts[0]) }
        status = "cannot go to \(path): try a subreddit, u/name, /m/name, domain/NAME, /comments/ID or a reddit.com URL"
        return nil
    }

    private func subreddit(_ name: String) -> Effect {
        .show(ListingOptions(sort: currentListing.sort, subreddit: name, time: currentListing.time))
    }

    private static func commentsOptions(_ id: String, _ url: String) -> CommentsOptions {
        let focus = PostReference.comment(from: url)
        return CommentsOptions(postID: id, commentID: focus?.id, context: focus?.context)
    }

    // MARK: writes

    /// The post on a list, or the open post when it is selected.
    private var selectedPostItself: Link? {
        switch current {
        case .posts: selectedPost
        case .thread(let thread): thread.selected == -1 ? thread.tree.link : nil
        default: nil
        }
    }

    /// The selected comment in a thread.
    private var selectedComment: Comment? {
        guard case .thread(let thread) = current, thread.rows.indices.contains(thread.selected),
            case .comment(let comment) = thread.rows[thread.selected].content
        else { return nil }
        return comment
    }

    /// `H`: hides the selected post.
    private mutating func hideSelectedPost() -> Effect? {
        guard let post = selectedPostItself ?? (isPostList ? nil : selectedPost) else { return nil }
        return .navigate(.hide(post.name))
    }

    /// After hiding: the post leaves the list it was on.
    package mutating func didHide(_ name: Fullname) {
        for index in stack.indices {
            guard case .posts(var list) = stack[index], let at = list.posts.firstIndex(where: { $0.name == name })
            else { continue }
            list.posts.remove(at: at)
            list.selected = min(list.selected, max(0, list.posts.count - 1))
            stack[index] = .posts(list)
        }
        if case .thread(let thread) = current, thread.tree.link.name == name { stack.removeLast() }
    }

    /// Whether the user may edit or delete something by `author`: nil when they may; else the
    /// effect to return (learning who the user is first, then `key` again), having said why not.
    private mutating func refusal(_ key: Key, author: String, doing what: String) -> Effect?? {
        guard let userName else { return .some(.navigate(.identify(then: key))) }
        if userName.isEmpty {
            status = "sign in to \(what) your posts and comments (reddit login)"
            return .some(nil)
        }
        guard author.caseInsensitiveCompare(userName) == .orderedSame else {
            status = "u/\(author) wrote this: you (u/\(userName)) can \(what) only your own posts and comments"
            return .some(nil)
        }
        return nil
    }

    /// `e`: the selected post's or comment's text in the editor, when it is the user's own.
    private mutating func editSelection() -> Effect? {
        if let comment = selectedComment {
            if let refused = refusal(.character("e"), author: comment.author, doing: "edit") { return refused }
            return .navigate(.edit(comment.name, current: comment.body))
        }
        if let post = selectedPostItself {
            guard post.isSelf else {
                status = "a link post has no text to edit"
                return nil
            }
            if let refused = refusal(.character("e"), author: post.author, doing: "edit") { return refused }
            return .navigate(.edit(post.name, current: post.selftext))
        }
        return nil
    }

    /// `X`: asks whether to delete the selected post or comment, when it is the user's own.
    private mutating func askToDelete() -> Effect? {
        guard
            let target = selectedComment.map({ ($0.name, $0.author) })
                ?? selectedPostItself.map({ ($0.name, $0.author) })
        else { return nil }
        if let refused = refusal(.character("X"), author: target.1, doing: "delete") { return refused }
        let name = target.0
        pendingDelete = name
        status = "delete \(name.rawValue)? y deletes, any other key keeps it"
        return nil
    }

    /// The key after the delete question: `y` deletes, any other key keeps it.
    mutating func answerDeleteQuestion(_ key: Key) -> Effect? {
        guard let name = pendingDelete else { return nil }
        pendingDelete = nil
        guard key == .character("y") || key == .character("Y") else {
            status = "kept \(name.rawValue)"
            return key == .interrupt ? .quit : nil
        }
        status = nil
        return .navigate(.delete(name))
    }

    /// `m` in the inbox: marks the selected item read.
    private mutating func markSelectedRead() -> Effect? {
        guard let message = selectedMessage else { return nil }
        return .navigate(.markRead(message.name))
    }

    /// After marking read: the item loses its new mark.
    package mutating func didMarkRead(_ name: Fullname) {
        for index in stack.indices {
            switch stack[index] {
            case .inbox(var inbox):
                for at in inbox.messages.indices where inbox.messages[at].name == name {
                    inbox.messages[at].isNew = false
                }
                stack[index] = .inbox(inbox)
            case .message(var message) where message.name == name:
                message.isNew = false
                stack[index] = .message(message)
            default:
                break
            }
        }
    }
}
