public import Courier
import CourierOAuth
public import Foundation

/// Sends ``Reddit`` requests the way Reddit asks clients to.
///
/// Every call gets the validated ``UserAgent`` and `raw_json=1` (so text arrives without HTML
/// escapes), goes through the rate limiter (``RateLimitPolicy``), and is never redirected
/// silently: a 3xx (a login page, `/r/random`) fails with ``RedditError/Kind/redirect(location:)``.
/// Without a token it reads the public JSON of `www.reddit.com`; with one it calls
/// `oauth.reddit.com` with `Authorization: bearer`.
///
/// ```swift
/// let reddit = try RedditClient(userAgent: "linux:com.example.reader:1.0 (by /u/example)")
/// for try await post in reddit.items(Reddit.listing(.hot, subreddit: "swift")).prefix(50) {
///     print(post.link?.title ?? "")
/// }
/// ```
public final class RedditClient: Sendable {
    /// The public host, for anonymous reads.
    public static let publicBaseURL = URL(string: "https://www.reddit.com")!
    /// The API host, for calls with a token.
    public static let oauthBaseURL = URL(string: "https://oauth.reddit.com")!

    /// The underlying Courier client (its pipeline is the whole behaviour of this one).
    public let http: HTTPClient
    /// The User-Agent sent with every call.
    public let userAgent: UserAgent
    /// How calls authenticate.
    public let authentication: RedditAuthentication
    private let limiter: any RateLimitReporting

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - userAgent: The agent, already validated.
    ///   - authentication: ``RedditAuthentication/anonymous`` or a token source.
    ///   - transport: Where requests go: Courier's default (`CurlTransport` on Linux,
    ///     `URLSessionTransport` elsewhere), or a stub in tests.
    ///   - clock: The clock rate-limit waits run on.
    ///   - rateLimit: How requests are paced.
    ///   - sharedBudget: A budget shared with other clients (RedditFleet's `RedisRateBudget` for a fleet
    ///     of processes); nil: this client paces itself by the headers alone.
    ///   - configure: Further changes to the Courier configuration (more interceptors, event
    ///     monitors). The configuration's `decoder` serves only requests built outside RedditAPI:
    ///     RedditAPI's own requests decode with its faster Reddit-specific decoder.
    public init<C: Clock>(
        userAgent: UserAgent,
        authentication: RedditAuthentication = .anonymous,
        transport: any HTTPTransport = HTTPClient.defaultTransport,
        clock: C = ContinuousClock(),
        rateLimit: RateLimitPolicy = .default,
        sharedBudget: (any RateBudgetStore)? = nil,
        configure: (inout HTTPClient.Configuration) -> Void = { _ in }
    ) where C.Duration == Duration {
        self.userAgent = userAgent
        self.authentication = authentication
        let limiter = RateLimiter(clock: clock, policy: rateLimit, shared: sharedBudget)
        self.limiter = limiter
        let anonymous = authentication.provider == nil
        var configuration = HTTPClient.Configuration(
            baseURL: anonymous ? Self.publicBaseURL : Self.oauthBaseURL, transport: transport)
        configuration.headers["User-Agent"] = userAgent.value
        configuration.apiErrorDecoder = RedditErrorDecoder().decodeError(from:)
        var interceptors: [any Interceptor] = [RedditConventions(publicJSON: anonymous)]
        if let provider = authentication.provider {
            interceptors.append(OAuthInterceptor(provider: provider, scheme: "bearer"))
        }
        interceptors.append(limiter)
        configuration.interceptors = interceptors
        configure(&configuration)
        http = HTTPClient(configuration: configuration)
    }

    /// Creates a client, checking the User-Agent string.
    ///
    /// - Throws: ``RedditUsageError/invalidUserAgent(_:reason:)`` when the agent is not in
    ///   Reddit's `<platform>:<app ID>:<version> (by /u/<username>)` format.
    public convenience init(
        userAgent: String,
        authentication: RedditAuthentication = .anonymous,
        transport: any HTTPTransport = HTTPClient.defaultTransport
    ) throws(RedditUsageError) {
        self.init(userAgent: try UserAgent(userAgent), authentication: authentication, transport: transport)
    }

