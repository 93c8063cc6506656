package import Courier
package import Foundation
package import RedditAPI
import Synchronization

/// What the commands ask Reddit, over a `RedditClient` (online, or replaying the offline
/// cassette). Every failure becomes a ``CLIError`` whose message is the one line `reddit`
/// prints. Votes, saves and the subscription list go through RedditAPI's `AccountStore`.
package struct RedditService: Sendable {
    package let client: RedditClient
    /// The signed-in user's account data and optimistic votes and saves.
    package let account: AccountStore
    /// False with `--offline`: writes (vote, save, subscribe) are described, never sent.
    package var sendsWrites = true
    /// Where writes wait that cannot reach Reddit (nil: none; they fail as errors).
    package var outbox: WriteOutbox?
    /// Whether writes wait out Reddit's `RATELIMIT` (`--wait`); by default they fail at once.
    package var ratelimit = WriteRetryPolicy.never
    /// Offline, where the answers come from (the demo, or what `reddit sync` fetched and when).
    package var offlineSource = OfflineSource.demo

    /// What a write did.
    package enum WriteOutcome: Sendable, Equatable {
        /// Sent, and Reddit accepted it.
        case sent
        /// Not sent (offline): what would have been sent, as `POST /api/vote dir=1&id=t3_x`.
        case notSent(String)
        /// Sent, and Reddit created this post (an image post's, known from Reddit's socket, or
        /// when `isGuess` the newest post of the account's submitted page); nil when Reddit named none.
        case posted(url: String?, isGuess: Bool)
        /// Kept in the outbox (Reddit could not be reached, or offline with a signed-in
        /// account), to be sent later: what it does, as `reddit outbox` lists it.
        case queued(String)

        /// The line said when a write waits in the outbox.
        package static let queuedLine = "queued: will be sent when the network is back; `reddit outbox` lists it"

        /// The line a command prints for a post: its URL, marked when it is a guess.
        package static func postedLine(url: String?, isGuess: Bool) -> String {
            guard let url else { return "posted, but Reddit has not said which post it is yet" }
            return isGuess
                ? url + " (a guess: Reddit did not confirm the post in time; the newest post you submitted)" : url
        }
    }

    /// A decoded answer with the bodies it was decoded from (one per page), for `--json`.
    package struct Answer<Value: Sendable>: Sendable {
        /// The decoded value.
        package var value: Value
        /// The response bodies it was decoded from, as Reddit sent them.
        package var bodies: [Data]
    }

    /// A service over `transport` with `authentication`; `baseURL` replaces Reddit's host (tests
    /// point anonymous reads at a local server with it); `sharedBudget` is the rate-limit budget
    /// shared with other processes (`--shared`).
    package init(
        userAgent: UserAgent, authentication: RedditAuthentication, transport: any HTTPTransport, baseURL: URL? = nil,
        sharedBudget: (any RateBudgetStore)? = nil
    ) {
        client = RedditClient(
            userAgent: userAgent, authentication: authentication, transport: transport, sharedBudget: sharedBudget
        ) {
            if let baseURL { $0.baseURL = baseURL }
        }
        account = AccountStore(client: client)
    }

    /// A service over a client made elsewhere (`--site`: from `praw.ini`).
    package init(client: RedditClient) {
        self.client = client
        account = AccountStore(client: client)
    }

    package func listing(_ options: ListingOptions) async throws(CLIError) -> Listing {
        try await listingAnswer(options).value
    }

    package func listingAnswer(_ options: ListingOptions) async throws(CLIError) -> Answer<Listing> {
        try await answer(
            Reddit.listing(
                options.sort.sort(time: options.time), subreddit: options.subreddit, page: Self.page(options.page)))
    }

    package func commentTree(_ options: CommentsOptions) async throws(CLIError) -> CommentTree {
        try await commentTreeAnswer(options).value
    }

    package func commentTreeAnswer(_ options: CommentsOptions) async throws(CLIError) -> Answer<CommentTree> {
        let page = try await answer(
            Reddit.comments(
                of: options.postID, sort: options.sort, depth: options.depth, limit: options.limit,
                focusing: options.commentID, context: options.commentID == nil ? nil : options.context
            ))
        return Answer(value: CommentTree(page.value, sort: options.sort), bodies: page.bodies)
    }

    /// Loads the comments behind `stub` into `tree`, in place.
    package func loadMore(_ stub: More, in tree: inout CommentTree) async throws(CLIError) {
        do {
            try await client.loadMore(stub, in: &tree)
        } catch {
            throw Self.describe(error)
        }
    }

    package func profile(user: String, section: UserSection, page: PageOptions) async throws(CLIError) -> Answer<
        Listing
    > {
        let page = Self.page(page)
        switch section {
        case .overview: return try await answer(Reddit.userOverview(user, page: page))
        case .submitted: return try await answer(Reddit.userSubmitted(user, page: page))
        case .comments: return try await answer(Reddit.userComments(user, page: page))
        case .saved: return try await answer(Reddit.userSaved(user, page: page))
        case .upvoted: return try await answer(Reddit.userUpvoted(user, page: page))
        case .downvoted: return try await answer(Reddit.userDownvoted(user, page: page))
        case .hidden: return try await answer(Reddit.userHidden(user, page: page))
        }
    }

    package func search(_ options: SearchOptions) async throws(CLIError) -> Listing {
        try await searchAnswer(options).value
    }

    package func searchAnswer(_ options: SearchOptions) async throws(CLIError) -> Answer<Listing> {
        try await answer(
            Reddit.search(
                options.query, subreddit: options.subreddit, sort: options.sort ?? .relevance, time: options.time,
                page: Self.page(options.page)
            ))
    }

    package func subreddit(_ name: String) async throws(CLIError) -> Answer<Subreddit> {
        try await answer(Reddit.subredditAbout(name))
    }

    package func me() async throws(CLIError) -> Answer<Account> {
        try await answer(Reddit.me())
    }

    /// Every subscription, sorted by name ignoring case, as the account store keeps them.
    package func subscriptions() async throws(CLIError) -> [Subreddit] {
        do {
            try await account.refresh()
        } catch {
            throw Self.describe(error)
        }
        return await account.snapshot.subscriptions
    }

    /// Every page of the subscription listing as Reddit sent it, for `--json`.
    package func subscriptionPages() async throws(CLIError) -> Answer<[Subreddit]> {
        let first = Reddit.subreddits(.subscribed, page: PageParameters(limit: 100))
        var request: Request<Listing>? = first
        var result = Answer<[Subreddit]>(value: [], bodies: [])
        while let current = request {
            let response: Response<Listing>
            do {
                response = try await client.response(current)
            } catch {
                throw Self.describe(error)
            }
            result.value += response.value.subreddits
            result.bodies.append(response.data)
            request = RedditClient.nextPage(after: response, of: first)
        }
        return result
    }

    @discardableResult
    package func vote(_ name: Fullname, _ direction: VoteDirection) async throws(CLIError) -> WriteOutcome {
        try await queueing(.vote(direction.vote, on: name)) { () async throws(CLIError) in
            guard sendsWrites else { return .notSent(Self.preview(Reddit.vote(direction.vote, on: name))) }
            do throws(HTTPError) {
                try await account.vote(direction.vote, on: Target(name: name))
            } catch {
                throw Self.describe(error)
            }
            return .sent
        }
    }

    @discardableResult
    package func setSaved(_ name: Fullname, _ saved: Bool) async throws(CLIError) -> WriteOutcome {
        try await queueing(.save(name, saved)) { () async throws(CLIError) in
            guard sendsWrites else { return .notSent(Self.preview(saved ? Reddit.save(name) : Reddit.unsave(name))) }
            do throws(HTTPError) {
                if saved {
                    try await account.save(Target(name: name))
                } else {
                    try await account.unsave(Target(name: name))
                }
            } catch {
                throw Self.describe(error)
            }
            return .sent
        }
    }

    /// A post or comment known only by its fullname (what the commands are given).
    private struct Target: Interactable {
        var name: Fullname
        var likes: Vote = .none
        var score = 0
        var saved = false
    }

    @discardableResult
    package func setSubscribed(_ subreddit: String, _ subscribed: Bool) async throws(CLIError) -> WriteOutcome {
        try await queueing(.subscribe(subreddit, subscribed)) { () async throws(CLIError) in
            try await write(subscribed ? Reddit.subscribe(to: [subreddit]) : Reddit.unsubscribe(from: [subreddit]))
        }
    }

    /// Sends `request` (waiting out a `RATELIMIT` as ``ratelimit`` allows), or (when writes are
    /// not sent) says what would have been sent.
    func write<T: Sendable>(_ request: Request<T>) async throws(CLIError) -> WriteOutcome {
        guard sendsWrites else { return .notSent(Self.preview(request)) }
        do {
            _ = try await client.send(request, ratelimit: ratelimit)
        } catch {
            throw Self.describe(error)
        }
        return .sent
    }

    /// `request` as one line: method, path and form fields (`POST /api/vote dir=1&id=t3_x`).
    static func preview<T>(_ request: Request<T>) -> String {
        // The path as typed (`/r/reddit.com`), not as encoded for the URL (`/r/reddit%2Ecom`).
        var text = "\(request.method.rawValue) \(request.path.removingPercentEncoding ?? request.path)"
        if case .form(let fields) = request.body {
            text +=
                " "
                + fields.sorted { $0.key < $1.key }.map {
                    "\($0.key)=\($0.value.replacingOccurrences(of: "\n", with: "\\n"))"
                }.joined(separator: "&")
        }
        return text
    }

    func answer<T: Sendable>(_ request: Request<T>) async throws(CLIError) -> Answer<T> {
        do {
            let response = try await client.response(request)
            return Answer(value: response.value, bodies: [response.data])
        } catch {
            throw Self.describe(error)
        }
    }

    static func page(_ options: PageOptions) -> PageParameters {
        PageParameters(after: options.after.map { Fullname($0) }, limit: options.limit)
    }

    /// The offline miss behind `error`, however the pipeline wrapped what the transport threw.
    private static func offlineMiss(in error: HTTPError) -> OfflineMiss? {
        switch error.kind {
        case .transport(let underlying), .interceptorFailed(let underlying): underlying as? OfflineMiss
        case .retriesExhausted(_, let last), .retryStopped(_, let last): offlineMiss(in: last)
        default: nil
        }
    }

    /// One readable line for a failed call; the whole chain goes in ``CLIError/detail`` for
    /// `--verbose`.
    package static func describe(_ error: HTTPError) -> CLIError {
        let chain = error.description
        if let miss = offlineMiss(in: error) {
            return CLIError(miss.description, exitCode: 3, detail: chain)
        }
        if let reddit = error.redditError, let wait = RatelimitMessage.text(for: reddit) {
            return CLIError(wait, detail: chain)
        }
        if let reddit = error.redditError {
            // One line: an error page's body can hold many (the whole text is under --verbose).
            let said = reddit.description.split(whereSeparator: \.isNewline).joined(separator: " ")
            return CLIError(
                "Reddit refused \(error.method) \(error.url?.path ?? ""): \(TextLayout.truncate(said, to: 160))",
                detail: chain)
        }
        if let failure = NetworkFailure.find(in: error) {
            var described = CLIError(failure.message, detail: chain)
            described.networkFailure = failure
            return described
        }
        if let status = error.statusCode {
            return CLIError(
                "Reddit answered HTTP \(status) for \(error.method) \(error.url?.path ?? "")", detail: chain)
        }
        return CLIError(error.description.replacingOccurrences(of: "\n", with: " "), detail: chain)
    }
}
