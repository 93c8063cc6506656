import Courier
import CourierOAuth
import Foundation
import Synchronization
import TestSupport
import Testing

/// The django-oauth-toolkit server started by Scripts/test (Tests/Servers/oauth_server.py).
struct OAuthServer {
    let baseURL: URL
    /// Marks this test's token requests so `/test/stats` counts them apart from other tests'.
    let testKey = uniqueKey("oauth")
    let plain = HTTPClient(baseURL: nil)

    init() throws {
        baseURL = try TestServers.oauth()
    }

    /// The public PKCE client, redirecting to `redirectURI`.
    func publicClient(redirectURI: URL = URL(string: "http://127.0.0.1/callback")!) -> OAuthConfiguration {
        OAuthConfiguration(
            authorizationEndpoint: baseURL.appendingPathComponent("o/authorize/"),
            tokenEndpoint: baseURL.appendingPathComponent("o/token/"),
            revocationEndpoint: baseURL.appendingPathComponent("o/revoke_token/"),
            clientID: "courier-public",
            redirectURI: redirectURI,
            scopes: ["read"],
            issuer: baseURL.appendingPathComponent("o").absoluteString
        )
    }

    /// A confidential client of the server with its secret (which `secret` may override).
    func confidentialClient(_ id: String, secret: String, authentication: OAuthConfiguration.ClientAuthentication)
        -> OAuthConfiguration
    {
        var configuration = publicClient()
        configuration.clientID = id
        configuration.clientSecret = secret
        configuration.clientAuthentication = authentication
        return configuration
    }

    /// The HTTP client a session uses for token requests, tagged with ``testKey``.
    var tokenClient: HTTPClient { tokenClient(tokenSeconds: nil) }

    /// ``tokenClient``, asking the server for tokens that live `tokenSeconds` (nil: the server's
    /// default, 2 s for a sign-in's first token).
    func tokenClient(tokenSeconds: Int?, issued: IssuedTokens? = nil) -> HTTPClient {
        let key = testKey
        return HTTPClient(baseURL: nil) {
            $0.interceptors = [
                .adapt {
                    $0.headers["X-Test-Key"] = key
                    if let tokenSeconds { $0.headers["X-Token-Seconds"] = String(tokenSeconds) }
                }
            ]
            if let issued { $0.interceptors.append(issued) }
        }
    }

    /// A session for `configuration` whose token requests are counted under ``testKey``.
    /// `tokenSeconds` asks the server for tokens of that lifetime (see ``tokenClient(tokenSeconds:)``);
    /// `issued`, when given, keeps every token the server issues to the session.
    func session(
        _ configuration: OAuthConfiguration, store: any TokenStore = InMemoryTokenStore(), tokenSeconds: Int? = nil,
        issued: IssuedTokens? = nil, configure: (inout OAuthSession.Options) -> Void = { _ in }
    ) -> OAuthSession {
        var options = OAuthSession.Options()
        configure(&options)
        return OAuthSession(
            configuration: configuration, store: store, client: tokenClient(tokenSeconds: tokenSeconds, issued: issued),
            options: options)
    }

