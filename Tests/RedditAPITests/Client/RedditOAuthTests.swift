import Courier
import CourierOAuth
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

/// Reddit's OAuth preset, its app-only grant and its non-standard token errors, which live in
/// RedditAPI (CourierOAuth knows no provider).
@Suite struct RedditOAuthTests {
    private static let callback = URL(string: "http://127.0.0.1:65010/callback")!

    @Test func redditPresetAsksForAPermanentGrantWithBasicAuth() {
        let configuration = OAuthConfiguration.reddit(
            clientID: "abc", redirectURI: Self.callback, scopes: [.identity, .read, .vote])
        #expect(configuration.clientAuthentication == .basic)
        #expect(configuration.clientSecret == "")
        #expect(configuration.revocationEndpoint?.absoluteString == "https://www.reddit.com/api/v1/revoke_token")
        #expect(configuration.tokenErrorInterpreter == .reddit)
        let query = Dictionary(
            (URLComponents(url: AuthorizationRequest(configuration: configuration).url, resolvingAgainstBaseURL: false)?
                .queryItems ?? [])
                .map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(query["duration"] == "permanent")
        #expect(query["scope"] == "identity read vote")
        #expect(query["redirect_uri"] == "http://127.0.0.1:65010/callback")
    }

    @Test func installedClientGrantUsesBasicAuthWithAnEmptySecret() async throws {
        let fixture = try Fixture("auth/token_installed_client_200.json")
        let transport = StubTransport(fixture: fixture)
        let session = OAuthSession(
            configuration: .reddit(clientID: "p-jcoLKBynTLew", redirectURI: Self.callback),
            client: HTTPClient(baseURL: nil, transport: transport)
        )
        let token = try await session.signIn(with: .redditInstalledClient())
        #expect(token.additionalFields["device_id"] == "DO_NOT_TRACK_THIS_DEVICE")
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://www.reddit.com/api/v1/access_token")
        #expect(request.headers["Authorization"] == "Basic " + Data("p-jcoLKBynTLew:".utf8).base64EncodedString())
        #expect(
            request.form == [
                "grant_type": "https://oauth.reddit.com/grants/installed_client",
                "device_id": "DO_NOT_TRACK_THIS_DEVICE",
            ])
    }

    @Test func redditsNumericErrorForADeadRefreshTokenIsInvalidGrant() async throws {
        let fixture = try Fixture("auth/token_refresh_grant_invalid_token_400.json")
        let transport = StubTransport(fixture: fixture)
        let store = InMemoryTokenStore(Token(accessToken: "old", refreshToken: "dead", expiresAt: Date()))
        let session = OAuthSession(
            configuration: .reddit(clientID: "abc", redirectURI: Self.callback), store: store,
            client: HTTPClient(baseURL: nil, transport: transport)
        )
        await #expect {
            try await session.refresh()
        } throws: { error in
            (error as? OAuthError)?.isInvalidGrant == true
        }
        #expect(await session.state == .signedOut)
        #expect(store.load() == nil)
    }

    @Test func appOnlySessionSignsInByItselfOnce() async throws {
        let token = try Fixture("auth/token_installed_client_200.json")
        let me = try Fixture("things/me_2016.json")
        let transport = StubTransport { request in
            request.url.host == "www.reddit.com" ? token.response(for: request.url) : me.response(for: request.url)
        }
        var options = OAuthSession.Options()
        options.automaticSignInGrant = .redditInstalledClient()
        options.renewalGrant = .redditInstalledClient()
        let session = OAuthSession(
            configuration: .reddit(clientID: "abc", redirectURI: Self.callback),
            client: HTTPClient(baseURL: nil, transport: transport), options: options
        )
        let reddit = RedditClient(userAgent: try testAgent(), authentication: .session(session), transport: transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { _ = try await reddit.send(Reddit.me()) } }
            try await group.waitForAll()
        }
        let tokenRequests = transport.requests.filter { $0.url.path == "/api/v1/access_token" }
        #expect(tokenRequests.count == 1)
        #expect(
            transport.requests.filter { $0.url.host == "oauth.reddit.com" }.allSatisfy {
                $0.headers["Authorization"] == "bearer kAl4FxQQDvkAb1PKioniAuaXGZw"
            })
    }
}
