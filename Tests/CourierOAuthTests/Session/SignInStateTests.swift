import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOAuth

@Suite struct SignInStateTests {
    private func tokenSession() -> (OAuthSession, StubTransport) {
        let transport = StubTransport { request, index in StubTransport.token(index + 1, for: request) }
        return (
            OAuthSession(configuration: .example, client: HTTPClient(baseURL: nil, transport: transport)), transport
        )
    }

    @Test func completingWithoutASignInInProgressFails() async {
        let (session, transport) = tokenSession()
        await #expect {
            try await session.completeSignIn(redirectURL: URL(string: "http://127.0.0.1/callback?code=c&state=s")!)
        } throws: { error in
            if case OAuthError.noSignInInProgress = error { return true }
            return false
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func completingExchangesTheCodeWithTheVerifier() async throws {
        let (session, transport) = tokenSession()
        let request = await session.beginSignIn()
        #expect(await session.state == .signingIn)
        let token = try await session.completeSignIn(
            redirectURL: URL(string: "http://127.0.0.1/callback?code=the-code&state=\(request.state)")!)
        #expect(token.accessToken == "access-1")
        #expect(
            transport.forms == [
                [
                    "grant_type": "authorization_code", "code": "the-code", "code_verifier": request.pkce.codeVerifier,
                    "redirect_uri": "http://127.0.0.1/callback", "client_id": "example-client",
                ]
            ])
        // The request is used up: the same redirect cannot be replayed.
        await #expect(throws: OAuthError.self) {
            try await session.completeSignIn(
                redirectURL: URL(string: "http://127.0.0.1/callback?code=the-code&state=\(request.state)")!)
        }
    }

    @Test func cancellingASignInReturnsToSignedOut() async {
        let (session, _) = tokenSession()
        _ = await session.beginSignIn()
        await session.cancelSignIn()
        #expect(await session.state == .signedOut)
    }

    @MainActor
    @Test func observerMirrorsTheSessionState() async throws {
        let (session, _) = tokenSession()
        let observer = AuthStateObserver(session: session)
        try await session.signIn(with: .clientCredentials)
        let limit = Date().addingTimeInterval(60)  // catches a hang; the loop ends as soon as the state arrives
        while observer.state != .authenticated, Date() < limit {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(observer.state == .authenticated)
    }
}
