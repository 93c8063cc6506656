import Foundation

extension OAuthSession {
    /// A token that is valid for at least ``Options/refreshMargin``, refreshing first when
    /// needed. Callers that arrive during a refresh wait for it and share its result. When nobody
    /// is signed in and ``Options/automaticSignInGrant`` is set, it signs in with that grant first.
    ///
    /// - Throws: ``OAuthError/notSignedIn``, ``OAuthError/tooManyRefreshes(count:window:)``,
    ///   ``OAuthError/tokenExpired``, or the refresh's error.
    public func validToken() async throws(OAuthError) -> Token {
        try await loadIfNeeded()
        await retryUnsavedToken()
        if let grant = options.automaticSignInGrant, automaticSignInTask != nil || machine.authState == .signedOut {
            return try await automaticSignIn(with: grant)
        }
        return try await run(machine.tokenForRequest(now: options.now()))
    }

    /// The token to retry with after the server rejected `accessToken` (a 401): a refresh only
    /// if `accessToken` is still the current token, otherwise the token that replaced it.
    public func token(afterRejectionOf accessToken: String) async throws(OAuthError) -> Token {
        try await loadIfNeeded()
        return try await run(machine.tokenAfterRejection(of: accessToken, now: options.now()))
    }

    /// Refreshes now, whatever the expiry (or joins the refresh in flight). On a shared store a
    /// token another process refreshed meanwhile is adopted instead.
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

    /// Signs in with the automatic grant once for all callers that find the session signed out.
    private func automaticSignIn(with grant: Grant) async throws(OAuthError) -> Token {
        if let task = automaticSignInTask { return try await task.value.get() }
        let task = Task { () -> Result<Token, OAuthError> in
            do throws(OAuthError) { return .success(try await self.signIn(with: grant)) } catch {
                return .failure(error)
            }
        }
        automaticSignInTask = task
        defer { automaticSignInTask = nil }
        return try await task.value.get()
    }

    /// Runs one refresh; its task is shared by every caller that joins. The state machine decides
    /// what the result means; this executes it.
    private func performRefresh(of old: Token, generation: Int) async -> Result<Token, OAuthError> {
        let result = await obtainToken(replacing: old, generation: generation)
        var refused = old
        if case .refused(_, let token) = result { refused = token }
        switch machine.refreshFinished(result, generation: generation) {
        case .stale:
            return .failure(.notSignedIn)
        case .adopt(let token):
            refreshTask = nil
            unsavedToken = nil
            publish()
            return .success(token)
        case .adoptUnsaved(let token, let error):
            refreshTask = nil
            unsavedToken = token
            publish()
            report(.storeFailed(error))
            return .success(token)
        case .signOut(let error, let clearStore):
            refreshTask = nil
            unsavedToken = nil
            publish()
            guard clearStore else { return .failure(error) }
            let storeFailure = await self.clearStore(afterRefusalOf: refused)
            guard case .server(let refusal) = error else { return .failure(error) }
            return .failure(.signInEnded(refusal, storeFailure: storeFailure))
        case .keep(let error):
            refreshTask = nil
            publish()
            return .failure(error)
        }
    }

    /// Gets the token that replaces `old`. On a ``SharedTokenStore`` this happens under the
    /// store's lock: the stored token is re-read and adopted when another process refreshed
    /// meanwhile; the token endpoint is asked only when the stored token is still stale.
    private func obtainToken(replacing old: Token, generation: Int) async -> SessionStateMachine.RefreshResult {
        // A token that only lives in memory is newer than anything stored: do not re-read.
        guard let shared = store as? any SharedTokenStore, unsavedToken == nil else {
            return await refreshAndSave(old, generation: generation)
        }
        let lock: TokenStoreLock
        do {
            lock = try await shared.lockExclusively()
        } catch {
            // No lock (a read-only folder, say): refresh all the same rather than strand the
            // user, and say so; the save will most likely fail too and be reported.
            report(.storeFailed(.store(error)))
            return await refreshAndSave(old, generation: generation)
        }
        defer { lock.unlock() }
        let stored: Token?
        do { stored = try await store.load() } catch { return .failed(.store(error)) }
        // Empty, or a token this process knows is dead: as good as signed out.
        guard let stored, !DeadTokens.shared.contains(stored) else { return .storeSignedOut }
        guard stored != old else { return await refreshAndSave(old, generation: generation) }
        if !stored.isExpired(at: options.now(), margin: options.refreshMargin) { return .adoptedStored(stored) }
        return await refreshAndSave(stored, generation: generation)
    }

    /// Sends the refresh (or renewal) grant for `base` and saves the new token before anyone
    /// is given it.
    private func refreshAndSave(_ base: Token, generation: Int) async -> SessionStateMachine.RefreshResult {
        // Another session of this process learned that the token is dead: sending its refresh
        // token would only be refused (or count as reuse) and sign out the session that holds
        // its successor.
        guard !DeadTokens.shared.contains(base) else { return .storeSignedOut }
        guard let grant = base.refreshToken.map(Grant.refreshToken) ?? options.renewalGrant else {
            return .failed(.tokenExpired)
        }
        var fresh: Token
        do {
            fresh = try await endpoint.token(for: grant, now: options.now)
        } catch {
            if case .server(let refusal) = error, error.isInvalidGrant { return .refused(refusal, token: base) }
            return .failed(error)
        }
        // RFC 6749 §6: a server that does not rotate keeps the old refresh token valid.
        if fresh.refreshToken == nil, case .refreshToken = grant { fresh.refreshToken = base.refreshToken }
        // Signed out or in again meanwhile: storing would bring back what the user left.
        guard machine.isCurrent(generation) else { return .failed(.notSignedIn) }
        do {
            try await store.save(fresh)
        } catch {
            // The store keeps `base`, whose refresh token the server has just rotated away; no
            // other session of this process may restore it (see DeadTokens).
            if fresh.refreshToken != base.refreshToken { DeadTokens.shared.insert(base) }
            return .refreshed(fresh, storeFailure: .store(error))
        }
        return .refreshed(fresh, storeFailure: nil)
    }

    /// Saves a token that a failed store left only in memory, once per call while it fails.
    func retryUnsavedToken() async {
        guard let token = unsavedToken, machine.currentToken == token else { return }
        do {
            try await store.save(token)
            unsavedToken = nil
            report(.storeRecovered)
        } catch {
            report(.storeFailed(.store(error)))
        }
    }

    /// Clears the store after the server refused `token`. A failure is reported as an event, the
    /// token is remembered as dead for the rest of the process, and the failure is returned for
    /// the caller's error (``OAuthError/signInEnded(_:storeFailure:)``).
    private func clearStore(afterRefusalOf token: Token) async -> (any Error)? {
        do {
            try await store.clear()
            return nil
        } catch {
            report(.storeFailed(.store(error)))
            rememberDead(token, storeFailure: error)
            return error
        }
    }
}
