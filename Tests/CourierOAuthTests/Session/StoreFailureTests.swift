import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import CourierOAuth

/// What the session does when its store fails: a rotated token cannot be taken back, so it is
/// kept in memory, reported and saved again later; a sign-out always signs out.
@Suite struct StoreFailureTests {
    let clock = ManualDate()

    private func session(store: any TokenStore, transport: StubTransport) -> OAuthSession {
        var options = OAuthSession.Options()
        options.now = { [clock] in clock.now }
        return OAuthSession(
            configuration: .example, store: store, client: HTTPClient(baseURL: nil, transport: transport),
            options: options)
    }

    /// This test's own token names: a token a test leaves dead in its store is dead for every
    /// session of the test process (see DeadTokens), and other suites use `access-1` too.
    let name = UUID().uuidString

    private func token(_ n: Int, seconds: TimeInterval = 3600) -> Token {
        Token(
            accessToken: "access-\(name)-\(n)", refreshToken: "refresh-\(name)-\(n)",
            expiresAt: clock.now.addingTimeInterval(seconds))
    }

    @Test func rotatedTokenThatCannotBeSavedIsKeptReportedAndSavedLater() async throws {
        let transport = StubTransport { request, index in StubTransport.token(index + 2, for: request) }
        let store = FlakyStore(token(1, seconds: 1))
        store.failing = true
        let session = session(store: store, transport: transport)
        let events = await session.events()
        var iterator = events.makeAsyncIterator()

        // The server has rotated refresh-1 away: the caller gets the new token, not an error.
        #expect(try await session.refresh().accessToken == "access-2")
        #expect(await session.state == .authenticated)
        guard case .storeFailed(.store)? = await iterator.next() else {
            Issue.record("no storeFailed event")
            return
        }
        #expect(await session.storeFailure != nil)
        #expect(store.token?.refreshToken == "refresh-\(name)-1")

        // Still failing: the next call retries and reports again, and still has the token.
        #expect(try await session.validToken().accessToken == "access-2")
        guard case .storeFailed? = await iterator.next() else {
            Issue.record("no second storeFailed event")
            return
        }

        // The store is back: the next call saves the token.
        store.failing = false
        #expect(try await session.validToken().accessToken == "access-2")
        guard case .storeRecovered? = await iterator.next() else {
            Issue.record("no storeRecovered event")
            return
        }
        #expect(store.token?.refreshToken == "refresh-2")
        #expect(await session.storeFailure == nil)
        #expect(transport.requests.count == 1)
    }

    @Test func signOutWithAStoreThatCannotBeClearedStillSignsOut() async throws {
        let transport = StubTransport { request, _ in StubTransport.json("{}", for: request) }
        let store = FlakyStore(token(7))
        store.failing = true
        let session = session(store: store, transport: transport)
        #expect(try await session.restore() == .authenticated)
        await #expect {
            try await session.signOut()
        } throws: { error in
            if case OAuthError.store = error { return true }
            return false
        }
        #expect(await session.state == .signedOut)
        // Revoked at the server all the same.
        #expect(transport.forms.map { $0["token_type_hint"] } == ["refresh_token", "access_token"])
        // The store still holds the token, but a later session of this process knows it is dead.
        #expect(store.token?.accessToken == "access-\(name)-7")
        let later = self.session(store: store, transport: transport)
        #expect(try await later.restore() == .signedOut)
    }
}

/// A store that fails to save and clear while `failing` is set.
final class FlakyStore: TokenStore {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }
    private let state: Mutex<(token: Token?, failing: Bool)>

    init(_ token: Token?) { state = Mutex((token, false)) }

    var token: Token? { state.withLock { $0.token } }
    var failing: Bool {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }

    func load() -> Token? { state.withLock { $0.token } }

    func save(_ token: Token) throws {
        try state.withLock { state in
            if state.failing { throw Broken() }
            state.token = token
        }
    }

    func clear() throws {
        try state.withLock { state in
            if state.failing { throw Broken() }
            state.token = nil
        }
    }
}
