import Courier
import CourierOAuth
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

/// RedditClient and AccountStore on CourierOAuth's session.
@Suite struct OAuthSessionTests {
    static func session(token: String, transport: StubTransport) throws -> OAuthSession {
        let configuration = OAuthConfiguration.reddit(
            clientID: "client-id", redirectURI: URL(string: "http://127.0.0.1:65010/callback")!)
        let stored = Token(accessToken: token, refreshToken: "refresh", expiresAt: Date().addingTimeInterval(86_400))
        return OAuthSession(
            configuration: configuration, store: InMemoryTokenStore(stored),
            client: HTTPClient(baseURL: nil, transport: transport))
    }

    @Test func clientSendsTheSessionsToken() async throws {
        let transport = try AccountStoreTests.accountTransport()
        let session = try Self.session(token: "session-token", transport: transport)
        let reddit = RedditClient(userAgent: try testAgent(), authentication: .session(session), transport: transport)
        let me = try await reddit.send(Reddit.me())
        #expect(me.name == "PyAPITestUser2")
        #expect(transport.requests.first?.headers["Authorization"] == "bearer session-token")
        #expect(transport.requests.first?.url.host == "oauth.reddit.com")
    }

    @Test func accountStoreFollowsSignInAndSignOut() async throws {
        let api = try AccountStoreTests.accountTransport()
        let revoke = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(), url: request.url)
        }
        let session = try Self.session(token: "session-token", transport: revoke)
        let store = AccountStore(
            client: RedditClient(userAgent: try testAgent(), authentication: .session(session), transport: api))
        let following = Task { await store.follow(session) }
        defer { following.cancel() }

        _ = try await session.restore()
        try await waitUntil("the store refreshes on sign-in") { await store.snapshot.account?.name == "PyAPITestUser2" }
        try await session.signOut()
        try await waitUntil("the store clears on sign-out") { await store.snapshot == .empty }
        #expect(revoke.requests.contains { $0.url.path.hasSuffix("/revoke_token") })
    }

}
