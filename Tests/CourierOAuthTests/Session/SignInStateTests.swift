import Courier
import CourierTesting
import Foundation
import TestSupport
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

    /// A sign-in cancelled while its code is exchanged: the server issues a token all the same,
    /// and nobody would hold it; the session revokes it.
    @Test func aSignInCancelledDuringTheExchangeRevokesTheIssuedToken() async throws {
        let arrived = Gate()
        let answer = Gate()
        let transport = StubTransport { request, index in
            guard request.url.path == "/token" else { return StubTransport.json("{}", for: request) }
            arrived.open()
            await answer.wait()
            return StubTransport.token(index + 1, for: request)
        }
        let store = InMemoryTokenStore()
        let session = OAuthSession(
            configuration: .example, store: store, client: HTTPClient(baseURL: nil, transport: transport))
        let request = await session.beginSignIn()
        let completion = Task {
            try await session.completeSignIn(
                redirectURL: URL(string: "http://127.0.0.1/callback?code=c&state=\(request.state)")!)
        }
        await arrived.wait()
        await session.cancelSignIn()
        answer.open()
        await #expect {
            try await completion.value
        } throws: { error in
            if case OAuthError.noSignInInProgress = error { return true }
            return false
        }
        #expect(await session.state == .signedOut)
        #expect(store.load() == nil)
        #expect(
            transport.forms.map { $0["grant_type"] ?? $0["token_type_hint"] }
                == ["authorization_code", "refresh_token", "access_token"])
        #expect(transport.forms.dropFirst().map { $0["token"] } == ["refresh-1", "access-1"])
    }

    /// A sign-in replaced by a sign-out while its token is being saved: the token is revoked and
    /// taken out of the store again, so the sign-out holds.
    @Test func aSignOutDuringTheSaveTakesTheSavedTokenBack() async throws {
        let transport = StubTransport { request, index in
            request.url.path == "/token"
                ? StubTransport.token(index + 1, for: request) : StubTransport.json("{}", for: request)
        }
        let store = GatedStore(nil)
        let session = OAuthSession(
            configuration: .example, store: store, client: HTTPClient(baseURL: nil, transport: transport))
        let signIn = Task { try await session.signIn(with: .clientCredentials) }
        await store.waitUntilSaveStarts()
        try await session.signOut()
        store.releaseSave()
        await #expect {
            try await signIn.value
        } throws: { error in
            if case OAuthError.noSignInInProgress = error { return true }
            return false
        }
        #expect(await session.state == .signedOut)
        #expect(store.load() == nil, "the sign-out was undone by the late save")
        #expect(transport.forms.compactMap { $0["token"] } == ["refresh-1", "access-1"])
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
