import Courier
import CourierOAuth
import Foundation
import Synchronization
import Testing

/// `OAuthInterceptor(session:refreshesOnBare401:)` against django-oauth-toolkit's `/api/me-bare`,
/// which answers a dead token with a 401 and no `WWW-Authenticate` header.
@Suite struct Bare401RefreshTests {
    private struct Me: Decodable, Sendable { let username: String }

    /// A signed-in session whose access token the server has revoked: the session still holds
    /// it as valid for two minutes, so only a 401 can tell it to refresh.
    private func sessionWithRevokedToken(_ server: OAuthServer) async throws -> OAuthSession {
        let session = server.session(server.publicClient(), tokenSeconds: 120)
        let token = try await server.signIn(session)
        try await server.revoke(token.accessToken, hint: "access_token")
        return session
    }

    @Test func withTheOptionABare401RefreshesOnceAndTheCallSucceeds() async throws {
        let server = try OAuthServer()
        let session = try await sessionWithRevokedToken(server)
        let api = HTTPClient(baseURL: server.baseURL) {
            $0.interceptors = [OAuthInterceptor(session: session, refreshesOnBare401: true)]
        }
        let me = try await api.send(Request<Me>(path: "/api/me-bare")).value
        #expect(me.username == "alice")
        #expect(try await server.tokenRequests()["refresh_token"] == 1)
    }

    @Test func withoutTheOptionABare401FailsAsItIsAndNothingRefreshes() async throws {
        let server = try OAuthServer()
        let session = try await sessionWithRevokedToken(server)
        let api = HTTPClient(baseURL: server.baseURL) { $0.interceptors = [OAuthInterceptor(session: session)] }
        await #expect {
            _ = try await api.send(Request<Me>(path: "/api/me-bare"))
        } throws: { error in
            (error as? HTTPError)?.statusCode == 401
        }
        #expect(try await server.tokenRequests()["refresh_token"] == nil)
    }

    @Test func aServerThatKeepsAnswering401GetsOneRefreshAndOneReplayNotALoop() async throws {
        let server = try OAuthServer()
        let session = server.session(server.publicClient(), tokenSeconds: 120)
        try await server.signIn(session)
        let sent = RequestCounter()
        let api = HTTPClient(baseURL: server.baseURL) {
            $0.interceptors = [OAuthInterceptor(session: session, refreshesOnBare401: true), sent]
        }
        await #expect {
            _ = try await api.send(
                Request<Me>(path: "/api/me-bare", query: [URLQueryItem(name: "always", value: "401")]))
        } throws: { error in
            (error as? HTTPError)?.statusCode == 401
        }
        #expect(sent.count == 2)
        #expect(try await server.tokenRequests()["refresh_token"] == 1)
    }
}

/// Counts the requests that reach the transport.
private final class RequestCounter: Interceptor, Sendable {
    private let sent = Mutex(0)
    var count: Int { sent.withLock { $0 } }

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        sent.withLock { $0 += 1 }
        return try await next(request)
    }
}
