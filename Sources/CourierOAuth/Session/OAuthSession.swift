public import Courier
public import Foundation

/// The one owner of a user's token: signs in, hands out valid tokens, refreshes them once for
/// all callers, and signs out.
///
/// ```swift
/// let session = OAuthSession(configuration: .reddit(clientID: "…", redirectURI: callback),
///                            store: try FileTokenStore(appName: "reddit"))
/// let request = await session.beginSignIn()
/// open(request.url)                                     // the user approves in the browser
/// try await session.completeSignIn(redirectURL: url)    // checks state, exchanges the code
/// let api = HTTPClient(baseURL: apiURL) { $0.interceptors = [OAuthInterceptor(session: session)] }
/// ```
///
/// Refreshing follows these rules:
/// - ``validToken()`` refreshes a token that expires within ``Options/refreshMargin``.
/// - Concurrent callers share one refresh: with refresh-token rotation, a second refresh would
///   reuse a dead refresh token and, on servers with reuse protection, sign the user out.
/// - ``token(afterRejectionOf:)`` refreshes only if the rejected token is still the current one.
/// - More than ``Options/maximumRefreshes`` within ``Options/refreshWindow`` fails with
///   ``OAuthError/tooManyRefreshes(count:window:)`` instead of looping.
/// - `invalid_grant` signs the user out and clears the store; any other failure keeps the token
///   and fails only the callers of that refresh.
/// - A new token is saved to the store before anyone is given its access token.
public actor OAuthSession {
    /// How the session refreshes tokens.
    public struct Options: Sendable {
        /// How long before expiry a token is refreshed (default 60 s). Keep it well under the
        /// server's token lifetime, or every request refreshes until the refresh limit stops it.
        public var refreshMargin: Duration = .seconds(60)
        /// How many refreshes ``refreshWindow`` allows (default 5).
        public var maximumRefreshes = 5
        /// The window for ``maximumRefreshes`` (default 60 s).
        public var refreshWindow: Duration = .seconds(60)
        /// A grant that gets a new token when the token has no refresh token
        /// (`.clientCredentials`, Reddit's installed-client grant); nil means such a token
        /// cannot be renewed.
        public var renewalGrant: Grant?
        /// The current time; inject a fixed or manual clock in tests.
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults.
        public init() {}
    }

    /// The configuration the session signs in with.
    public nonisolated let configuration: OAuthConfiguration
    let endpoint: TokenEndpoint
    let store: any TokenStore
    let options: Options
    var machine: SessionStateMachine
    var refreshTask: Task<Result<Token, OAuthError>, Never>?
    private var observers: [UInt64: AsyncStream<AuthState>.Continuation] = [:]
    private var nextObserverID: UInt64 = 0
    private var lastEmitted: AuthState?

    /// Creates a session; the stored token is read on first use (or by ``restore()``).
    ///
    /// - Parameters:
    ///   - configuration: The authorization server and client.
    ///   - store: Where the token is kept between launches (in memory unless given).
    ///   - client: Sends token, revocation and authorization requests (a plain client unless
    ///     given; do not put this session's ``OAuthInterceptor`` in it).
    ///   - options: Refresh margin, limits, renewal grant and clock.
    public init(
        configuration: OAuthConfiguration,
        store: any TokenStore = InMemoryTokenStore(),
        client: HTTPClient = HTTPClient(baseURL: nil),
        options: Options = Options()
    ) {
        self.configuration = configuration
        self.endpoint = TokenEndpoint(configuration: configuration, client: client)
        self.store = store
        self.options = options
        self.machine = SessionStateMachine(
            refreshMargin: options.refreshMargin,
            maximumRefreshes: options.maximumRefreshes,
            refreshWindow: options.refreshWindow,
            canRenewWithoutRefreshToken: options.renewalGrant != nil
        )
    }

    // MARK: State

    /// The current state (``AuthState/signedOut`` until the store has been read).
    public var state: AuthState { machine.authState }

    /// The state now, then every change, until the stream's consumer stops.
    public func stateUpdates() -> AsyncStream<AuthState> {
        let (stream, continuation) = AsyncStream.makeStream(of: AuthState.self, bufferingPolicy: .unbounded)
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = continuation
        continuation.yield(machine.authState)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    private func removeObserver(_ id: UInt64) { observers[id] = nil }

    /// Tells observers about a state change (once per distinct state).
    func publish() {
        let state = machine.authState
        guard state != lastEmitted else { return }
        lastEmitted = state
        for continuation in observers.values { continuation.yield(state) }
    }

    /// Reads the stored token, if not done yet, and returns the resulting state.
    @discardableResult
    public func restore() async throws(OAuthError) -> AuthState {
        try await loadIfNeeded()
        return machine.authState
    }

    /// Reads the store once. Two callers may both read it; the first result wins, and a
    /// sign-in that happened meanwhile is never overwritten.
    func loadIfNeeded() async throws(OAuthError) {
        guard machine.phase == .unloaded else { return }
        let token: Token?
        do {
            token = try await store.load()
        } catch {
            throw .store(error)
        }
        machine.loaded(token)
        publish()
    }
}
