import Courier
import CourierOAuth
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

@Suite struct RedditClientTests {
    static let ok: @Sendable (HTTPRequest) -> HTTPResponse = { request in
        HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
    }

    @Test(arguments: [
        "ios:com.example.reader:1.2 (by /u/example)",
        "linux:dev.courier.cli:0.1.0-beta (by /u/Some_User-9)",
    ])
    func acceptsRedditsFormat(_ agent: String) throws {
        #expect(try UserAgent(agent).value == agent)
    }

    @Test(arguments: [
        "python-requests/2.25.1",
        "",
        "ios:com.example:1.0",
        "ios:com.example:1.0 (by /u/)",
        "ios:com.example (by /u/example)",
        "ios::1.0 (by /u/example)",
        "ios:com.example:1.0 (by /u/example)\r\nX-Evil: 1",
        "ios:com.example:1.0 (by /u/this_name_is_far_too_long_for_reddit)",
    ])
    func rejectsOtherAgents(_ agent: String) {
        #expect(throws: RedditUsageError.self) { try UserAgent(agent) }
    }

    @Test func invalidAgentErrorSaysWhatToDo() {
        do {
            _ = try RedditClient(userAgent: "python-requests/2.25.1")
            Issue.record("accepted a generic agent")
        } catch {
            #expect(error.description.contains("<platform>:<app ID>:<version> (by /u/<username>)"))
        }
    }

    @Test func buildsAgentFromParts() throws {
        let agent = try UserAgent(platform: "linux", appID: "dev.courier", version: "2.0", username: "bot_owner")
        #expect(agent.value == "linux:dev.courier:2.0 (by /u/bot_owner)")
    }

    @Test func everyCallCarriesRawJSONAndTheAgent() async throws {
        let transport = StubTransport(answering: Self.ok)
        let client = try makeClient(transport)
        try await client.send(Reddit.vote(.up, on: "t3_abc"))
        _ = try? await client.send(Reddit.me())
        try await client.send(Request<Void>(path: "/r/swift/about?raw_json=1"))
        #expect(transport.requests.count == 3)
        for request in transport.requests {
            #expect(request.query("raw_json") == "1")
            #expect(request.headers["User-Agent"] == "linux:dev.courier.tests:1.0 (by /u/courier_tests)")
            #expect(request.followsRedirects == false)
        }
        #expect(transport.requests[2].url.query?.components(separatedBy: "raw_json").count == 2)
    }

    @Test func signedInCallsGoToOAuthHostWithBearer() async throws {
        let transport = StubTransport(answering: Self.ok)
        let client = try makeClient(transport, authentication: .bearer("secret-token"))
        try await client.send(Reddit.save("t3_abc"))
        let request = try #require(transport.requests.first)
        #expect(request.url.host == "oauth.reddit.com")
        #expect(request.url.path == "/api/save")
        #expect(request.headers["Authorization"] == "bearer secret-token")
        #expect(request.form == ["id": "t3_abc", "api_type": "json"])
    }

    @Test func anonymousCallsReadPublicJSON() async throws {
        let fixture = try Fixture("listings/subreddit_hot_askreddit.json")
        let transport = StubTransport(fixture: fixture)
        let client = try makeClient(transport, authentication: .anonymous)
        let listing = try await client.send(Reddit.listing(.top(.week), subreddit: "AskReddit", page: .init(limit: 5)))
        #expect(listing.links.count == 102)
        let request = try #require(transport.requests.first)
        #expect(request.url.host == "www.reddit.com")
        #expect(request.url.path == "/r/AskReddit/top.json")
        #expect(request.query("t") == "week" && request.query("limit") == "5")
        #expect(request.headers["Authorization"] == nil)
        _ = try await client.send(Reddit.listing(.hot))
        #expect(transport.requests.last?.url.path == "/hot.json")
    }

    @Test func namesCannotChangeThePath() {
        let request = Reddit.subredditAbout("../api/v1/me")
        #expect(request.path == "/r/%2E%2E%2Fapi%2Fv1%2Fme/about")
    }

    @Test func rejectedTokenIsRefreshedOnce() async throws {
        final class Tokens: BearerTokenProvider {
            let refreshes = Mutex(0)
            func accessToken() async throws(OAuthError) -> String { refreshes.withLock { $0 == 0 ? "old" : "new" } }
            func accessToken(afterRejectionOf rejected: String) async throws(OAuthError) -> String {
                refreshes.withLock { $0 += 1 }
                return "new"
            }
        }
        let tokens = Tokens()
        let transport = StubTransport { request in
            if request.headers["Authorization"] == "bearer old" {
                return HTTPResponse(
                    statusCode: 401, headers: ["WWW-Authenticate": #"Bearer realm="reddit", error="invalid_token""#],
                    body: Data(#"{"message": "Unauthorized", "error": 401}"#.utf8), url: request.url)
            }
            return try Fixture("things/me_2016.json").response(for: request.url)
        }
        let client = try makeClient(transport, authentication: .tokens(tokens))
        let me = try await client.send(Reddit.me())
        #expect(me.name == "PyAPITestUser2")
        #expect(tokens.refreshes.withLock { $0 } == 1)
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["bearer old", "bearer new"])
    }

    @Test func fixedTokenRejectionIsReported() async throws {
        let transport = StubTransport(fixture: try Fixture("errors/invalid_token_401_json.json"))
        let client = try makeClient(transport, authentication: .bearer("tok-zzz-secret"))
        do {
            _ = try await client.send(Reddit.me())
            Issue.record("expected invalid_token")
        } catch {
            // A fixed token cannot be renewed: the rejection reaches the caller as a typed error
            // (it used to be handed back as Reddit's 401 after a swallowed refresh failure).
            guard case .tokenRejected? = error.oauthError else {
                Issue.record("expected OAuthError.tokenRejected, got \(error)")
                return
            }
            #expect(!error.description.contains("tok-zzz-secret"))
        }
        #expect(transport.requests.count == 1)
    }

    @Test func moreChildrenRefusesMoreThan100Ids() {
        #expect(throws: RedditUsageError.tooManyChildren(101)) {
            try Reddit.moreChildren((0...100).map { "c\($0)" }, of: "t3_x")
        }
    }
}
