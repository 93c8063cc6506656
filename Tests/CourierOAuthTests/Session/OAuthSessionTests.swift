import Courier
import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import CourierOAuth

/// The session's refresh rules, over a scripted token endpoint and a manual clock.
@Suite struct OAuthSessionTests {
    let clock = ManualDate()

    private func session(
        store: any TokenStore = InMemoryTokenStore(),
        transport: StubTransport,
        configure: (inout OAuthSession.Options) -> Void = { _ in }
    ) -> OAuthSession {
        var options = OAuthSession.Options()
        options.now = { [clock] in clock.now }
        configure(&options)
        return OAuthSession(
            configuration: .example, store: store, client: HTTPClient(baseURL: nil, transport: transport),
            options: options
        )
    }

    /// A token issued at the clock's current time that lives `seconds`.
    private func token(_ n: Int, seconds: TimeInterval = 3600) -> Token {
        Token(
            accessToken: "access-\(n)", refreshToken: "refresh-\(n)", expiresAt: clock.now.addingTimeInterval(seconds))
    }

    @Test func validTokenIsReturnedWithoutRefreshing() async throws {
        let transport = StubTransport { _, _ in nil }
        let session = session(store: InMemoryTokenStore(token(1)), transport: transport)
        #expect(try await session.validToken().accessToken == "access-1")
        #expect(transport.requests.isEmpty)
    }

