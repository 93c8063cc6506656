public import Courier
public import Foundation

/// The one owner of a user's token: signs in, hands out valid tokens, refreshes them once for
/// all callers, and signs out.
///
/// ```swift
/// let session = OAuthSession(configuration: configuration,
///                            store: try FileTokenStore(application: "my-app"))
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
/// - `invalid_grant` signs the user out and clears the store, and the refresh's callers fail with
///   ``OAuthError/signInEnded(_:storeFailure:)``; any other failure keeps the token and fails
///   only the callers of that refresh.
/// - A new token is saved to the store before anyone is given its access token. When the save
///   fails, the new token is still used (the server has rotated the old one away, it cannot be
///   taken back): it lives in memory, ``storeFailure`` says so, ``events()`` reports
///   ``Event/storeFailed(_:)``, and every ``validToken()`` retries the save until it succeeds
///   (``Event/storeRecovered``). If the process ends first, the store still holds the old token,
///   and the next launch's first refresh fails with `invalid_grant`: the user signs in again (the
///   catalog's "When the store fails" tells the whole story).
/// - A token the process knows is dead (signed out, refused with `invalid_grant`, or rotated away
///   by a refresh whose new token could not be saved) is never restored from a store that still
///   holds it, by any session of the process, and its refresh token is never sent again.
/// - On a ``SharedTokenStore`` (``FileTokenStore``) a refresh is single-flight across processes:
///   it runs under the store's lock, re-reads the store, and adopts a token another process
///   refreshed meanwhile.
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
        /// (`.clientCredentials`, or a provider's app-only grant); nil means such a token
        /// cannot be renewed.
        public var renewalGrant: Grant?
        /// A grant that needs no user (`.clientCredentials`, a provider's app-only grant): when
        /// nobody is signed in, ``OAuthSession/validToken()`` signs in with it instead of failing
        /// with ``OAuthError/notSignedIn``. Nil (the default) never signs in by itself.
        public var automaticSignInGrant: Grant?
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
    var automaticSignInTask: Task<Result<Token, OAuthError>, Never>?
    /// The current token when the store failed to save it; nil when the store is up to date.
    var unsavedToken: Token?
    /// The last store failure, for ``storeFailure``.
    var lastStoreError: OAuthError?
    private var eventObservers: [UInt64: AsyncStream<Event>.Continuation] = [:]
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

    // MARK: Store events

    /// Something the session could not do with its store, reported without failing a request.
    public enum Event: Sendable {
        /// The store failed (saving a refreshed token, clearing after the grant died); with a
        /// refreshed token the session keeps using it from memory and retries the save.
        case storeFailed(OAuthError)
        /// A token that could not be saved earlier has now been saved.
        case storeRecovered
    }

    /// Store failures and recoveries from now on, until the stream's consumer stops.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let id = nextObserverID
        nextObserverID += 1
        eventObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeEventObserver(id) }
        }
        return stream
    }

    private func removeEventObserver(_ id: UInt64) { eventObservers[id] = nil }

    func report(_ event: Event) {
        if case .storeFailed(let error) = event { lastStoreError = error }
        for continuation in eventObservers.values { continuation.yield(event) }
    }

    /// Why the current token is not in the store, or nil when the store holds it: the error of
    /// the last failed save (retried by every ``validToken()``).
    public var storeFailure: OAuthError? {
        guard let unsavedToken, machine.currentToken == unsavedToken else { return nil }
        return lastStoreError
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
        // A token this process knows is dead is never restored (see DeadTokens).
        machine.loaded(token.flatMap { DeadTokens.shared.contains($0) ? nil : $0 })
        publish()
    }
}
