public import Courier
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from canned routes instead of the network, and remembers every
/// request it was sent.
///
/// It replaces URLProtocol-based stubbing (which crashes on redirects and downloads on Linux):
/// the whole `HTTPClient` pipeline (interceptors, retries, validation, decoding) runs on top of it.
///
/// ```swift
/// let stub = StubTransport()
/// stub.on(.get, .path("/me"), try .json(User(name: "spez")))
/// stub.on(.post, .pathPrefix("/api/"), .string("busy", status: 503))
/// let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: stub)
/// _ = try await client.send(Request<User>(path: "/me"))
/// #expect(stub.requests.map(\.url.path) == ["/me"])
/// ```
///
/// Routes are tried in the order they were added; the first match answers. A request that no
/// route matches fails with ``NoRouteError``, which names the request and lists the routes: a
/// stub never answers an empty 200 by accident.
public final class StubTransport: HTTPTransport {
    /// No route matched a request.
    public struct NoRouteError: Error, CustomStringConvertible {
        /// The request's method.
        public let method: HTTPMethod
        /// The request's URL, redacted.
        public let url: String
        /// The routes the transport had, in order, each as `METHOD pattern`.
        public let routes: [String]

        /// A readable account: the request, then the routes that did not match.
        public var description: String {
            let list =
                routes.isEmpty ? " (no routes were added)" : ":\n" + routes.map { "  - " + $0 }.joined(separator: "\n")
            return "StubTransport has no route for \(method) \(url); routes tried\(list)"
        }
    }

    private struct State {
        var routes: [StubRoute]
        var requests: [HTTPRequest] = []
        var statusCodes: [Int] = []
    }

    private let state: Mutex<State>
    private let clock: any Clock<Duration>

    /// Creates a transport with `routes`; `clock` times ``StubResponse/delay``.
    public init(routes: [StubRoute] = [], clock: any Clock<Duration> = ContinuousClock()) {
        state = Mutex(State(routes: routes))
        self.clock = clock
    }

    /// Adds a route; it is tried after the routes already there.
    public func add(_ route: StubRoute) {
        state.withLock { $0.routes.append(route) }
    }

    /// Adds a route answering `method` on `pattern` with `response`.
    public func on(_ method: HTTPMethod, _ pattern: StubRoute.Pattern, _ response: StubResponse) {
        add(StubRoute(method, pattern, response: response))
    }

    /// Adds a route answering any method on `pattern` with `response`.
    public func on(_ pattern: StubRoute.Pattern, _ response: StubResponse) {
        add(StubRoute(nil, pattern, response: response))
    }

    /// Adds a route that builds its response from the request; any method when `method` is nil.
    /// The closure may suspend, for example until the test lets the request answer.
    public func on(
        _ method: HTTPMethod?, _ pattern: StubRoute.Pattern,
        respond: @escaping @Sendable (HTTPRequest) async throws -> StubResponse
    ) {
        add(StubRoute(method, pattern, respond: respond))
    }

    /// Adds a route that builds its response from the request and its number among the requests
    /// this route answered (see ``StubRoute/init(_:_:respondNumbered:)``); any method when
    /// `method` is nil.
    public func on(
        _ method: HTTPMethod?, _ pattern: StubRoute.Pattern,
        respondNumbered respond: @escaping @Sendable (HTTPRequest, Int) async throws -> StubResponse
    ) {
        add(StubRoute(method, pattern, respondNumbered: respond))
    }

    /// Adds a route that answers with `responses` in order, repeating the last one (see
    /// ``StubRoute/init(_:_:sequence:)``); any method when `method` is nil.
    public func on(_ method: HTTPMethod?, _ pattern: StubRoute.Pattern, sequence responses: [StubResponse]) {
        add(StubRoute(method, pattern, sequence: responses))
    }

    /// Removes every route (the recorded requests stay); later requests fail with
    /// ``NoRouteError`` until routes are added again.
    public func removeAllRoutes() {
        state.withLock { $0.routes.removeAll() }
    }

    /// Every request sent so far, in order, including those that matched no route.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// How many requests were sent so far.
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// The status code of every response answered so far, in order (requests that failed, hung
    /// or matched no route have none). Shows what the pipeline hid, such as a 304 that a cache
    /// turned into its stored 200.
    public var statusCodes: [Int] { state.withLock { $0.statusCodes } }

    /// Forgets the recorded requests and status codes (the routes stay).
    public func clearRequests() {
        state.withLock {
            $0.requests.removeAll()
            $0.statusCodes.removeAll()
        }
    }

    /// Answers from the first matching route, after its delay.
    ///
    /// - Throws: ``NoRouteError`` when no route matches; the route's `URLError` for a
    ///   ``StubResponse/failure(_:)``; `CancellationError` when cancelled during a delay or a
    ///   ``StubResponse/hang``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let route = state.withLock { state -> StubRoute? in
            state.requests.append(request)
            return state.routes.first { $0.matches(request) }
        }
        guard let route else {
            throw NoRouteError(
                method: request.method, url: LoggingMonitor.Redactor.default.redact(request.url),
                routes: state.withLock { $0.routes.map(\.summary) }
            )
        }
        let response = try await route.respond(request)
        if let delay = response.delay {
            try await clock.sleep(for: delay)
        }
        while response.hangs {
            try await clock.sleep(for: .seconds(86_400))
        }
        try Task.checkCancellation()
        if let failure = response.failure { throw failure }
        state.withLock { $0.statusCodes.append(response.statusCode) }
        return HTTPResponse(
            statusCode: response.statusCode, headers: response.headers, body: response.body, url: request.url)
    }
}
