import Courier
import CourierOAuth
import Foundation
import Testing

/// The whole authorization-code flow against django-oauth-toolkit.
@Suite struct AuthorizationCodeFlowTests {
    @Test func signInUseRefreshRevokeSignOut() async throws {
        let server = try OAuthServer()
        let receiver = try LoopbackRedirectReceiver()
        // Tokens that outlive the test on a busy machine: the counts below must not change
        // because a 2-second token expired between two steps.
        let session = server.session(server.publicClient(redirectURI: receiver.redirectURI), tokenSeconds: 120) {
            $0.refreshMargin = .zero
        }
        let states = await session.stateUpdates()

        // The browser: approve, and follow the server's redirect to the loopback receiver.
        let authorization = await session.beginSignIn()
        async let redirect = receiver.waitForRedirect(timeout: .seconds(60))
        let landing = try await server.plain.send(
            Request<String>(path: authorization.url.absoluteString, headers: ["X-Remote-User": "alice"]))
        #expect(landing.value.contains("Sign-in complete"))
        let token = try await session.completeSignIn(redirectURL: redirect)
        #expect(token.refreshToken != nil)
        #expect(try #require(token.expiresAt).timeIntervalSinceNow > 60, "the server honoured X-Token-Seconds")
        #expect(token.scopes == ["read"])

        // A protected resource through the interceptor.
        struct Me: Decodable, Sendable { let username: String }
        let api = HTTPClient(baseURL: server.baseURL) { $0.interceptors = [OAuthInterceptor(session: session)] }
        #expect(try await api.send(Request<Me>(path: "/api/me")).value.username == "alice")

        // Refresh: rotation gives a new refresh token and kills the old access token.
        let refreshed = try await session.refresh()
        #expect(refreshed.accessToken != token.accessToken)
        #expect(refreshed.refreshToken != token.refreshToken)
        #expect(try await server.me(with: refreshed.accessToken).get() == "alice")
        #expect(try await server.me(with: token.accessToken).isFailure(status: 401))

        // Sign out revokes both tokens.
        try await session.signOut()
        #expect(await session.state == .signedOut)
        #expect(try await server.me(with: refreshed.accessToken).isFailure(status: 401))
        #expect(try await server.tokenRequests() == ["authorization_code": 1, "refresh_token": 1])
        let stale = server.session(server.publicClient(), store: InMemoryTokenStore(refreshed))
        await #expect { try await stale.refresh() } throws: { ($0 as? OAuthError)?.isInvalidGrant == true }

        var seen: [AuthState] = []
        for await state in states {
            seen.append(state)
            if seen.count == 6 { break }
        }
        #expect(seen == [.signedOut, .signingIn, .authenticated, .refreshing, .authenticated, .signedOut])
    }

    @Test func tokensSurviveARestartInTheFileStore() async throws {
        let server = try OAuthServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-oauth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("token.json")
        let token = try await server.signIn(server.session(server.publicClient(), store: FileTokenStore(fileURL: file)))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)

        // A new session over a new store, as in a new process, is signed in and can refresh.
        let restarted = server.session(server.publicClient(), store: FileTokenStore(fileURL: file))
        #expect(try await restarted.restore() == .authenticated)
        let refreshed = try await restarted.refresh()
        #expect(refreshed.accessToken != token.accessToken)
        #expect(try FileTokenStore(fileURL: file).load()?.refreshToken == refreshed.refreshToken)
    }
}

extension Result where Failure == HTTPError {
    /// Whether this is a failure with the given status.
    func isFailure(status: Int) -> Bool {
        if case .failure(let error) = self { return error.statusCode == status }
        return false
    }
}
