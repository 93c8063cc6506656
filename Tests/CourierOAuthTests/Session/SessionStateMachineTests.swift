import Courier
import Foundation
import Testing

@testable import CourierOAuth

/// The state machine decides what a finished refresh means; the session only executes it.
@Suite struct SessionStateMachineTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let old = Token(
        accessToken: "access-1", refreshToken: "refresh-1", expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
    private let new = Token(accessToken: "access-2", refreshToken: "refresh-2")

    /// A machine refreshing `old`, and the generation the refresh started in.
    private func refreshing() -> (SessionStateMachine, Int) {
        var machine = SessionStateMachine(
            refreshMargin: .zero, maximumRefreshes: 5, refreshWindow: .seconds(60), canRenewWithoutRefreshToken: false)
        machine.loaded(old)
        #expect(machine.tokenForRequest(now: now) == .startRefresh(old))
        return (machine, machine.generation)
    }

    @Test func aSavedTokenIsAdopted() {
        var (machine, generation) = refreshing()
        guard
            case .adopt(let token) = machine.refreshFinished(.refreshed(new, storeFailure: nil), generation: generation)
        else {
            Issue.record("not adopted")
            return
        }
        #expect(token == new && machine.currentToken == new)
    }

    @Test func anUnsavedTokenIsAdoptedAndReported() {
        var (machine, generation) = refreshing()
        let outcome = machine.refreshFinished(
            .refreshed(new, storeFailure: .store(CancellationError())), generation: generation)
        guard case .adoptUnsaved(let token, .store) = outcome else {
            Issue.record("not adopted as unsaved")
            return
        }
        #expect(token == new && machine.authState == .authenticated)
    }

    @Test func aTokenAnotherProcessStoredIsAdopted() {
        var (machine, generation) = refreshing()
        guard case .adopt(new) = machine.refreshFinished(.adoptedStored(new), generation: generation) else {
            Issue.record("not adopted")
            return
        }
    }

    @Test func aDeadGrantSignsOutAndClearsTheStore() {
        var (machine, generation) = refreshing()
        let dead = OAuthError.server(.init(code: .invalidGrant, statusCode: 400))
        guard case .signOut(_, clearStore: true) = machine.refreshFinished(.failed(dead), generation: generation) else {
            Issue.record("not signed out")
            return
        }
        #expect(machine.authState == .signedOut)
    }

    @Test func aStoreEmptiedByAnotherProcessSignsOutWithoutClearing() {
        var (machine, generation) = refreshing()
        guard
            case .signOut(.notSignedIn, clearStore: false) = machine.refreshFinished(
                .storeSignedOut, generation: generation)
        else {
            Issue.record("not signed out")
            return
        }
        #expect(machine.authState == .signedOut)
    }

    @Test func aTransientFailureKeepsTheOldToken() {
        var (machine, generation) = refreshing()
        let failure = OAuthError.http(
            HTTPError(.unacceptableStatus(503), method: .post, url: URL(string: "https://x")!))
        guard case .keep(.http) = machine.refreshFinished(.failed(failure), generation: generation) else {
            Issue.record("not kept")
            return
        }
        #expect(machine.currentToken == old && machine.authState == .authenticated)
    }

    @Test func aResultAfterSignOutIsStale() {
        var (machine, generation) = refreshing()
        machine.signedOut()
        guard case .stale = machine.refreshFinished(.refreshed(new, storeFailure: nil), generation: generation) else {
            Issue.record("not stale")
            return
        }
        #expect(machine.authState == .signedOut)
    }
}
