import Courier
import CourierOAuth
import CourierTesting
import Foundation
import RedditAPI

/// Checks recordings against RedditAPI: rebuilds each recorded request through the public API
/// (``FixtureRoutes``), compares it with what PRAW sent (``RequestComparison``), and decodes the
/// recorded response through that request: a ``RedditClient`` on a stub transport that answers
/// with the recorded status, headers and body, so the answer takes the path a real one takes
/// (conventions, token, rate limiter, validation, ``RedditErrorDecoder``, the request's decoding).
package struct FixtureChecker: Sendable {
    private let routes: [String: [FixtureRoute]]

    /// A checker over `routes` (every area's by default).
    package init(routes: [FixtureRoute] = FixtureRoutes.all) {
        self.routes = Dictionary(grouping: routes, by: \.key)
    }

    /// Whether any route serves `key`.
    package func serves(_ key: String) -> Bool { routes[key] != nil }

    /// Checks one recording.
    package func check(_ recording: Recording) async -> CheckResult {
        let request = recording.request
        guard let key = recording.key, let candidates = routes[key] else {
            let reason = recording.key.map { "no route for \($0)" } ?? Self.unmatched(request)
            return CheckResult(recording, .unsupported(method: request.method, path: request.path, reason: reason))
        }
        var reasons: [String] = []
        for route in candidates {
            let call: FixtureCall
            do {
                call = try route.build(request)
            } catch {
                reasons.append(error.description)
                continue
            }
            return CheckResult(recording, await run(call, for: recording))
        }
        return CheckResult(
            recording,
            .unsupported(method: request.method, path: request.path, reason: reasons.joined(separator: "; ")))
    }

    /// Why a request no endpoint matches is not checked, in words.
    static func unmatched(_ request: RecordedRequest) -> String {
        let path = PathTemplate.normalized(request.path)
        if ["api/v1/access_token", "api/v1/revoke_token"].contains(path) {
            return "a token request: CourierOAuth's OAuthSession makes it, not a RedditAPI call"
        }
        return "no PRAW endpoint and no RedditAPI call asks for \(request.method) /\(path)"
    }

    /// Sends `call` through a client whose transport answers with the recording.
    private func run(_ call: FixtureCall, for recording: Recording) async -> CheckResult.Outcome {
        let response = StubResponse(statusCode: recording.status, headers: recording.headers, body: recording.body)
        let transport = StubTransport(routes: [StubRoute(nil, .any, response: response)])
        let client = RedditClient(
            userAgent: Self.agent, authentication: .tokens(RenewingToken()), transport: transport)
        let outcome: Result<String, HTTPError>
        do {
            outcome = .success(try await call.send(client))
        } catch {
            outcome = .failure(error)
        }
        guard let sent = transport.requests.first else { return .failed("no request was sent", details: []) }
        let differences = RequestComparison.differences(recorded: recording.request, sent: sent, call: call)
        if !differences.isEmpty { return .failed("the request differs from PRAW's", details: differences) }
        switch outcome {
        case .success(let summary):
            // A call may take a redirect as its answer (a sticky post's location): it says so
            // by accepting the status.
            let acceptedRedirect = (300..<400).contains(recording.status) && sent.accepts(statusCode: recording.status)
            guard !recording.isErrorResponse || acceptedRedirect else {
                return .failed("an error response decoded as \(call.model) (\(summary))", details: [])
            }
            return .ok(model: call.model, summary: summary)
        case .failure(let error):
            guard let reddit = error.redditError else {
                return .failed("\(call.model) did not decode: \(error)", details: [])
            }
            guard recording.isErrorResponse else {
                return .failed("a success response came out as an error: \(reddit)", details: [])
            }
            return .redditError(reddit)
        }
    }

    // swift-format-ignore: NeverUseForceTry
    private static let agent = try! UserAgent("linux:dev.courier.fixture-check:1.0 (by /u/courier_tests)")
}

/// A token that changes after each rejection, so a recorded `invalid_token` 401 reaches
/// Reddit's error decoder instead of stopping at the interceptor.
private struct RenewingToken: BearerTokenProvider {
    func accessToken() async throws(OAuthError) -> String { "fixture-check" }
    func accessToken(afterRejectionOf rejected: String) async throws(OAuthError) -> String { rejected + "+" }
}
