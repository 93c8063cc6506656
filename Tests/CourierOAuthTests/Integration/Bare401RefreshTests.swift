import Courier
import CourierOAuth
import Foundation
import Synchronization
import Testing

/// `OAuthInterceptor(session:refreshesOnBare401:)` against django-oauth-toolkit's `/api/me-bare`,
/// which answers a dead token with a 401 and no `WWW-Authenticate` header.
@Suite struct Bare401RefreshTests {
    private struct Me: Decodable, Sendable { let username: String }

    /// A signed-in session holding an access token the server never issued beside a valid
    /// refresh token, valid for two more minutes as far as the session knows: only a 401 can
    /// tell it to refresh.
    private func sessionWithDeadAccessToken(_ server: OAuthServer) async throws -> OAuthSession {
        var token = try await server.signIn(server.session(server.publicClient(), tokenSeconds: 120))
        token.accessToken = "never-issued"
        token.expiresAt = Date().addingTimeInterval(120)
        return server.session(server.publicClient(), store: InMemoryTokenStore(token), tokenSeconds: 120)
    }

    @Test func withTheOptionABare401RefreshesOnceAndTheCallSucceeds() async throws {
        let server = try OAuthServer()
        let session = try await sessionWithDeadAccessToken(server)
        let api = HTTPClient(baseURL: server.baseURL) {
            $0.interceptors = [OAuthInterceptor(session: session, refreshesOnBare401: true)]
        }
        let me = try await api.send(Request<Me>(path: "/api/me-bare")).value
        #expect(me.username == "alice")
        #expect(try await server.tokenRequests()["refresh_token"] == 1)
    }

    @Test func withoutTheOptionABare401FailsAsItIsAndNothingRefreshes() async throws {
        let server = try OAuthServer()
        let session = try await sessionWithDeadAccessToken(server)
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
