import CourierOAuth
import Foundation
import Testing

/// Each way a sign-in fails is its own typed error, and nothing is stored.
@Suite struct SignInFailureTests {
    /// Runs a sign-in whose redirect is changed by `alter`, and returns its error.
    private func failure(
        _ server: OAuthServer, alter: @Sendable (URL, AuthorizationRequest) async throws -> URL
    ) async throws -> (OAuthError?, InMemoryTokenStore, OAuthSession) {
        let store = InMemoryTokenStore()
        let session = server.session(server.publicClient(), store: store)
        let authorization = await session.beginSignIn()
        let redirect = try await alter(server.approve(authorization.url), authorization)
        do {
            _ = try await session.completeSignIn(redirectURL: redirect)
            return (nil, store, session)
        } catch {
            return (error, store, session)
        }
    }

    private func replacing(_ name: String, with value: String?, in url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.queryItems = (components.queryItems ?? []).compactMap { item in
            item.name == name ? value.map { URLQueryItem(name: name, value: $0) } : item
        }
        return components.url!
    }

    private func expectNothingStored(_ store: InMemoryTokenStore, _ session: OAuthSession) async {
        #expect(store.load() == nil)
        #expect(await session.state == .signedOut)
    }

    @Test func wrongState() async throws {
        let server = try OAuthServer()
        let (error, store, session) = try await failure(server) { url, _ in replacing("state", with: "forged", in: url)
        }
        guard case .stateMismatch? = error else {
            Issue.record("expected stateMismatch, got \(String(describing: error))")
            return
        }
        await expectNothingStored(store, session)
    }

    @Test func missingCode() async throws {
        let server = try OAuthServer()
        let (error, store, session) = try await failure(server) { url, _ in replacing("code", with: nil, in: url) }
        guard case .missingCode? = error else {
            Issue.record("expected missingCode, got \(String(describing: error))")
            return
        }
        await expectNothingStored(store, session)
    }

    @Test func userDeclines() async throws {
        let server = try OAuthServer()
        let (error, store, session) = try await failure(server) { _, authorization in
            try await server.decline(authorization)
        }
        guard case .accessDenied? = error else {
            Issue.record("expected accessDenied, got \(String(describing: error))")
            return
        }
        await expectNothingStored(store, session)
        #expect(try await server.tokenRequests().isEmpty)
    }

    @Test func badCode() async throws {
        let server = try OAuthServer()
        let (error, store, session) = try await failure(server) { url, _ in
            replacing("code", with: "not-a-code", in: url)
        }
        guard case .server(let serverError)? = error else {
            Issue.record("expected a server error, got \(String(describing: error))")
            return
        }
        #expect(serverError.code == .invalidGrant)
        #expect(serverError.statusCode == 400)
        await expectNothingStored(store, session)
    }

    @Test func badVerifier() async throws {
        let server = try OAuthServer()
        let store = InMemoryTokenStore()
        let session = server.session(server.publicClient(), store: store)
        let authorization = AuthorizationRequest(configuration: server.publicClient())
        let code = try authorization.code(from: await server.approve(authorization.url))
        await #expect {
            try await session.signIn(with: .authorizationCode(code: code, codeVerifier: PKCE().codeVerifier))
        } throws: { ($0 as? OAuthError)?.isInvalidGrant == true }
        await expectNothingStored(store, session)
        // The right verifier would have worked: the code itself was good (and is now spent).
        #expect(try await server.tokenRequests() == ["authorization_code": 1])
    }

    @Test(arguments: [OAuthConfiguration.ClientAuthentication.basic, .body])
    func badClientSecret(authentication: OAuthConfiguration.ClientAuthentication) async throws {
        let server = try OAuthServer()
        let store = InMemoryTokenStore()
        let session = server.session(
            server.confidentialClient("courier-service", secret: "wrong-secret", authentication: authentication),
            store: store
        )
        do {
            _ = try await session.signIn(with: .clientCredentials)
            Issue.record("a wrong client secret was accepted")
        } catch {
            guard case .server(let serverError) = error else {
                Issue.record("expected invalid_client, got \(error)")
                return
            }
            #expect(serverError.code == .invalidClient)
            #expect(serverError.statusCode == 401)
            #expect(!error.description.contains("wrong-secret"))
        }
        await expectNothingStored(store, session)
    }

    @Test(arguments: [OAuthConfiguration.ClientAuthentication.basic, .body])
    func confidentialClientGrants(authentication: OAuthConfiguration.ClientAuthentication) async throws {
        let server = try OAuthServer()
        let service = server.session(
            server.confidentialClient("courier-service", secret: "service-secret", authentication: authentication))
        let appToken = try await service.signIn(with: .clientCredentials)
        #expect(appToken.refreshToken == nil)
        let user = server.session(
            server.confidentialClient("courier-password", secret: "password-secret", authentication: authentication))
        let userToken = try await user.signIn(with: .password(username: "alice", password: "wonderland"))
        #expect(try await server.me(with: userToken.accessToken).get() == "alice")
        await #expect {
            try await user.signIn(with: .password(username: "alice", password: "wrong"))
        } throws: { ($0 as? OAuthError)?.isInvalidGrant == true }
    }
}
