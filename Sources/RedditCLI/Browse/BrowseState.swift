import Foundation
package import RedditAPI

/// The interactive browser as a pure state machine: keys in, state changes and effects out.
///
/// The loop in ``BrowseSession`` performs the effects (network calls) and feeds results back
/// with the `did…` methods; drawing is ``BrowseScreen``'s job. Keeping this free of I/O lets
/// the tests drive every key without a terminal.
package struct BrowseState: Sendable {
    /// A list of posts (the front page, a subreddit, search results).
    package struct PostList: Sendable {
        package var title: String
        package var posts: [Link]
        package var after: Fullname?
        package var selected = 0
        package var listing: ListingOptions?
        /// Where a list that is not a listing (a user's posts, a multireddit, saved items) comes
        /// from, for its next page.
        package var source: PostSource?

        package init(title: String, posts: [Link], after: Fullname?, listing: ListingOptions?) {
            self.title = title
            self.posts = posts
            self.after = after
            self.listing = listing
        }
    }

    /// An open post with its comment tree.
    package struct Thread: Sendable {
        package var tree: CommentTree
        /// Index into ``rows``; -1 selects the post itself.
        package var selected = 0
        /// The comments' order (`S` changes it); nil is Reddit's default (best).
        package var sort: CommentSort?

        package init(tree: CommentTree) {
            self.tree = tree
            // A post with text to read starts on the post; a link post on its first comment.
            selected = tree.rows.isEmpty || !tree.link.selftext.isEmpty ? -1 : 0
        }

        /// The visible rows with the current folds.
        package var rows: [CommentRow] { tree.rows }
    }

    package enum Screen: Sendable {
        case posts(PostList)
        case thread(Thread)
        case inbox(Inbox)
        /// One inbox item, read in full.
        case message(Message)
        /// A moderator's screen (see BrowseState+Moderation.swift).
        case moderation(ModerationView)
        /// The signed-in user's subscriptions (Enter opens one).
        case subreddits(SubredditList)
    }

    /// Work the loop must do after a key.
    package enum Effect: Equatable, Sendable {
        case quit
        /// Stop the program (Ctrl-Z) with the terminal given back, until the shell resumes it.
        case suspend
        case openPost(id: String)
        case loadMore(More)
        case nextPage(ListingOptions)
        case search(String)
        /// `previous` is the local vote before this one, to restore if the request fails.
        case vote(Fullname, VoteDirection, previous: Vote?)
        /// `previous` is the local saved flag before this change.
        case save(Fullname, Bool, previous: Bool?)
        /// Open this URL in the browser.
        case open(String)
        /// Open a post's pictures or videos with the mailcap programs, else `page` in the browser.
        case openMedia([MediaItem], page: String)
        /// Copy this text to the clipboard (OSC 52).
        case copy(String)
        /// Show this listing instead of the current list (another subreddit, sort or time range,
        /// or the same one again to refresh).
        case show(ListingOptions)
        /// Ask for a text in the editor, then send it (offline: show what would be sent).
        case write(TextWrite)
        /// Show a section of the inbox (`after` nil), or its next page.
        case inbox(InboxSection, after: Fullname?)
        /// Show the selected post, comment or message in `$PAGER`.
        case page
        /// List the signed-in accounts to pick from (`A`).
        case listAccounts
        /// Use this account from now on in this browser.
        case switchAccount(String)
        /// Draw the selected post's picture over the screen (`v`).
        case preview
        /// Load or do something on the moderator's screens.
        case moderator(ModeratorEffect)
        /// rtv's navigation and the reader's own writes (see ``Navigation``).
        case navigate(Navigation)
    }

    /// What the bottom-line prompt is asking for.
    package enum PromptKind: Sendable, Equatable {
        case search, subreddit
        /// The subreddit to post to, then ``submitTitle(subreddit:)``.
        case submitSubreddit
        case submitTitle(subreddit: String)
        /// Whom to message, then ``messageSubject(to:)``.
        case messageRecipient
        case messageSubject(to: MessageRecipient)
        /// The subreddit the moderator menu is for.
        case moderatedSubreddit
    }

    /// The screens, the last one shown; `q` pops one.
    package internal(set) var stack: [Screen]
    /// The text typed after `/` or `r`, while the prompt is open.
    package internal(set) var searchPrompt: String?
    /// Whether the open prompt asks for a search or a subreddit.
    package internal(set) var promptKind: PromptKind = .search
    /// Whether the key help (`?`) is shown over the screen.
    package private(set) var showsHelp = false
    /// The help's first line shown (it pages: ↓ j Space PgDn; the screen keeps it in range).
    package var helpTop = 0
    /// Whether `q` on the first screen asked "quit?" and the next key answers.
    package internal(set) var asksToQuit = false
    /// The accounts `A` listed, while the next key picks one.
    package internal(set) var accountChoices: [String]?
    /// Whether a picture (`v`) covers the screen until the next key.
    package var showsPreview = false
    /// The first content line shown in a thread (line scrolling); the screen keeps it valid.
    package var threadTop = 0
    /// The line ranges of the thread's items as last drawn: the post first, then each row.
    package var itemLines: [Range<Int>] = []
    /// One line of feedback at the bottom (errors, "saved").
    package var status: String?
    /// Rows of the terminal available for content (set by the screen on every draw).
    package var pageSize = 20
    /// What the title bar says about the data source.
    package var sourceLabel: String
    /// Votes and saves made here, shown before Reddit confirms them.
    package private(set) var changes = LocalChanges()
    /// The posts and comments (by full name) whose spoilers the reader revealed with `x`.
    package internal(set) var revealedSpoilers: Set<String> = []
    /// The removal reasons loaded, by subreddit in lower case.
    package internal(set) var removalReasons: [String: [RemovalReason]] = [:]
    /// The signed-in user's name once known ("" when nobody is signed in): `e` and `X` act only
    /// on their own posts and comments.
    package var userName: String?
    /// The links `L` listed, while the next keys pick one.
    package internal(set) var linkChoices: [String]?
    /// The link selected in that list.
    package internal(set) var linkSelected = 0
    /// The post or comment `X` asked to delete; the next key answers.
    package internal(set) var pendingDelete: Fullname?
    /// The writes waiting in the outbox, as `reddit outbox` lists them (the title bar counts them).
    package var queuedWrites: [Outbox.Entry] = []
    /// Whether the outbox's list (`O`) is shown over the screen until the next key.
    package internal(set) var showsOutbox = false

    package init(root: PostList, sourceLabel: String) {
        stack = [.posts(root)]
        self.sourceLabel = sourceLabel
    }

    package var current: Screen { stack[stack.count - 1] }

    // MARK: keys

    /// Applies `key` and returns the work to do, if any.
    package mutating func handle(_ key: Key) -> Effect? {
        // Ctrl-Z suspends whatever is shown; the screen is drawn again as it was on return.
        if key == .suspend { return .suspend }
        if searchPrompt != nil { return handlePrompt(key) }
        if showsHelp { return handleHelpKey(key) }
        if showsOutbox {
            showsOutbox = false
            return key == .interrupt ? .quit : nil
        }
        if asksToQuit { return answerQuitQuestion(key) }
        if accountChoices != nil { return answerAccountChoice(key) }
        if linkChoices != nil { return answerLinkPicker(key) }
        if showsPreview {
            showsPreview = false
            return key == .interrupt ? .quit : nil
        }
        if pendingDelete != nil { return answerDeleteQuestion(key) }
        if key != .interrupt { status = nil }
        if case .thread = current, let scrolled = scrollInsideItem(key) { return scrolled }
        if let moderated = handleModeration(key) { return moderated }
        // Moving down from the last post loads the next page.
        if case .posts(let list) = current, list.selected == list.posts.count - 1,
            key == .down || key == .character("j")
        {
            return nextPage()
        }
        if let effect = handleNavigation(key) { return effect }
        switch key {
        case .interrupt, .endOfInput, .character("Q"): return .quit
        case .character("q"), .escape, .left: goBack(key)
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .pageUp: move(by: -max(1, pageSize - 1))
        case .pageDown: move(by: max(1, pageSize - 1))
        case .home, .character("g"):
            move(by: Int.min / 2)
            threadTop = 0
        case .end, .character("G"):
            move(by: Int.max / 2)
            threadTop = Int.max / 2
        case .character("/"):
            searchPrompt = ""
            promptKind = .search
        case .character("r"):
            searchPrompt = ""
            promptKind = .subreddit
        case .character("?"):
            showsHelp = true
            helpTop = 0
        case .character("o"): return openLink()
        case .character("y"): return copyPermalink()
        case .character("x"): toggleSpoilers()
        case .character("R"): return refresh()
        case .character("t"): return changeTime()
        case .character(let digit) where isPostList && ("1"..."5").contains(digit):
            return changeSort(Int(String(digit))! - 1)
        case .character(let digit) where !isPostList && ("1"..."9").contains(digit):
            let links = selectedLinks
            let index = Int(String(digit))! - 1
            guard links.indices.contains(index) else {
                status = "no link \(digit) in the selected text"
                return nil
            }
            return .open(links[index])
        case .enter, .space, .right: return activate()
        case .character("m"): return loadMore()
        case .character("u"): return vote(.up)
        case .character("d"): return vote(.down)
        case .character("s"): return toggleSave()
        case .character("n"): return nextPage()
        case .character("c"): return replyToSelection()
        case .character("C"): openPrompt(.messageRecipient)
        case .character("p"): openPrompt(.submitSubreddit, text: currentListing.subreddit ?? "")
        case .character("i"): return .inbox(.all, after: nil)
        case .tab: return nextInboxSection()
        case .character("L"): return openLinkPicker()
        case .character("P"): return .page
        case .character("A"): return .listAccounts
        case .character("v"): return .preview
        case .character("M"): return openModeratorMenu()
        case .character("O"): showsOutbox = true
        default: break
        }
        return nil
    }

    /// A key while the help is shown: the moving keys page it, any other key closes it.
    private mutating func handleHelpKey(_ key: Key) -> Effect? {
        let page = max(1, pageSize - 1)
        switch key {
        case .down, .character("j"): helpTop += 1
        case .up, .character("k"): helpTop = max(0, helpTop - 1)
        case .space, .pageDown, .character("f"): helpTop += page
        case .pageUp, .character("b"): helpTop = max(0, helpTop - page)
        case .home, .character("g"): helpTop = 0
        case .end, .character("G"): helpTop = Int.max / 2
        case .interrupt: return .quit
        default: showsHelp = false
        }
        return nil
    }

    var isPostList: Bool {
        if case .posts = current { return true }
        return false
    }

    private mutating func handlePrompt(_ key: Key) -> Effect? {
        guard var text = searchPrompt else { return nil }
        switch key {
        case .enter:
            searchPrompt = nil
            let query = text.trimmingCharacters(in: .whitespaces)
            switch promptKind {
            case .search:
                return query.isEmpty ? nil : .search(query)
            case .subreddit:
                let lowered = query.lowercased()
                if ["mod", "r/mod", "/r/mod"].contains(lowered) { return openModeratorMenu(subreddit: "mod") }
                return goTo(query)
            default:
                return finishWritingPrompt(query)
            }
        case .escape: searchPrompt = nil
        case .interrupt:
            searchPrompt = nil
            return .quit
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            searchPrompt = text
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
        case .inbox(var inbox):
            guard !inbox.messages.isEmpty else { return }
            inbox.selected = min(
                max(0, inbox.selected.addingReportingOverflow(delta).partialValue), inbox.messages.count - 1)
            replaceCurrent(.inbox(inbox))
        case .message:
            // Scrolls the message; the screen keeps the line in range.
            threadTop = max(0, threadTop.addingReportingOverflow(delta).partialValue)
        case .moderation:
            break
        case .subreddits(var list):
            guard !list.subreddits.isEmpty else { return }
            list.selected = min(
                max(0, list.selected.addingReportingOverflow(delta).partialValue), list.subreddits.count - 1)
            replaceCurrent(.subreddits(list))
        }
    }

    mutating func activate() -> Effect? {
        switch current {
        case .posts(let list):
            guard list.posts.indices.contains(list.selected) else { return nil }
            return .openPost(id: list.posts[list.selected].id)
        case .thread(var thread):
            let rows = thread.rows
            guard rows.indices.contains(thread.selected) else { return nil }
            switch rows[thread.selected].content {
            case .comment(let comment):
                thread.tree.toggle(comment.name)
                replaceCurrent(.thread(thread))
                return nil
            case .loadMore(let more), .continueThread(let more):
                return .loadMore(more)
            }
        case .inbox(let inbox):
            guard inbox.messages.indices.contains(inbox.selected) else { return nil }
            threadTop = 0
            stack.append(.message(inbox.messages[inbox.selected]))
            return nil
        case .message, .moderation:
            return nil
        case .subreddits(let list):
            return list.subreddits.indices.contains(list.selected)
                ? .show(ListingOptions(subreddit: list.subreddits[list.selected].displayName)) : nil
        }
    }

    private mutating func loadMore() -> Effect? {
        guard case .thread(let thread) = current else { return nil }
        let rows = thread.rows
        // On a "continue this thread" stub: that thread, not the next "more" stub.
        if rows.indices.contains(thread.selected), case .continueThread(let more) = rows[thread.selected].content {
            return .loadMore(more)
        }
        let start = max(0, thread.selected)
        for row in rows[start...] + rows[..<start] {
            if case .loadMore(let more) = row.content { return .loadMore(more) }
        }
        status = "no more comments to load"
        return nil
    }

    private mutating func nextPage() -> Effect? {
        if case .inbox = current { return nextInboxPage() }
        if case .posts(let list) = current, let source = list.source, let after = list.after {
            return .navigate(.posts(source, after: after))
        }
        guard case .posts(let list) = current, let after = list.after, var listing = list.listing else {
            if isPostList { status = "this is the last page: no more posts" }
            return nil
        }
        listing.page.after = after.rawValue
        return .nextPage(listing)
    }

    /// The fullname, shown vote and saved flag of what is selected.
    private var selectedThing: (name: Fullname, vote: Vote, saved: Bool)? {
        switch current {
        case .posts(let list):
            guard list.posts.indices.contains(list.selected) else { return nil }
            let post = list.posts[list.selected]
            return (
                post.name, changes.vote(post.name, recorded: post.likes),
                changes.isSaved(post.name, recorded: post.saved)
            )
        case .thread(let thread):
            let rows = thread.rows
            if rows.indices.contains(thread.selected) {
                guard case .comment(let comment) = rows[thread.selected].content else { return nil }
                return (
                    comment.name, changes.vote(comment.name, recorded: comment.likes),
                    changes.isSaved(comment.name, recorded: comment.saved)
                )
            }
            let post = thread.tree.link
            return (
                post.name, changes.vote(post.name, recorded: post.likes),
                changes.isSaved(post.name, recorded: post.saved)
            )
        case .inbox, .message, .moderation, .subreddits:
            return nil
        }
    }

    private mutating func vote(_ direction: VoteDirection) -> Effect? {
        guard let thing = selectedThing else { return nil }
        // Pressing the same vote again clears it, as on the website.
        let wanted: VoteDirection =
            (direction == .up && thing.vote == .up) || (direction == .down && thing.vote == .down) ? .clear : direction
        let previous = changes.votes[thing.name]
        changes.set(wanted.vote, for: thing.name)
        return .vote(thing.name, wanted, previous: previous)
    }

    private mutating func toggleSave() -> Effect? {
        guard let thing = selectedThing else { return nil }
        let previous = changes.saved[thing.name]
        changes.set(saved: !thing.saved, for: thing.name)
        return .save(thing.name, !thing.saved, previous: previous)
    }

    /// Shows a freshly loaded listing in place of the list on top (keeping searches below).
    package mutating func didShow(_ list: PostList) {
        while stack.count > 1, !isPostList { stack.removeLast() }
        replaceCurrent(.posts(list))
    }

    mutating func replaceCurrent(_ screen: Screen) {
        stack[stack.count - 1] = screen
    }

    // MARK: results

    /// Opens a loaded post.
    package mutating func didOpen(_ tree: CommentTree) {
        threadTop = 0
        itemLines = []
        stack.append(.thread(Thread(tree: tree)))
    }

    /// Shows search results (or any new list) on top of the current screen.
    package mutating func didLoadList(_ list: PostList) {
        stack.append(.posts(list))
    }

    /// Appends the next page to the current list.
    package mutating func didLoadNextPage(_ page: Listing) {
        guard case .posts(var list) = current else { return }
        let known = Set(list.posts.map(\.name))
        list.posts += page.links.filter { !known.contains($0.name) }
        list.after = page.after
        replaceCurrent(.posts(list))
    }

    /// Lets `grow` load more comments into the open thread's tree, in place, keeping the folds
    /// and the selection; the tree stays as it was when `grow` fails.
    ///
    /// The thread's screen leaves the stack while `grow` runs, so the tree it holds is the only
    /// reference to its nodes and grows without a copy (see ``CommentTree``).
    package mutating func growThread(
        _ grow: (inout CommentTree) async throws(CLIError) -> Void
    ) async throws(CLIError) {
        guard case .thread(var thread) = current else { return }
        stack.removeLast()
        defer {
            thread.selected = min(thread.selected, thread.rows.count - 1)
            stack.append(.thread(thread))
        }
        try await grow(&thread.tree)
    }

    /// Reverts an optimistic vote or save that failed, and says why.
    package mutating func didFail(_ effect: Effect, message: String) {
        switch effect {
        case .vote(let name, _, let previous): changes.set(previous, for: name)
        case .save(let name, _, let previous): changes.set(saved: previous, for: name)
        default: break
        }
        status = message
    }
}
