public import Courier
public import Foundation
import Synchronization

/// One rule of a ``StubTransport``: which requests it answers and how.
///
/// A route matches on the method (any method when nil) and on the URL, through a ``Pattern``.
public struct StubRoute: Sendable {
    /// Which URLs a route answers.
    public struct Pattern: Sendable, CustomStringConvertible {
        /// A readable form, used when a request matches no route.
        public let description: String
        private let test: @Sendable (HTTPRequest) -> Bool

        /// Matches when the request's URL path is exactly `path` (the query is ignored).
        public static func path(_ path: String) -> Pattern {
            Pattern(description: "path \(path)") { $0.url.path == path }
        }

        /// Matches when the request's URL path starts with `prefix`.
        public static func pathPrefix(_ prefix: String) -> Pattern {
            Pattern(description: "path prefix \(prefix)") { $0.url.path.hasPrefix(prefix) }
        }

        /// Matches the exact absolute URL, query included.
        public static func url(_ url: URL) -> Pattern {
            Pattern(description: "URL \(LoggingMonitor.Redactor.default.redact(url))") {
                $0.url.absoluteString == url.absoluteString
            }
        }

        /// Matches every request.
        public static var any: Pattern { Pattern(description: "any URL") { _ in true } }

        /// Matches when `test` returns true; `description` names the rule in error messages.
        public static func custom(_ description: String, _ test: @escaping @Sendable (HTTPRequest) -> Bool) -> Pattern {
            Pattern(description: description, test: test)
        }

        private init(description: String, test: @escaping @Sendable (HTTPRequest) -> Bool) {
            self.description = description
            self.test = test
        }

        func matches(_ request: HTTPRequest) -> Bool { test(request) }
    }

    /// The method this route answers; nil answers any method.
    public var method: HTTPMethod?
    /// The URLs this route answers.
    public var pattern: Pattern
    let respond: @Sendable (HTTPRequest) async throws -> StubResponse

    /// A route that answers matching requests with a fixed response; any method when `method` is nil.
    public init(_ method: HTTPMethod?, _ pattern: Pattern, response: StubResponse) {
        self.init(method, pattern) { _ in response }
    }

    /// A route that builds its response from the request (for echoing or counting); any method
    /// when `method` is nil. The closure may suspend, for example until a test lets it answer.
    public init(
        _ method: HTTPMethod?, _ pattern: Pattern,
        respond: @escaping @Sendable (HTTPRequest) async throws -> StubResponse
    ) {
        self.method = method
        self.pattern = pattern
        self.respond = respond
    }

    /// A route that builds its response from the request and its number: 0 for the first request
    /// this route answers, 1 for the second, and so on (for scripts such as "fail the first
    /// refresh, then hand out token n + 1"); any method when `method` is nil.
    ///
    /// ```swift
    /// let stub = StubTransport(routes: [
    ///     StubRoute(.post, .path("/token")) { _, index in try .json(["access_token": "access-\(index)"]) }
    /// ])
    /// ```
    public init(
        _ method: HTTPMethod?, _ pattern: Pattern,
        respondNumbered respond: @escaping @Sendable (HTTPRequest, Int) async throws -> StubResponse
    ) {
        let answered = Mutex(0)
        self.init(method, pattern) { request in
            let index = answered.withLock { count in
                defer { count += 1 }
                return count
            }
            return try await respond(request, index)
        }
    }

    /// A route that answers its first request with `responses[0]`, the second with
    /// `responses[1]`, and every later one with the last response (a script of outcomes, for
    /// retries and refreshes); any method when `method` is nil.
    ///
    /// ```swift
    /// let stub = StubTransport(routes: [StubRoute(.get, .any, sequence: [.string("busy", status: 503), .string("ok")])])
    /// ```
    public init(_ method: HTTPMethod?, _ pattern: Pattern, sequence responses: [StubResponse]) {
        precondition(!responses.isEmpty, "a sequence needs at least one response")
        self.init(method, pattern) { _, index in responses[min(index, responses.count - 1)] }
    }

    func matches(_ request: HTTPRequest) -> Bool {
        (method == nil || method == request.method) && pattern.matches(request)
    }

    /// `GET path /me`, or `any method path /me`.
    var summary: String { "\(method?.rawValue ?? "any method") \(pattern)" }
}
