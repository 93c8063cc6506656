import Courier
import CourierOAuth
import Foundation
import TestSupport
import Testing

/// The django-oauth-toolkit server Scripts/test starts (Tests/Servers/oauth_server.py): a signed-in
/// session for the recipes that need one.
struct DocOAuthServer {
    let baseURL: URL
    private let plain = HTTPClient(baseURL: nil)

    init() throws { baseURL = try TestServers.oauth() }

    /// A session of the server's public PKCE client, signed in as alice, holding an access token
    /// the server never issued (as after a server-side revocation, or a token store restored from
    /// another machine) beside a valid refresh token, with two minutes to live: only a 401 tells
    /// the session it is dead.
    func sessionWithDeadAccessToken() async throws -> OAuthSession {
        let configuration = OAuthConfiguration(
            authorizationEndpoint: baseURL.appendingPathComponent("o/authorize/"),
            tokenEndpoint: baseURL.appendingPathComponent("o/token/"),
            revocationEndpoint: baseURL.appendingPathComponent("o/revoke_token/"),
            clientID: "courier-public", redirectURI: URL(string: "http://127.0.0.1/callback")!, scopes: ["read"],
            issuer: baseURL.appendingPathComponent("o").absoluteString)
        let tokenClient = HTTPClient(baseURL: nil) {
            $0.interceptors = [.adapt { $0.headers["X-Token-Seconds"] = "120" }]
        }
        let signIn = OAuthSession(configuration: configuration, client: tokenClient)
        let authorization = await signIn.beginSignIn()
        var approve = Request<Data>(path: authorization.url.absoluteString, headers: ["X-Remote-User": "alice"])
            .allowed(statusCodes: [302])
        approve.followsRedirects = false
        let answer = try await plain.send(approve)
        let redirect = try #require(answer.headers["Location"].flatMap(URL.init(string:)))
        var token = try await signIn.completeSignIn(redirectURL: redirect)
        token.accessToken = "never-issued"
        token.expiresAt = Date().addingTimeInterval(120)
        return OAuthSession(configuration: configuration, store: InMemoryTokenStore(token), client: tokenClient)
    }
}
