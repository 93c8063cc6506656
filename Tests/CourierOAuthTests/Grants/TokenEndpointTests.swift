import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOAuth

/// Token responses and error bodies as Reddit really sent them, and the requests each grant makes.
@Suite struct TokenEndpointTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func decode(_ fixture: String) throws -> Result<Token, OAuthError> {
        let raw = try RedditFixture.response(fixture)
        do {
            return .success(try TokenResponse.token(from: raw, method: .post, url: raw.url, now: now))
        } catch {
            return .failure(error)
        }
    }

    @Test func authorizationCodeWithPermanentDurationHasARefreshToken() throws {
        let token = try decode("token_authorization_code_permanent_200").get()
        #expect(token.accessToken == "7302867-vJjLEpFxOpGoKlReguUsxqilsPk")
        #expect(token.refreshToken == "7302867-9EkPYIEfpKNsJXeXOUin6mmxlZE")
        #expect(token.tokenType == "bearer")
        #expect(token.expiresAt == now.addingTimeInterval(3600))
        #expect(token.scopes == ["identity"])
    }

    @Test func appOnlyGrantsHaveNoRefreshToken() throws {
        let clientCredentials = try decode("token_client_credentials_2026_200").get()
        #expect(clientCredentials.refreshToken == nil)
        #expect(clientCredentials.expiresAt == now.addingTimeInterval(86400))
        #expect(clientCredentials.scopes == ["*"])
        let installed = try decode("token_installed_client_200").get()
        #expect(installed.accessToken == "kAl4FxQQDvkAb1PKioniAuaXGZw")
        #expect(installed.additionalFields["device_id"] == "DO_NOT_TRACK_THIS_DEVICE")
        let password = try decode("token_password_grant_200").get()
        #expect(password.accessToken == "7302867-SEzMk7_pqFfAVdFy5nyvlcZ3T08")
    }

    @Test func refreshGrantReturnsARotatedRefreshToken() throws {
        let token = try decode("token_refresh_grant_200").get()
        #expect(token.refreshToken == "aaaaaaa-0000000000000000000000-aaaaaaa")
        #expect(token.scopes == ["modmail"])
    }

    @Test(arguments: [
        ("token_authorization_code_invalid_code_invalid_grant_200", OAuthError.Code.invalidGrant, nil as String?),
        ("token_password_grant_invalid_otp_invalid_grant_200", .invalidGrant, nil),
        ("token_password_grant_unauthorized_client_200", .unauthorizedClient, "Only script apps may use password auth"),
    ])
    func oauthErrorsSentWithStatus200AreErrors(fixture: String, code: OAuthError.Code, description: String?) throws {
        guard case .failure(.server(let error)) = try decode(fixture) else {
            Issue.record("\(fixture) was not read as an OAuth error")
            return
        }
        #expect(error.code == code)
        #expect(error.errorDescription == description)
        #expect(error.statusCode == 200)
    }

    @Test func rateLimitIsAnHTTPFailureNotAnOAuthError() throws {
        guard case .failure(.http(let error)) = try decode("token_endpoint_rate_limited_429") else {
            Issue.record("the 429 was not reported as an HTTP failure")
            return
        }
        #expect(error.statusCode == 429)
    }

    @Test func numericErrorIsAnHTTPFailureUnlessAnInterpreterSaysOtherwise() throws {
        // Reddit's `{"error": 400}` is not an RFC 6749 error: without the provider's interpreter it
        // is an HTTP 400, not invalid_grant (RedditAPI's preset installs that reading).
        guard case .failure(.http(let error)) = try decode("token_refresh_grant_invalid_token_400") else {
            Issue.record("the numeric 400 was not reported as an HTTP failure")
            return
        }
        #expect(error.statusCode == 400)
        let interpreter = TokenErrorInterpreter(name: "numeric-400") { status, _ in
            status == 400 ? OAuthError.ServerError(code: .invalidGrant, statusCode: status) : nil
        }
        let raw = try RedditFixture.response("token_refresh_grant_invalid_token_400")
        #expect {
            try TokenResponse.token(from: raw, method: .post, url: raw.url, now: now, interpreter: interpreter)
        } throws: { error in
            (error as? OAuthError)?.isInvalidGrant == true
        }
    }

    @Test func emptyRevocationAnswerIsSuccess() throws {
        let raw = try RedditFixture.response("revoke_token_200_empty")
        try TokenResponse.checkRevocation(raw, method: .post, url: raw.url)
    }

    @Test func bodyWithoutAccessTokenIsInvalid() {
        let raw = HTTPResponse(
            statusCode: 200, body: Data(#"{"token_type":"bearer"}"#.utf8), url: URL(string: "https://x")!)
        #expect {
            try TokenResponse.token(from: raw, method: .post, url: raw.url, now: now)
        } throws: { error in
            if case OAuthError.invalidTokenResponse = error { return true }
            return false
        }
    }

    @Test func bodyAuthenticationSendsIdAndSecretAsFields() async throws {
        let transport = StubTransport { request, _ in StubTransport.token(1, for: request) }
        var configuration = OAuthConfiguration.example
        configuration.clientSecret = "s3cret"
        configuration.clientAuthentication = .body
        let endpoint = TokenEndpoint(
            configuration: configuration, client: HTTPClient(baseURL: nil, transport: transport))
        _ = try await endpoint.token(for: .password(username: "alice", password: "pw"), now: { now })
        #expect(transport.requests.first?.headers["Authorization"] == nil)
        #expect(
            transport.forms.first == [
                "grant_type": "password", "username": "alice", "password": "pw", "scope": "read write",
                "client_id": "example-client", "client_secret": "s3cret",
            ])
    }

    @Test func errorDescriptionsHideSecrets() async throws {
        let transport = StubTransport { request, _ in
            StubTransport.json(
                #"{"access_token":"leaky-token-123","refresh_token":"leaky-refresh-456"}"#, status: 503, for: request)
        }
        var configuration = OAuthConfiguration.example
        configuration.clientSecret = "client-secret-789"
        let endpoint = TokenEndpoint(
            configuration: configuration, client: HTTPClient(baseURL: nil, transport: transport))
        do {
            _ = try await endpoint.token(for: .refreshToken("refresh-abc"), now: { now })
            Issue.record("a 503 was accepted")
        } catch {
            let text = error.description + String(describing: configuration)
            for secret in ["leaky-token-123", "leaky-refresh-456", "client-secret-789", "refresh-abc"] {
                #expect(!text.contains(secret))
            }
        }
        let token = Token(accessToken: "leaky-token-123", refreshToken: "leaky-refresh-456")
        #expect(!token.description.contains("leaky"))
    }
}
