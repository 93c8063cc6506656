import Foundation
import RedditAPI

/// Runs the interactive browser: raw terminal, event loop, effects, redraws, and a clean exit
/// whatever happens (q, Ctrl-C, an error, a signal).
package struct BrowseSession: Sendable {
    /// The service of the account in use (`A` replaces it).
    var service: RedditService
    let options: BrowseOptions
    let style: TextStyle
    let sourceLabel: String
    /// The environment, for `$VISUAL`/`$EDITOR`.
    let environment: [String: String]
    /// The accounts `A` switches between; nil where switching is not offered.
    var accounts: AccountSwitch?
    /// Whether `v` may draw pictures (the config file's `image_preview`).
    package var imagePreview = true
    /// Whether the service replays the recording (pictures are not recorded).
    package var offline = false
    /// The config file's key bindings (never applied to text typed at a prompt).
    package var keys = KeyBindings()
    /// The status shown on the first screen (what the outbox sent at the start), if any.
    package var openingStatus: String?

    package init(
        service: RedditService, options: BrowseOptions, style: TextStyle, sourceLabel: String,
        environment: [String: String] = ProcessInfo.processInfo.environment, accounts: AccountSwitch? = nil
    ) {
        self.accounts = accounts
        self.service = service
        self.options = options
        self.style = style
        self.sourceLabel = sourceLabel
        self.environment = environment
    }

    /// The exit status after Ctrl-C (128 + SIGINT, as shells report it).
    package static let interruptedExitCode: Int32 = 130

    /// Loads the first screen, then runs until the user quits; the exit status (130 after Ctrl-C).
    package func run() async throws(CLIError) -> Int32 {
        let listing = options.listing
        let page = try await service.listing(listing)
        var state = BrowseState(
            root: .init(title: title(of: listing), posts: page.links, after: page.after, listing: listing),
            sourceLabel: sourceLabel + (accounts?.label ?? "")
        )
        state.status = openingStatus
        state.queuedWrites = service.outbox?.entries() ?? []
        do {
            try RawTerminal.enter()
        } catch {
            throw CLIError(error.description)
        }
        defer { RawTerminal.restore() }
        let events = TerminalEvents()
        defer { events.stop() }
        // A copy that `A` can change (the service of another account).
        var session = self
        if let postID = options.postID {
            await session.perform(.openPost(id: postID), on: &state, events: events)
        }
        draw(&state)
        for await event in events.events {
            switch event {
            case .resize: break
            case .key(let typed):
                let key = state.searchPrompt == nil ? keys.resolve(typed) : typed
                guard let effect = state.handle(key) else { break }
                if effect == .quit { return key == .interrupt ? Self.interruptedExitCode : 0 }
                draw(&state, loading: true)
                await session.perform(effect, on: &state, events: events)
                state.queuedWrites = session.service.outbox?.entries() ?? []
            }
            draw(&state)
        }
        return 0
    }

    /// The title of `listing`'s screen (offline, the front page is the recorded threads).
    func title(of listing: ListingOptions) -> String {
        RecordedThreads.isShown(by: listing, offline: offline)
            ? RecordedThreads.title(service.offlineSource) : Self.title(of: listing)
    }

    static func title(of listing: ListingOptions) -> String {
        let place = listing.subreddit.map { "r/\($0)" } ?? "front page"
        return "\(place) · \(listing.sort.rawValue)" + (listing.time.map { " (\($0.rawValue))" } ?? "")
    }

    private mutating func perform(_ effect: BrowseState.Effect, on state: inout BrowseState, events: TerminalEvents)
        async
    {
        do throws(CLIError) {
            switch effect {
            case .quit: return
            case .suspend:
                events.pause()
                RawTerminal.restore()
                RawTerminal.suspend()
                // Resumed (SIGCONT): the terminal is the browser's again.
                try resumeTerminal(events)
            case .openPost(let id):
                state.didOpen(try await service.commentTree(CommentsOptions(postID: id)))
            case .loadMore(let stub):
                try await state.growThread { tree throws(CLIError) in try await service.loadMore(stub, in: &tree) }
            case .nextPage(let listing):
                state.didLoadNextPage(try await service.listing(listing))
            case .search(let query):
                // Inside a subreddit (r/all too), within it, as rtv searches.
                let subreddit = state.currentListing.subreddit
                let results = try await service.search(SearchOptions(query: query, subreddit: subreddit))
                state.didLoadList(
                    .init(
                        title: "search" + (subreddit.map { " r/\($0)" } ?? "") + ": \(query)", posts: results.links,
                        after: nil, listing: nil))
            case .show(let listing):
                let page = try await service.listing(listing)
                state.didShow(
                    .init(title: title(of: listing), posts: page.links, after: page.after, listing: listing))
            case .open(let url):
                state.status = ExternalOpener.open(url)
            case .openMedia(let items, let page):
                await openMedia(items, page: page, on: &state, events: events)
            case .copy(let text):
                RawTerminal.emit(ExternalOpener.osc52(text))
                state.status = TextLayout.truncate("copied \(text)", to: 200)
            case .vote(let name, let direction, _):
                let outcome: RedditService.WriteOutcome
                do throws(CLIError) { outcome = try await service.vote(name, direction) } catch {
                    state.didFail(effect, message: error.message)
                    return
                }
                Self.report(
                    outcome, of: effect, done: direction == .clear ? "vote cleared" : "voted \(direction.rawValue)",
                    on: &state)
            case .save(let name, let saved, _):
                let outcome: RedditService.WriteOutcome
                do throws(CLIError) { outcome = try await service.setSaved(name, saved) } catch {
                    state.didFail(effect, message: error.message)
                    return
                }
                Self.report(outcome, of: effect, done: saved ? "saved" : "unsaved", on: &state)
            case .write(let write):
                try await self.write(write, on: &state, events: events)
            case .inbox(let section, let after):
                let page = try await service.inbox(section, page: PageOptions(after: after?.rawValue))
                state.didLoadInbox(page.value, isNextPage: after != nil, section: section)
            case .page:
                try await showInPager(state, events: events)
            case .listAccounts:
                listAccounts(on: &state)
            case .switchAccount(let name):
                try await switchAccount(to: name, on: &state)
            case .preview:
                try await preview(on: &state)
            case .moderator(let work):
                try await moderate(work, on: &state)
            case .navigate(.identify(let key)):
                do throws(CLIError) {
                    state.userName = try await service.me().value.name
                } catch {
                    state.userName = ""
                }
                if let again = state.handle(key), again != .navigate(.identify(then: key)) {
                    await perform(again, on: &state, events: events)
                }
            case .navigate(let step):
                try await navigate(step, on: &state, events: events)
            }
        } catch {
            state.status = error.message
        }
    }

    /// After a write: says it was done, or (offline) what was not sent. Offline the change stays
    /// on screen, so that pressing the key again does what help says (`u` again clears, `s` again
    /// unsaves) and shows what that would send.
    static func report(
        _ outcome: RedditService.WriteOutcome, of effect: BrowseState.Effect, done: String, on state: inout BrowseState
    ) {
        switch outcome {
        case .sent: state.status = done
        case .notSent(let preview): state.status = "offline, not sent: \(preview)"
        case .queued: state.status = queuedStatus
        case .posted(let url, let isGuess):
            state.status = done + ": " + RedditService.WriteOutcome.postedLine(url: url, isGuess: isGuess)
        }
    }

    /// What the status line says when a write waits in the outbox.
    static let queuedStatus = "queued: will be sent when the network is back; O lists the outbox"

    /// Asks for the text in the editor, with the terminal given back to it meanwhile, then sends
    /// it as the `reply`/`message`/`submit` commands do; offline, says what would have been sent.
    /// The editor starts on the kept draft, else on `startingWith` (an edit's current text).
    func write(
        _ write: TextWrite, startingWith initialText: String? = nil, on state: inout BrowseState,
        events: TerminalEvents
    ) async throws(CLIError) {
        let editor = TextEditor(environment: environment)
        guard editor.command != nil, let what = write.what else {
            state.status = "set $EDITOR (or $VISUAL) to write text, then try again"
            return
        }
        events.pause()
        RawTerminal.restore()
        var terminalIsBack = false
        let outcome: RedditService.WriteOutcome?
        do throws(CLIError) {
            outcome = try await DraftStore(environment: environment).writeAndSend(
                write, what: what, editor: editor, startingWith: initialText
            ) {
                text throws(CLIError) in
                // The terminal is the browser's again while the write is sent.
                try resumeTerminal(events)
                terminalIsBack = true
                return try await write.send(text, through: service)
            }
        } catch {
            if !terminalIsBack { try resumeTerminal(events) }
            throw error
        }
        if !terminalIsBack { try resumeTerminal(events) }
        switch outcome {
        case nil: state.status = "empty text, nothing sent"
        case .sent?: state.status = write.done
        case .notSent(let preview)?: state.status = "offline, not sent: \(preview)"
        case .queued?: state.status = Self.queuedStatus
        case .posted(let url, let isGuess)?:
            state.status = write.done + ": " + RedditService.WriteOutcome.postedLine(url: url, isGuess: isGuess)
        }
    }

    /// Takes the terminal back after the editor: raw mode, the alternate screen, keys.
    func resumeTerminal(_ events: TerminalEvents) throws(CLIError) {
        defer { events.resume() }
        do {
            try RawTerminal.enter()
        } catch {
            throw CLIError(error.description)
        }
    }

    private func draw(_ state: inout BrowseState, loading: Bool = false) {
        // A picture stays until the next key; then kitty's images are deleted with the text.
        if state.showsPreview { return }
        if environment["TERM"]?.contains("kitty") == true || environment["KITTY_WINDOW_ID"] != nil {
            RawTerminal.emit("\u{1B}_Ga=d\u{1B}\\")
        }
        let size = RawTerminal.size() ?? (80, 24)
        guard size.columns >= BrowseScreen.minimumSize.columns, size.rows >= BrowseScreen.minimumSize.rows else {
            let minimum = BrowseScreen.minimumSize
            let message = TextLayout.truncate(
                "window too small: \(size.columns)×\(size.rows), need \(minimum.columns)×\(minimum.rows)",
                to: max(1, size.columns))
            RawTerminal.emit("\u{1B}[H\u{1B}[2J" + message)
            return
        }
        let screen = BrowseScreen(style: style, columns: size.columns, rows: size.rows, now: Date())
        state.pageSize = screen.contentRows
        var shown = state
        if loading { shown.status = "loading…" }
        let layout = screen.layout(for: shown)
        state.threadTop = layout.threadTop
        state.itemLines = layout.itemLines
        let frame = layout.frame
        RawTerminal.emit(
            "\u{1B}[H" + frame.map { style.ascii($0) + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
    }
}
