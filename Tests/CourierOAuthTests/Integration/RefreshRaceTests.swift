import Courier
import CourierOAuth
import Foundation
import Testing

/// 200 concurrent requests with an expired token cause exactly one refresh. The server rotates
/// refresh tokens with reuse protection, so a second refresh would revoke the whole family and
/// fail requests.
@Suite struct RefreshRaceTests {
    private func sendConcurrently(_ count: Int, through api: HTTPClient) async throws -> [String] {
        struct Me: Decodable, Sendable { let username: String }
        return try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<count { group.addTask { try await api.send(Request<Me>(path: "/api/me")).value.username } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func rejectedRequestsShareOneRefresh() async throws {
        let server = try OAuthServer()
        // The session's clock stands still, so it never sees the expiry: the server's 401s drive the refresh.
        let signInTime = Date()
        let session = server.session(server.publicClient()) {
            $0.now = { signInTime }
            $0.refreshMargin = .zero
        }
        let token = try await server.signIn(session)
        try await server.waitUntilRejected(token)

        let transport = StatusCountingTransport()
        let api = HTTPClient(baseURL: server.baseURL, transport: transport) {
            $0.interceptors = [OAuthInterceptor(session: session)]
        }
        let users = try await sendConcurrently(200, through: api)
        #expect(users.count == 200 && users.allSatisfy { $0 == "alice" })
        #expect(transport.count(of: 401) >= 1)
        #expect(try await server.tokenRequests()["refresh_token"] == 1)
        #expect(await session.state == .authenticated)
    }

    @Test func expiredTokenIsRefreshedOnceBeforeSending() async throws {
        let server = try OAuthServer()
        let session = server.session(server.publicClient()) { $0.refreshMargin = .zero }
        let token = try await server.signIn(session)
        try await waitUntilExpired(token)

        let transport = StatusCountingTransport()
        let api = HTTPClient(baseURL: server.baseURL, transport: transport) {
            $0.interceptors = [OAuthInterceptor(session: session)]
        }
        let users = try await sendConcurrently(200, through: api)
        #expect(users.count == 200 && users.allSatisfy { $0 == "alice" })
        #expect(transport.count(of: 401) == 0)
        #expect(try await server.tokenRequests()["refresh_token"] == 1)
    }
}