    /// Sends a request and returns its decoded value.
    ///
    /// - Throws: `HTTPError`; Reddit's own errors are in `HTTPError.redditError`.
    @discardableResult
    public func send<Response: Sendable>(_ request: Request<Response>) async throws(HTTPError) -> Response {
        try await http.send(request).value
    }

    /// Sends a request and returns the whole response: the decoded value with the request that
    /// was sent and the raw response (status, headers, the body bytes as Reddit sent them).
    ///
    /// ```swift
    /// let response = try await reddit.response(Reddit.subredditAbout("swift"))
    /// print(String(decoding: response.data, as: UTF8.self))   // the JSON Reddit sent
    /// ```
    public func response<Value: Sendable>(_ request: Request<Value>) async throws(HTTPError) -> Response<Value> {
        try await http.send(request)
    }

    /// The pages of a listing, fetched as they are iterated, until Reddit sends no `after`.
    public func pages(_ first: Request<Listing>) -> Pages<Listing> {
        http.pages(first) { response in Self.nextPage(after: response, of: first) }
    }

    /// The request for the page after `response`, a page of the listing `first` asked for; nil
    /// when it was the last page (no `after`, an empty page, or the same `after` again).
    public static func nextPage(after response: Response<Listing>, of first: Request<Listing>) -> Request<Listing>? {
        guard let after = response.value.after, !response.value.children.isEmpty else { return nil }
        let sentAfter = response.request.url.query?.contains("after=" + after.rawValue) ?? false
        guard !sentAfter else { return nil }
        var next = first
        let sentCount = URLComponents(url: response.request.url, resolvingAgainstBaseURL: false)?
            .queryItems?.first { $0.name == "count" }?.value
        let seen = (sentCount.flatMap { Int($0) } ?? 0) + response.value.children.count
        next.query.removeAll { ["after", "before", "count"].contains($0.name) }
        next.query.append(URLQueryItem(name: "after", value: after.rawValue))
        next.query.append(URLQueryItem(name: "count", value: String(seen)))
        return next
    }

    /// Every item of a listing across pages, in order, fetching pages as they are needed.
    ///
    /// ```swift
    /// for try await thing in reddit.items(Reddit.userOverview("spez")) { ... }
    /// ```
    public func items(_ first: Request<Listing>) -> some AsyncSequence<Thing, HTTPError> & Sendable {
        pages(first).items(\.children)
    }

    /// The rate-limit budget from the last response that reported one.
    public var rateLimit: RateLimitStatus? { limiter.status }
}

/// Lets the client read the limiter's state without knowing its clock type.
protocol RateLimitReporting: Sendable {
    var status: RateLimitStatus? { get }
}

extension RateLimiter: RateLimitReporting {}

/// Reddit's request conventions: `raw_json=1`, no automatic redirects, and `.json` paths on the
/// public host.
struct RedditConventions: Interceptor {
    let publicJSON: Bool

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        var request = request
        request.followsRedirects = false
        if var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
            if publicJSON, !components.percentEncodedPath.hasSuffix(".json") {
                var path = components.percentEncodedPath
                while path.hasSuffix("/") { path.removeLast() }
                components.percentEncodedPath = (path.isEmpty ? "/" : path) + ".json"
            }
            var items = components.percentEncodedQueryItems ?? []
            if !items.contains(where: { $0.name == "raw_json" }) {
                items.append(URLQueryItem(name: "raw_json", value: "1"))
            }
            components.percentEncodedQueryItems = items
            if let url = components.url { request.url = url }
        }
        var response = try await next(request)
        // A call that takes a redirect as its answer (a sticky post's location, a quarantine
        // opt-in) says so in its acceptable statuses; the error decoder leaves those alone.
        if (300..<400).contains(response.statusCode), request.accepts(statusCode: response.statusCode) {
            response.headers[RedditErrorDecoder.acceptedRedirectHeader] = "1"
        }
        return response
    }
}