    @Test func tokenIsRefreshedProactivelyWithinTheMargin() async throws {
        let transport = StubTransport { request, _ in StubTransport.token(2, for: request) }
        let store = InMemoryTokenStore(token(1, seconds: 100))
        let session = session(store: store, transport: transport)
        clock.advance(by: 39)
        #expect(try await session.validToken().accessToken == "access-1")
        clock.advance(by: 2)  // 59 s left, under the 60 s margin
        #expect(try await session.validToken().accessToken == "access-2")
        #expect(
            transport.forms == [
                ["grant_type": "refresh_token", "refresh_token": "refresh-1", "client_id": "example-client"]
            ])
        #expect(store.load()?.refreshToken == "refresh-2")
    }

    @Test func concurrentCallersShareOneRefresh() async throws {
        let transport = StubTransport { request, index in
            try await Task.sleep(for: .milliseconds(50))  // keep the refresh in flight while others arrive
            return StubTransport.token(index + 2, for: request)
        }
        let session = session(store: InMemoryTokenStore(token(1, seconds: 10)), transport: transport)
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 { group.addTask { try await session.validToken().accessToken } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(tokens) == ["access-2"])
        #expect(transport.requests.count == 1)
    }

    @Test func rejectionRefreshesOnlyWhenTheRejectedTokenIsCurrent() async throws {
        let transport = StubTransport { request, index in StubTransport.token(index + 2, for: request) }
        let session = session(store: InMemoryTokenStore(token(1)), transport: transport)
        #expect(try await session.token(afterRejectionOf: "access-1").accessToken == "access-2")
        // A request that carried the old token is retried with the new one, no second refresh.
        #expect(try await session.token(afterRejectionOf: "access-1").accessToken == "access-2")
        #expect(transport.requests.count == 1)
    }

    @Test func invalidGrantSignsOutAndClearsTheStore() async throws {
        let transport = StubTransport { request, _ in
            StubTransport.json(
                #"{"error":"invalid_grant","error_description":"revoked"}"#, status: 400, for: request)
        }
        let store = InMemoryTokenStore(token(1, seconds: 1))
        let session = session(store: store, transport: transport)
        await #expect {
            try await session.validToken()
        } throws: { ($0 as? OAuthError)?.isInvalidGrant == true }
        #expect(await session.state == .signedOut)
        #expect(store.load() == nil)
        await #expect {
            try await session.validToken()
        } throws: { error in
            if case OAuthError.notSignedIn = error { return true }
            return false
        }
    }

    @Test func networkFailureKeepsTheTokenAndFailsOnlyThatCall() async throws {
        let transport = StubTransport { request, index in
            if index == 0 { throw URLError(.notConnectedToInternet) }
            return StubTransport.token(2, for: request)
        }
        let store = InMemoryTokenStore(token(1, seconds: 1))
        let session = session(store: store, transport: transport)
        await #expect {
            try await session.validToken()
        } throws: { error in
            if case OAuthError.http(let http) = error { return http.isConnectivity }
            return false
        }
        #expect(await session.state == .authenticated)
        #expect(store.load()?.accessToken == "access-1")
        #expect(try await session.validToken().accessToken == "access-2")
    }

    @Test func tooManyRefreshesIsAnErrorNotALoop() async throws {
        // A server that issues tokens already expired: every call would refresh again.
        let transport = StubTransport { request, index in
            StubTransport.token(index + 2, expiresIn: 0, for: request)
        }
        let session = session(store: InMemoryTokenStore(token(1, seconds: 0)), transport: transport) {
            $0.maximumRefreshes = 3
            $0.refreshWindow = .seconds(60)
        }
        for _ in 0..<3 { _ = try await session.validToken() }
        await #expect {
            try await session.validToken()
        } throws: { error in
            if case OAuthError.tooManyRefreshes(let count, _) = error { return count == 3 }
            return false
        }
        #expect(transport.requests.count == 3)
        clock.advance(by: 61)  // the window has passed
        _ = try await session.validToken()
        #expect(transport.requests.count == 4)
    }

    @Test func newTokenIsStoredBeforeAnyoneGetsIt() async throws {
        let store = GatedStore(token(1, seconds: 1))
        let transport = StubTransport { request, _ in StubTransport.token(2, for: request) }
        let session = session(store: store, transport: transport)
        let first = Task { try await session.validToken() }
        await store.waitUntilSaveStarts()
        let second = Task { try await session.validToken() }
        // While the save is pending nobody may have the new token: the session is refreshing.
        #expect(await session.state == .refreshing)
        #expect(store.saved == nil)
        store.releaseSave()
        #expect(try await first.value.accessToken == "access-2")
        #expect(try await second.value.accessToken == "access-2")
        #expect(store.saved?.refreshToken == "refresh-2")
    }

    @Test func signOutDuringARefreshWins() async throws {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let transport = StubTransport { request, _ in
            if request.url.path.hasSuffix("revoke") { return StubTransport.json("", for: request) }
            for await _ in gate { break }  // the refresh answers only when the test says so
            return StubTransport.token(2, for: request)
        }
        let store = InMemoryTokenStore(token(1, seconds: 1))
        let session = session(store: store, transport: transport)
        let caller = Task { try await session.validToken() }
        while await session.state != .refreshing { await Task.yield() }
        try await session.signOut()
        open.yield()
        await #expect {
            try await caller.value
        } throws: { error in
            if case OAuthError.notSignedIn = error { return true }
            return false
        }
        #expect(await session.state == .signedOut)
        #expect(store.load() == nil)
    }

    @Test func stateStreamReportsTheLifecycle() async throws {
        let transport = StubTransport { request, index in
            request.url.path.hasSuffix("revoke")
                ? StubTransport.json("", for: request) : StubTransport.token(index + 1, for: request)
        }
        let session = session(transport: transport)
        let states = await session.stateUpdates()
        _ = try await session.signIn(with: .password(username: "alice", password: "pw"))
        _ = try await session.refresh()
        try await session.signOut()
        var seen: [AuthState] = []
        for await state in states {
            seen.append(state)
            if seen.count == 6 { break }
        }
        #expect(seen == [.signedOut, .signingIn, .authenticated, .refreshing, .authenticated, .signedOut])
        let forms = transport.forms
        #expect(forms.count == 4)
        #expect(forms[2]["token_type_hint"] == "refresh_token")
        #expect(forms[2]["token"] == "refresh-2")
        #expect(forms[3]["token_type_hint"] == "access_token")
    }

    @Test func expiredTokenWithoutRefreshTokenUsesTheRenewalGrant() async throws {
        let transport = StubTransport { request, _ in
            try RedditFixture.response("token_installed_client_200", url: request.url)
        }
        let appOnly = Token(accessToken: "old", expiresAt: clock.now)
        let session = session(store: InMemoryTokenStore(appOnly), transport: transport) {
            $0.renewalGrant = .custom(
                type: "https://oauth.reddit.com/grants/installed_client",
                parameters: ["device_id": "DO_NOT_TRACK_THIS_DEVICE"])
        }
        #expect(try await session.validToken().accessToken == "kAl4FxQQDvkAb1PKioniAuaXGZw")
        #expect(transport.forms.first?["grant_type"] == "https://oauth.reddit.com/grants/installed_client")

        let withoutRenewal = self.session(store: InMemoryTokenStore(appOnly), transport: transport)
        await #expect {
            try await withoutRenewal.validToken()
        } throws: { error in
            if case OAuthError.tokenExpired = error { return true }
            return false
        }
    }
}

/// A store whose save waits until the test releases it.
final class GatedStore: TokenStore {
    private struct State {
        var token: Token?
        var saved: Token?
        var saveStarted = false
        var release: CheckedContinuation<Void, Never>?
        var released = false
    }
    private let state: Mutex<State>

    init(_ token: Token?) { state = Mutex(State(token: token)) }

    var saved: Token? { state.withLock { $0.saved } }

    func load() -> Token? { state.withLock { $0.token } }
    func clear() { state.withLock { $0.token = nil } }

    func save(_ token: Token) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                state.saveStarted = true
                if state.released { return true }
                state.release = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        state.withLock {
            $0.token = token
            $0.saved = token
        }
    }

    func waitUntilSaveStarts() async {
        while !state.withLock({ $0.saveStarted }) { await Task.yield() }
    }

    func releaseSave() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released = true
            defer { state.release = nil }
            return state.release
        }
        continuation?.resume()
    }
}
