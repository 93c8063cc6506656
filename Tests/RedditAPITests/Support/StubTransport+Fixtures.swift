import Courier
import CourierOAuth
import CourierTesting
import Foundation
import RedditAPI
import Synchronization
import TestSupport

extension StubTransport {
    /// A stub that answers every request with one fixture.
    convenience init(fixture: Fixture) {
        self.init(answering: { request in fixture.response(for: request.url) })
    }

    /// A stub that answers each request with the fixture routed by its path; an unknown path
    /// fails loudly with ``UnmatchedRequest``.
    convenience init(fixtureRoutes routes: [String: Fixture]) {
        self.init(answering: { request in
            guard let fixture = routes[request.url.path] else {
                throw UnmatchedRequest(url: request.url, known: routes.keys.sorted())
            }
            return fixture.response(for: request.url)
        })
    }
}

/// A request no route matched.
struct UnmatchedRequest: Error, CustomStringConvertible {
    let url: URL
    let known: [String]
    var description: String { "no route for \(url.path); known: \(known.joined(separator: ", "))" }
}

extension HTTPRequest {
    /// The value of one query item.
    func query(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    /// The form fields of the body.
    var form: [String: String] {
        guard let body = body?.data else { return [:] }
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).removingPercentEncoding ?? String($0)
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}

/// A client on a test transport with a valid agent.
func makeClient(
    _ transport: StubTransport, authentication: RedditAuthentication = .tokens(RenewingTestToken())
) throws -> RedditClient {
    RedditClient(userAgent: try testAgent(), authentication: authentication, transport: transport)
}

/// The agent the tests send.
func testAgent() throws -> UserAgent {
    try UserAgent("linux:dev.courier.tests:1.0 (by /u/courier_tests)")
}

/// `test-token`, and a new token after every rejection, so a recorded `invalid_token` 401 reaches
/// Reddit's error decoder (a fixed token's rejection stops at the interceptor with
/// `OAuthError.tokenRejected`).
struct RenewingTestToken: BearerTokenProvider {
    func accessToken() async throws(OAuthError) -> String { "test-token" }
    func accessToken(afterRejectionOf rejected: String) async throws(OAuthError) -> String { rejected + "+" }
}