    /// Approves `url` as the user alice without a browser and returns the redirect the server
    /// answered with (not followed).
    func approve(_ url: URL) async throws -> URL {
        var request = Request<Data>(path: url.absoluteString, headers: ["X-Remote-User": "alice"]).allowed(
            statusCodes: [302])
        request.followsRedirects = false
        let response = try await plain.send(request)
        return try #require(
            response.headers["Location"].flatMap(URL.init(string:)), "no Location in the authorize answer")
    }

    /// Declines the authorization as alice (posts the consent form without `allow`).
    func decline(_ authorization: AuthorizationRequest) async throws -> URL {
        let query = URLComponents(url: authorization.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var fields = Dictionary(query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        fields["allow"] = nil
        var request = Request<Data>(
            method: .post, path: authorization.configuration.authorizationEndpoint.absoluteString,
            headers: ["X-Remote-User": "alice"], body: .form(fields)
        ).allowed(statusCodes: [302])
        request.followsRedirects = false
        let response = try await plain.send(request)
        return try #require(response.headers["Location"].flatMap(URL.init(string:)))
    }

    /// Signs `session` in through the authorization-code flow, headlessly.
    @discardableResult
    func signIn(_ session: OAuthSession) async throws -> Token {
        let authorization = await session.beginSignIn()
        return try await session.completeSignIn(redirectURL: approve(authorization.url))
    }

    /// Revocation requests (RFC 7009) counted under ``testKey``, by token type hint
    /// (`["refresh_token": 1, "access_token": 1]`).
    func revocations() async throws -> [String: Int] {
        let prefix = "revoke:"
        return Dictionary(
            uniqueKeysWithValues: try await tokenStats().filter { $0.key.hasPrefix(prefix) }.map {
                (String($0.key.dropFirst(prefix.count)), $0.value)
            })
    }

    /// Revokes `token` at the server as the public client, as a user would from the provider's
    /// "connected apps" page (not counted under ``testKey``).
    func revoke(_ token: String, hint: String) async throws {
        let request = Request<Data>(
            method: .post, path: baseURL.appendingPathComponent("o/revoke_token/").absoluteString,
            body: .form(["token": token, "token_type_hint": hint, "client_id": "courier-public"]))
        _ = try await plain.send(request)
    }

    /// Whether the server still renews with `refreshToken`, asked without using it up: a refused
    /// refresh changes nothing, and an accepted one is only ever asked of a token that must be
    /// dead (the test fails then anyway). Not counted under ``testKey``.
    func acceptsRefresh(_ refreshToken: String) async throws -> Bool {
        let request = Request<Data>(
            method: .post, path: baseURL.appendingPathComponent("o/token/").absoluteString,
            body: .form(["grant_type": "refresh_token", "refresh_token": refreshToken, "client_id": "courier-public"])
        ).allowed(statusCodes: 100..<600)
        return try await plain.send(request).raw.statusCode == 200
    }

    /// Token requests counted under ``testKey``, by grant type.
    func tokenRequests() async throws -> [String: Int] {
        try await tokenStats().filter { !$0.key.contains(":") }
    }

    /// The server's counts under ``testKey``: requests by grant type, and refused ones by
    /// `grant:status` (`refresh_token:400`).
    func tokenStats() async throws -> [String: Int] {
        var url = baseURL.appendingPathComponent("test/stats")
        url.append(queryItems: [URLQueryItem(name: "key", value: testKey)])
        return try await plain.send(Request<[String: Int]>(path: url.absoluteString)).value
    }

    /// Waits until the server refuses `token` as expired (polling `/api/me`, which issues no tokens).
    func waitUntilRejected(_ token: Token) async throws {
        let limit = Date().addingTimeInterval(60)
        while try await me(with: token.accessToken).isFailure(status: 401) == false {
            try #require(Date() < limit, "the server still accepts the token after a minute")
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The user name `/api/me` reports for `accessToken`, or the status when it refuses.
    func me(with accessToken: String) async throws -> Result<String, HTTPError> {
        struct Me: Decodable, Sendable { let username: String }
        do {
            let request = Request<Me>(
                path: (baseURL.appendingPathComponent("api/me")).absoluteString,
                headers: ["Authorization": "Bearer \(accessToken)"])
            return .success(try await plain.send(request).value.username)
        } catch {
            return .failure(error)
        }
    }
}

/// Keeps every token the token endpoint issued through the client it is installed in, so a test
/// can check at the server what became of a token the session under test never handed out.
final class IssuedTokens: Interceptor {
    private let tokens = Mutex<[Token]>([])

    var all: [Token] { tokens.withLock { $0 } }

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        let response = try await next(request)
        struct Issued: Decodable {
            let access_token: String
            let refresh_token: String?
        }
        if request.url.path.hasSuffix("/o/token"), response.statusCode == 200,
            let issued = try? JSONDecoder().decode(Issued.self, from: response.body)
        {
            tokens.withLock {
                $0.append(Token(accessToken: issued.access_token, refreshToken: issued.refresh_token))
            }
        }
        return response
    }
}

/// A transport that counts the responses of each status it passed on.
final class StatusCountingTransport: HTTPTransport {
    /// One session for every request (connections are reused, as in an app). The tests count
    /// refreshes, not speed: 200 requests at once to the one-process test server on a machine at
    /// load 40 waited longer than the default 60 s, so the limit is generous.
    private let base = URLSessionTransport(timeout: .seconds(600))
    private let counts = Mutex<[Int: Int]>([:])

    func count(of status: Int) -> Int { counts.withLock { $0[status, default: 0] } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        counts.withLock { $0[response.statusCode, default: 0] += 1 }
        return response
    }
}

/// Waits until `token` has expired by the wall clock (the server's 2-second lifetime).
func waitUntilExpired(_ token: Token) async throws {
    let expiry = try #require(token.expiresAt, "the server sent no expires_in")
    let limit = Date().addingTimeInterval(60)
    while Date() <= expiry.addingTimeInterval(0.05) {
        #expect(Date() < limit, "the token did not expire within a minute")
        try await Task.sleep(for: .milliseconds(50))
    }
}
