package import Courier
import Foundation
package import RedditAPI
import Synchronization

/// What the commands ask Reddit, over a `RedditClient` (online, or replaying the offline
/// cassette). Every failure becomes a ``CLIError`` whose message is the one line `reddit`
/// prints.
package struct RedditService: Sendable {
    package let client: RedditClient
    /// The JSON of the last response, for `--json`.
    private let capture: ResponseCapture

    /// A service over `transport` with `authentication`.
    package init(userAgent: UserAgent, authentication: RedditAuthentication, transport: any HTTPTransport) {
        let capture = ResponseCapture()
        self.capture = capture
        client = RedditClient(userAgent: userAgent, authentication: authentication, transport: transport) { configuration in
            configuration.interceptors.insert(capture, at: 0)
        }
    }

    package func listing(_ options: ListingOptions) async throws(CLIError) -> Listing {
        try await call(Reddit.listing(options.sort.sort(time: options.time), subreddit: options.subreddit, page: Self.page(options.page)))
    }

    package func commentTree(_ options: CommentsOptions) async throws(CLIError) -> CommentTree {
        do {
            return try await client.commentTree(of: options.postID, sort: options.sort, depth: options.depth, limit: options.limit)
        } catch {
            throw Self.describe(error)
        }
    }

    /// The tree with the comments behind `stub` loaded.
    package func loadMore(_ stub: More, in tree: CommentTree) async throws(CLIError) -> CommentTree {
        do {
            return try await client.loadMore(stub, in: tree)
        } catch {
            throw Self.describe(error)
        }
    }

    package func profile(user: String, section: UserSection, page: PageOptions) async throws(CLIError) -> Listing {
        let page = Self.page(page)
        switch section {
        case .overview: return try await call(Reddit.userOverview(user, page: page))
        case .submitted: return try await call(Reddit.userSubmitted(user, page: page))
        case .comments: return try await call(Reddit.userComments(user, page: page))
        case .saved: return try await call(Reddit.userSaved(user, page: page))
        }
    }

    package func search(_ options: SearchOptions) async throws(CLIError) -> Listing {
        try await call(Reddit.search(
            options.query, subreddit: options.subreddit, sort: options.sort ?? .relevance, time: options.time, page: Self.page(options.page)
        ))
    }

    package func subreddit(_ name: String) async throws(CLIError) -> Subreddit {
        try await call(Reddit.subredditAbout(name))
    }

    package func me() async throws(CLIError) -> Account {
        try await call(Reddit.me())
    }

    /// Every subscription, all pages, sorted by name ignoring case.
    package func subscriptions() async throws(CLIError) -> [Subreddit] {
        var all: [Subreddit] = []
        do {
            for try await page in client.pages(Reddit.mySubscriptions()) {
                all += page.subreddits
            }
        } catch {
            throw Self.describe(error)
        }
        return all.sorted { $0.displayName.localizedCaseInsensitiveCompare($1.displayName) == .orderedAscending }
    }

    package func vote(_ name: Fullname, _ direction: VoteDirection) async throws(CLIError) {
        try await call(Reddit.vote(direction.vote, on: name))
    }

    package func setSaved(_ name: Fullname, _ saved: Bool) async throws(CLIError) {
        try await call(saved ? Reddit.save(name) : Reddit.unsave(name))
    }

    package func setSubscribed(_ subreddit: String, _ subscribed: Bool) async throws(CLIError) {
        try await call(subscribed ? Reddit.subscribe(to: [subreddit]) : Reddit.unsubscribe(from: [subreddit]))
    }

    /// The last response's JSON, pretty-printed, for `--json`.
    package func lastResponseJSON() -> String? {
        guard let body = capture.last,
              let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: pretty, as: UTF8.self)
    }

    private func call<T: Sendable>(_ request: Request<T>) async throws(CLIError) -> T {
        do {
            return try await client.send(request)
        } catch {
            throw Self.describe(error)
        }
    }

    private static func page(_ options: PageOptions) -> PageParameters {
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

    /// One readable line for a failed call.
    package static func describe(_ error: HTTPError) -> CLIError {
        if let miss = offlineMiss(in: error) {
            return CLIError(miss.description, exitCode: 3)
        }
        if let reddit = error.redditError {
            return CLIError("Reddit refused \(error.method) \(error.url?.path ?? ""): \(reddit.description)")
        }
        if error.isConnectivity || error.isTimeout {
            return CLIError("cannot reach Reddit (\(error.reason)); try 'reddit --offline'")
        }
        if let status = error.statusCode {
            return CLIError("Reddit answered HTTP \(status) for \(error.method) \(error.url?.path ?? "")")
        }
        return CLIError(error.description.replacingOccurrences(of: "\n", with: " "))
    }
}

/// Keeps the body of the last successful response, so `--json` can print what Reddit sent.
final class ResponseCapture: Interceptor {
    private let body = Mutex<Data?>(nil)

    var last: Data? { body.withLock { $0 } }

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        let response = try await next(request)
        if (200..<300).contains(response.statusCode) { body.withLock { $0 = response.body } }
        return response
    }
}
