public import Foundation

extension OAuthSession {
    /// Starts an authorization-code sign-in: returns the URL to open (with a fresh `state` and
    /// PKCE challenge) and moves to ``AuthState/signingIn``. A later call replaces this one.
    public func beginSignIn() -> AuthorizationRequest {
        let request = AuthorizationRequest(configuration: configuration)
        machine.beginSignIn(request)
        publish()
        return request
    }

    /// Finishes the sign-in started by ``beginSignIn()`` with the redirect the browser was sent
    /// to: checks it, exchanges the code with the PKCE verifier and stores the token.
    ///
    /// - Throws: ``OAuthError/noSignInInProgress``, ``OAuthError/stateMismatch``,
    ///   ``OAuthError/accessDenied(description:)``, ``OAuthError/missingCode``, the token
    ///   endpoint's error, or ``OAuthError/store(_:)`` when the token cannot be saved. On any
    ///   error nothing is stored and the session is signed out; a token the server issued all the
    ///   same (the save failed, or the sign-in was cancelled or replaced meanwhile) is revoked
    ///   (RFC 7009, as best effort) before the error is thrown.
    @discardableResult
    public func completeSignIn(redirectURL: URL) async throws(OAuthError) -> Token {
        guard case .signingIn(let pending?) = machine.phase else { throw .noSignInInProgress }
        let generation = machine.generation
        let code: String
        do {
            code = try pending.code(from: redirectURL)
        } catch {
            failSignIn(generation: generation)
            throw error
        }
        return try await exchange(
            .authorizationCode(code: code, codeVerifier: pending.pkce.codeVerifier), generation: generation)
    }

    /// Signs in with a grant that needs no browser: client credentials, password, a custom grant
    /// (a provider's app-only grant), or an authorization code obtained elsewhere.
    ///
    /// - Throws: The token endpoint's error, ``OAuthError/store(_:)`` when the token cannot be
    ///   saved, or ``OAuthError/noSignInInProgress`` when another sign-in or a sign-out replaced
    ///   this one meanwhile; a token issued all the same is revoked first, as in
    ///   ``completeSignIn(redirectURL:)``.
    @discardableResult
    public func signIn(with grant: Grant) async throws(OAuthError) -> Token {
        machine.beginSignIn(nil)
        publish()
        return try await exchange(grant, generation: machine.generation)
    }

    /// Abandons a sign-in in progress; a stored token is not touched.
    public func cancelSignIn() async {
        guard case .signingIn = machine.phase else { return }
        machine.signedOut()
        publish()
    }

    /// Signs out. It always ends signed out in memory; then it revokes the refresh and access
    /// tokens at the server (RFC 7009; an unreachable or refusing server is not an error: the
    /// user asked to leave) and clears the store.
    ///
    /// - Throws: ``OAuthError/store(_:)`` when the store could not be cleared. The session is
    ///   signed out anyway and the tokens were revoked where the server allowed it. What a later
    ///   ``restore()`` finds then depends on the store:
    ///   - ``FileTokenStore`` that could not delete its file (a folder the process may not write
    ///     to, or one marked immutable) but may write the file: it overwrites the token in the file with a signed-out marker, and the error's
    ///     ``FileTokenStore/Failure/tokenOverwritten`` is true. Every later session, in this
    ///     process or a new one, restores signed out.
    ///   - ``FileTokenStore`` that could not overwrite the file either (a read-only file system, a
    ///     file that may not be written or is marked immutable or append-only): the file keeps
    ///     the token. Sessions of this process that read it treat it as signed out; a new process
    ///     restores it as authenticated. If the server revoked the token, that process's first
    ///     request is rejected, the refresh that follows fails with `invalid_grant`, and it signs
    ///     out; if the revocation did not reach the server, the token still works there.
    ///   - Other stores (`KeychainTokenStore`, your own): no fallback; as in the previous case.
    ///   - ``InMemoryTokenStore`` cannot fail to clear.
    public func signOut() async throws(OAuthError) {
        // An unreadable store holds no token to revoke; it is cleared below all the same.
        do { try await loadIfNeeded() } catch { machine.loaded(nil) }
        let token = machine.currentToken
        refreshTask = nil
        unsavedToken = nil
        machine.signedOut()
        publish()
        if let token { await revoke(token) }
        do {
            try await clearStore()
        } catch {
            if let token { rememberDead(token, storeFailure: error) }
            throw .store(error)
        }
    }

    /// Clears the store; a shared store under its lock, so that no other process's refresh
    /// writes in between (it re-reads the store under the lock and signs out too).
    private func clearStore() async throws {
        guard let shared = store as? any SharedTokenStore else { return try await store.clear() }
        let lock: TokenStoreLock
        do { lock = try await shared.lockExclusively() } catch { return try await store.clear() }
        defer { lock.unlock() }
        try await store.clear()
    }

    /// Revokes the refresh token, then the access token (RFC 7009), as best effort: the caller
    /// is done with the token whatever the server says (unreachable, refusing, no revocation
    /// endpoint configured).
    func revoke(_ token: Token) async {
        if let refresh = token.refreshToken { await revokeIgnoringFailure(refresh, hint: "refresh_token") }
        await revokeIgnoringFailure(token.accessToken, hint: "access_token")
    }

    private func revokeIgnoringFailure(_ token: String, hint: String) async {
        do { try await endpoint.revoke(token, hint: hint) } catch { return }
    }

    /// Gets the sign-in's token and saves it. A token the server issued that the session will not
    /// hold (it could not be saved, or the sign-in was cancelled or replaced meanwhile) is revoked
    /// before the error is thrown, so no grant is left at the server that nobody holds.
    private func exchange(_ grant: Grant, generation: Int) async throws(OAuthError) -> Token {
        let token: Token
        do {
            token = try await endpoint.token(for: grant, now: options.now)
        } catch {
            failSignIn(generation: generation)
            throw error
        }
        guard generation == machine.generation else {
            await revoke(token)
            throw .noSignInInProgress
        }
        do {
            try await store.save(token)
        } catch {
            failSignIn(generation: generation)
            await revoke(token)
            throw .store(error)
        }
        guard generation == machine.generation else {
            await discardSaved(token)
            throw .noSignInInProgress
        }
        machine.signedIn(token)
        publish()
        return token
    }

    /// Takes back a token that was saved for a sign-in cancelled or replaced during the save:
    /// revokes it, and removes it from the store unless a newer sign-in's token is there already.
    private func discardSaved(_ token: Token) async {
        await revoke(token)
        do {
            guard try await store.load() == token else { return }
            try await store.clear()
        } catch {
            rememberDead(token, storeFailure: error)
        }
    }

    /// Remembers `token` as dead for the rest of the process when `storeFailure` may have left it
    /// in the store. A token a ``FileTokenStore`` overwrote with its signed-out marker is
    /// unreadable to every process already.
    func rememberDead(_ token: Token, storeFailure: any Error) {
        guard (storeFailure as? FileTokenStore.Failure)?.tokenOverwritten != true else { return }
        DeadTokens.shared.insert(token)
    }

    private func failSignIn(generation: Int) {
        guard generation == machine.generation else { return }
        machine.signedOut()
        publish()
    }
}
