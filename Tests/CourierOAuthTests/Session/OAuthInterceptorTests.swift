import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOAuth

@Suite struct OAuthInterceptorTests {
    private func response(_ status: Int, challenge: String?) -> HTTPResponse {
        var headers: HTTPHeaders = [:]
        if let challenge { headers["WWW-Authenticate"] = challenge }
        return HTTPResponse(statusCode: status, headers: headers, url: URL(string: "https://api.example.com")!)
    }

    @Test func onlyAnInvalidTokenChallengeCountsAsRejection() {
        #expect(
            OAuthInterceptor.rejectsToken(response(401, challenge: #"Bearer realm="reddit", error="invalid_token""#)))
        #expect(OAuthInterceptor.rejectsToken(response(401, challenge: #"bearer error="invalid_token""#)))
        #expect(!OAuthInterceptor.rejectsToken(response(401, challenge: #"Bearer error="insufficient_scope""#)))
        #expect(!OAuthInterceptor.rejectsToken(response(403, challenge: #"Bearer error="invalid_token""#)))
        #expect(!OAuthInterceptor.rejectsToken(response(401, challenge: nil)))
    }

    @Test func replaysOnceWithTheNewTokenAfterRejection() async throws {
        let tokens = StubTransport { request, index in StubTransport.token(index + 2, for: request) }
        let session = OAuthSession(
            configuration: .example,
            store: InMemoryTokenStore(Token(accessToken: "access-1", refreshToken: "refresh-1")),
            client: HTTPClient(baseURL: nil, transport: tokens)
        )
        let api = StubTransport { request, _ in
            if request.headers["Authorization"] == "Bearer access-2" {
                return StubTransport.json("{}", for: request)
            }
            var rejected = StubTransport.json("{}", status: 401, for: request)
            rejected.headers["WWW-Authenticate"] = #"Bearer error="invalid_token""#
            return rejected
        }
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: api) {
            $0.interceptors = [OAuthInterceptor(session: session)]
        }
        let response = try await client.send(Request<Data>(path: "/me"))
        #expect(response.statusCode == 200)
        #expect(api.requests.map { $0.headers["Authorization"] } == ["Bearer access-1", "Bearer access-2"])
        #expect(tokens.requests.count == 1)
    }

    @Test func signedOutSessionFailsTheCallWithoutSendingIt() async throws {
        let api = StubTransport { _, _ in nil }
        let session = OAuthSession(configuration: .example)
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: api) {
            $0.interceptors = [OAuthInterceptor(session: session)]
        }
        await #expect {
            try await client.send(Request<Data>(path: "/me"))
        } throws: { error in
            guard let error = error as? HTTPError, case .interceptorFailed(let underlying) = error.kind,
                case OAuthError.notSignedIn = underlying
            else { return false }
            return true
        }
        #expect(api.requests.isEmpty)
    }

    /// The API answers `Bearer access-2` with 200 and anything else with `status` and `challenge`.
    private func api(rejecting status: Int = 401, challenge: String? = #"Bearer error="invalid_token""#)
        -> StubTransport
    {
        StubTransport { request, _ in
            if request.headers["Authorization"] == "Bearer access-2" {
                return StubTransport.json("{}", for: request)
            }
            var rejected = StubTransport.json("{}", status: status, for: request)
            if let challenge { rejected.headers["WWW-Authenticate"] = challenge }
            return rejected
        }
    }

    @Test func aRefreshFailureReachesTheCallerAsATypedError() async throws {
        let tokens = StubTransport { request, _ in
            StubTransport.json(#"{"error":"invalid_grant"}"#, status: 400, for: request)
        }
        let session = OAuthSession(
            configuration: .example,
            store: InMemoryTokenStore(Token(accessToken: "access-1", refreshToken: "refresh-1")),
            client: HTTPClient(baseURL: nil, transport: tokens)
        )
        let api = api()
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: api) {
            $0.interceptors = [OAuthInterceptor(session: session)]
        }
        do {
            _ = try await client.send(Request<Data>(path: "/me"))
            Issue.record("the call succeeded although the refresh failed")
        } catch {
            #expect(error.oauthError?.isInvalidGrant == true)
        }
        #expect(api.requests.count == 1)
        #expect(await session.state == .signedOut)
    }

    @Test func a401WithoutAnInvalidTokenChallengeDoesNotRefresh() async throws {
        let tokens = StubTransport { request, index in StubTransport.token(index + 2, for: request) }
        let session = OAuthSession(
            configuration: .example,
            store: InMemoryTokenStore(Token(accessToken: "access-1", refreshToken: "refresh-1")),
            client: HTTPClient(baseURL: nil, transport: tokens)
        )
        let api = api(challenge: #"Bearer error="insufficient_scope""#)
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: api) {
            $0.interceptors = [OAuthInterceptor(session: session)]
        }
        await #expect(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/me")) }
        #expect(api.requests.count == 1)
        #expect(tokens.requests.isEmpty)
    }

    @Test func aStaticTokenIsSentAndItsRejectionIsTyped() async throws {
        let api = api()
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: api) {
            $0.interceptors = [OAuthInterceptor(provider: StaticBearerToken("access-1"))]
        }
        do {
            _ = try await client.send(Request<Data>(path: "/me"))
            Issue.record("a rejected static token succeeded")
        } catch {
            guard case .tokenRejected? = error.oauthError else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!error.description.contains("access-1"))
        }
        #expect(api.requests.map { $0.headers["Authorization"] } == ["Bearer access-1"])
        #expect(!String(describing: StaticBearerToken("access-1")).contains("access-1"))
    }
}
