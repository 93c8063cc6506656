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

    /// What is left after the refresh started in `generation` finished.
    enum RefreshOutcome: Equatable {
        /// Store and hand out the new token.
        case adopt(Token)
        /// The grant is dead: the user is signed out; clear the store.
        case signOut
        /// A transient failure: the old token stays.
        case keep
        /// A sign-in or sign-out happened meanwhile: drop the result.
        case stale
    }

    mutating func refreshFinished(_ result: Result<Token, OAuthError>, generation started: Int) -> RefreshOutcome {
        guard started == generation, case .refreshing(let old) = phase else { return .stale }
        switch result {
        case .success(let token):
            phase = .authenticated(token)
            return .adopt(token)
        case .failure(let error) where error.isInvalidGrant:
            signedOut()
            return .signOut
        case .failure:
            phase = .authenticated(old)
            return .keep
        }
    }
}

extension OAuthError {
    /// The payload-free cases the state machine decides on.
    enum Kind: Equatable {
        case notSignedIn, tokenExpired, tooManyRefreshes
    }
}
