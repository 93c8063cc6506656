import Courier
import Foundation

/// The decisions of ``OAuthSession``, free of I/O: which token to hand out, when to refresh,
/// whether a refresh may start, and what a finished refresh leaves behind.
///
/// The session runs the actions (network, store, stream) and feeds the outcomes back.
struct SessionStateMachine {
    enum Phase: Equatable {
        /// The store has not been read yet.
        case unloaded
        case signedOut
        case signingIn(AuthorizationRequest?)
        case authenticated(Token)
        /// A refresh of this token is in flight.
        case refreshing(Token)
    }

    /// What a caller who wants a token should do.
    enum TokenAction: Equatable {
        /// Use this token.
        case use(Token)
        /// Start a refresh of this token (the machine is now `refreshing`).
        case startRefresh(Token)
        /// Wait for the refresh in flight.
        case join
        /// Fail with this error.
        case fail(OAuthError.Kind)
    }

    private(set) var phase: Phase = .unloaded
    /// Bumped by every sign-in and sign-out, so a refresh that finishes afterwards is ignored.
    private(set) var generation = 0
    private var refreshes: [Date] = []

    let refreshMargin: Duration
    let maximumRefreshes: Int
    let refreshWindow: Duration
    let canRenewWithoutRefreshToken: Bool

    init(refreshMargin: Duration, maximumRefreshes: Int, refreshWindow: Duration, canRenewWithoutRefreshToken: Bool) {
        self.refreshMargin = refreshMargin
        self.maximumRefreshes = maximumRefreshes
        self.refreshWindow = refreshWindow
        self.canRenewWithoutRefreshToken = canRenewWithoutRefreshToken
    }

    /// The state the stream shows.
    var authState: AuthState {
        switch phase {
        case .unloaded, .signedOut: .signedOut
        case .signingIn: .signingIn
        case .authenticated: .authenticated
        case .refreshing: .refreshing
        }
    }

    var currentToken: Token? {
        switch phase {
        case .authenticated(let token), .refreshing(let token): token
        default: nil
        }
    }

    mutating func loaded(_ token: Token?) {
        guard phase == .unloaded else { return }
        phase = token.map(Phase.authenticated) ?? .signedOut
    }

    mutating func beginSignIn(_ request: AuthorizationRequest?) {
        generation += 1
        phase = .signingIn(request)
    }

    mutating func signedIn(_ token: Token) {
        generation += 1
        refreshes.removeAll()
        phase = .authenticated(token)
    }

    /// Back to signed out (sign-out, failed sign-in, dead grant).
    mutating func signedOut() {
        generation += 1
        phase = .signedOut
    }

    /// A token for a caller, refreshing it when it expires within the margin.
    mutating func tokenForRequest(now: Date) -> TokenAction {
        switch phase {
        case .unloaded, .signedOut, .signingIn: return .fail(.notSignedIn)
        case .refreshing: return .join
        case .authenticated(let token):
            guard token.isExpired(at: now, margin: refreshMargin) else { return .use(token) }
            return startRefresh(of: token, now: now)
        }
    }

    /// A token after the server rejected `rejected`: a refresh only if it is still the current
    /// token; otherwise the current one (someone else refreshed already).
    mutating func tokenAfterRejection(of rejected: String, now: Date) -> TokenAction {
        switch phase {
        case .unloaded, .signedOut, .signingIn: return .fail(.notSignedIn)
        case .refreshing: return .join
        case .authenticated(let token):
            guard token.accessToken == rejected else { return .use(token) }
            return startRefresh(of: token, now: now)
        }
    }

    /// Starts a refresh now whatever the expiry (an explicit `refresh()`).
    mutating func forcedRefresh(now: Date) -> TokenAction {
        switch phase {
        case .unloaded, .signedOut, .signingIn: return .fail(.notSignedIn)
        case .refreshing: return .join
        case .authenticated(let token): return startRefresh(of: token, now: now)
        }
    }

    private mutating func startRefresh(of token: Token, now: Date) -> TokenAction {
        guard token.refreshToken != nil || canRenewWithoutRefreshToken else { return .fail(.tokenExpired) }
        let windowStart = now.addingTimeInterval(-refreshWindow.timeInterval)
        refreshes.removeAll { $0 < windowStart }
        guard refreshes.count < maximumRefreshes else { return .fail(.tooManyRefreshes) }
        refreshes.append(now)
        phase = .refreshing(token)
        return .startRefresh(token)
    }

    /// Whether a refresh started in `generation` may still store its result (no sign-in or
    /// sign-out happened since).
    func isCurrent(_ started: Int) -> Bool { started == generation }

    /// What a refresh attempt produced, as the session reports it back.
    enum RefreshResult {
        /// The token endpoint issued `token`; `storeFailure` is set when it could not be saved.
        case refreshed(Token, storeFailure: OAuthError?)
        /// Another session or process had already refreshed: the store held this newer token.
        case adoptedStored(Token)
        /// The shared store no longer holds a token: another process signed out.
        case storeSignedOut
        /// The server refused to renew `token` with `invalid_grant`: the grant is dead.
        case refused(OAuthError.ServerError, token: Token)
        /// The refresh failed.
        case failed(OAuthError)
    }

    /// What the session does after a refresh; the machine has already moved to its phase.
    enum RefreshOutcome {
        /// Hand out `token` (it is stored).
        case adopt(Token)
        /// Hand out `token`, which lives only in memory: keep retrying the store, report `error`.
        case adoptUnsaved(Token, error: OAuthError)
        /// The user is signed out: fail with `error`, and clear the store when `clearStore`.
        case signOut(error: OAuthError, clearStore: Bool)
        /// A transient failure: the old token stays; fail this refresh's callers with `error`.
        case keep(error: OAuthError)
        /// A sign-in or sign-out happened meanwhile: drop the result, fail with `notSignedIn`.
        case stale
    }

    mutating func refreshFinished(_ result: RefreshResult, generation started: Int) -> RefreshOutcome {
        guard started == generation, case .refreshing(let old) = phase else { return .stale }
        switch result {
        case .refreshed(let token, nil), .adoptedStored(let token):
            phase = .authenticated(token)
            return .adopt(token)
        case .refreshed(let token, let storeFailure?):
            phase = .authenticated(token)
            return .adoptUnsaved(token, error: storeFailure)
        case .storeSignedOut:
            signedOut()
            return .signOut(error: .notSignedIn, clearStore: false)
        case .refused(let refusal, _):
            signedOut()
            return .signOut(error: .server(refusal), clearStore: true)
        case .failed(let error) where error.isInvalidGrant:
            signedOut()
            return .signOut(error: error, clearStore: true)
        case .failed(let error):
            phase = .authenticated(old)
            return .keep(error: error)
        }
    }
}

extension OAuthError {
    /// The payload-free cases the state machine decides on.
    enum Kind: Equatable {
        case notSignedIn, tokenExpired, tooManyRefreshes
    }
}
