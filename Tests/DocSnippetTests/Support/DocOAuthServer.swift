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

    /// A session of the server's public PKCE client, signed in as alice with two-minute tokens,
    /// whose access token the server has then revoked: only a 401 tells the session it is dead.
    func sessionWithRevokedToken() async throws -> OAuthSession {
        let configuration = OAuthConfiguration(
            authorizationEndpoint: baseURL.appendingPathComponent("o/authorize/"),
            tokenEndpoint: baseURL.appendingPathComponent("o/token/"),
            revocationEndpoint: baseURL.appendingPathComponent("o/revoke_token/"),
            clientID: "courier-public", redirectURI: URL(string: "http://127.0.0.1/callback")!, scopes: ["read"],
            issuer: baseURL.appendingPathComponent("o").absoluteString)
        let tokenClient = HTTPClient(baseURL: nil) {
            $0.interceptors = [.adapt { $0.headers["X-Token-Seconds"] = "120" }]
        }
        let session = OAuthSession(configuration: configuration, store: InMemoryTokenStore(), client: tokenClient)
        let authorization = await session.beginSignIn()
        var approve = Request<Data>(path: authorization.url.absoluteString, headers: ["X-Remote-User": "alice"])
            .allowed(statusCodes: [302])
        approve.followsRedirects = false
        let answer = try await plain.send(approve)
        let redirect = try #require(answer.headers["Location"].flatMap(URL.init(string:)))
        let token = try await session.completeSignIn(redirectURL: redirect)
        _ = try await plain.send(
            Request<Data>(
                method: .post, path: baseURL.appendingPathComponent("o/revoke_token/").absoluteString,
                body: .form([
                    "token": token.accessToken, "token_type_hint": "access_token", "client_id": "courier-public",
                ])))
        return session
    }
}
