import Foundation

extension OAuthSession {
    /// A token that is valid for at least ``Options/refreshMargin``, refreshing first when
    /// needed. Callers that arrive during a refresh wait for it and share its result.
    ///
    /// - Throws: ``OAuthError/notSignedIn``, ``OAuthError/tooManyRefreshes(count:window:)``,
    ///   ``OAuthError/tokenExpired``, or the refresh's error.
    public func validToken() async throws(OAuthError) -> Token {
        try await loadIfNeeded()
        return try await run(machine.tokenForRequest(now: options.now()))
    }

    /// The token to retry with after the server rejected `accessToken` (a 401): a refresh only
    /// if `accessToken` is still the current token, otherwise the token that replaced it.
    public func token(afterRejectionOf accessToken: String) async throws(OAuthError) -> Token {
        try await loadIfNeeded()
        return try await run(machine.tokenAfterRejection(of: accessToken, now: options.now()))
    }

    /// Refreshes now, whatever the expiry (or joins the refresh in flight).
    @discardableResult
    public func refresh() async throws(OAuthError) -> Token {
        try await loadIfNeeded()
        return try await run(machine.forcedRefresh(now: options.now()))
    }

    private func run(_ action: SessionStateMachine.TokenAction) async throws(OAuthError) -> Token {
        switch action {
        case .use(let token):
            return token
        case .fail(.notSignedIn):
            throw .notSignedIn
        case .fail(.tokenExpired):
            throw .tokenExpired
        case .fail(.tooManyRefreshes):
            throw .tooManyRefreshes(count: options.maximumRefreshes, window: options.refreshWindow)
        case .startRefresh(let token):
            publish()
            let generation = machine.generation
            let task = Task { await self.performRefresh(of: token, generation: generation) }
            refreshTask = task
            return try await task.value.get()
        case .join:
            guard let task = refreshTask else { throw .notSignedIn }
            return try await task.value.get()
        }
    }

    /// Runs one refresh; its task is shared by every caller that joins.
    private func performRefresh(of old: Token, generation: Int) async -> Result<Token, OAuthError> {
        guard let grant = old.refreshToken.map(Grant.refreshToken) ?? options.renewalGrant else {
            return finish(.failure(.tokenExpired), generation: generation)
        }
        var fresh: Token
        do {
            fresh = try await endpoint.token(for: grant, now: options.now)
        } catch {
            let result = finish(.failure(error), generation: generation)
            if case .failure(let error) = result, error.isInvalidGrant {
                try? await store.clear()
            }
            return result
        }
        // RFC 6749 §6: a server that does not rotate keeps the old refresh token valid.
        if fresh.refreshToken == nil, case .refreshToken = grant { fresh.refreshToken = old.refreshToken }
        guard generation == machine.generation else { return .failure(.notSignedIn) }
        // Stored before anyone sees it: the old refresh token may already be dead.
        var storeError: OAuthError?
        do { try await store.save(fresh) } catch { storeError = .store(error) }
        let result = finish(.success(fresh), generation: generation)
        if let storeError, case .success = result { return .failure(storeError) }
        return result
    }

    private func finish(_ result: Result<Token, OAuthError>, generation: Int) -> Result<Token, OAuthError> {
        switch machine.refreshFinished(result, generation: generation) {
        case .stale:
            return .failure(.notSignedIn)
        case .adopt, .keep, .signOut:
            refreshTask = nil
            publish()
            return result
        }
    }
}
