import Courier
import CourierFileSupport
import Foundation
import Testing

@testable import CourierOAuth

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What becomes of a grant, against django-oauth-toolkit with rotation and reuse protection,
/// when the token file cannot keep up: a sign-in that cannot be saved, a grant that dies while
/// its file cannot be cleared, a refreshed token that cannot be saved, and the restart after it.
///
/// A read-only disk is simulated through the store's file-operation seam (saving, deleting and
/// overwriting fail with EROFS), because the tests run as root and permission bits do not stop
/// root; a folder at the token path is real.
@Suite struct TokenLifecycleTests {
    /// The token file's store as on a read-only disk.
    private func readOnly(_ file: URL) -> FileTokenStore {
        FileTokenStore(fileURL: file, operations: .readOnlyDisk)
    }

    @Test func aSignInWhoseTokenCannotBeSavedRevokesTheGrant() async throws {
        let server = try OAuthServer()
        let file = try temporaryTokenFile("courier-lifecycle")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // A folder where the token file should be: the save fails.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let issued = IssuedTokens()
        let session = server.session(
            server.publicClient(), store: FileTokenStore(fileURL: file), tokenSeconds: 120, issued: issued)
        let authorization = await session.beginSignIn()
        let redirect = try await server.approve(authorization.url)

        await #expect {
            try await session.completeSignIn(redirectURL: redirect)
        } throws: { error in
            guard case OAuthError.store(let failure as FileTokenStore.Failure) = error else { return false }
            return failure.reason == "\(file.path) is a folder, not a file"
        }
        #expect(await session.state == .signedOut)

        // The server issued one grant, and the session revoked both of its tokens before failing.
        let token = try #require(issued.all.first)
        #expect(issued.all.count == 1)
        #expect(try await server.revocations() == ["refresh_token": 1, "access_token": 1])
        #expect(try await server.me(with: token.accessToken).isFailure(status: 401))
        #expect(try await server.acceptsRefresh(try #require(token.refreshToken)) == false)
    }

    @Test func aGrantRefusedWhileItsFileCannotBeClearedIsNotRestoredInThisProcess() async throws {
        let server = try OAuthServer()
        let file = try temporaryTokenFile("courier-lifecycle")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let token = try await server.signIn(
            server.session(server.publicClient(), store: FileTokenStore(fileURL: file), tokenSeconds: 120))

        // The user revokes the app at the provider; then the disk turns read-only.
        try await server.revoke(try #require(token.refreshToken), hint: "refresh_token")
        let session = server.session(server.publicClient(), store: readOnly(file))
        #expect(try await session.restore() == .authenticated)
        let events = await session.events()
        await #expect {
            try await session.refresh()
        } throws: { ($0 as? OAuthError)?.isInvalidGrant == true }
        #expect(await session.state == .signedOut)
        var iterator = events.makeAsyncIterator()
        guard case .storeFailed(.store(let failure as FileTokenStore.Failure))? = await iterator.next() else {
            Issue.record("the failed clear was not reported")
            return
        }
        #expect(!failure.tokenOverwritten)
        // The file still holds the dead token...
        #expect(try FileTokenStore(fileURL: file).load() == token)

        // ...and no later session of this process restores it or sends it.
        let statsBefore = try await server.tokenStats()
        let later = server.session(server.publicClient(), store: FileTokenStore(fileURL: file))
        #expect(try await later.restore() == .signedOut)
        await #expect {
            try await later.validToken()
        } throws: { error in
            if case OAuthError.notSignedIn = error { return true }
            return false
        }
        #expect(try await server.tokenStats() == statsBefore)
    }

    @Test func aRefreshedTokenThatCannotBeSavedIsNotUndoneByASecondSession() async throws {
        let server = try OAuthServer()
        let file = try temporaryTokenFile("courier-lifecycle")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let first = try await server.signIn(
            server.session(server.publicClient(), store: FileTokenStore(fileURL: file), tokenSeconds: 120))

        // A session on a read-only disk refreshes: the server rotates the grant, the new token
        // lives only in that session's memory, and the file keeps the rotated-away token.
        let holder = server.session(server.publicClient(), store: readOnly(file), tokenSeconds: 120)
        let second = try await holder.refresh()
        #expect(await holder.storeFailure != nil)
        #expect(try FileTokenStore(fileURL: file).load() == first)

        // A second session of this process reads the file. Sending its refresh token would reuse
        // a rotated one, and reuse protection would revoke the first session's token too; it
        // knows the token is dead instead and comes back signed out.
        let reader = server.session(server.publicClient(), store: FileTokenStore(fileURL: file))
        #expect(try await reader.restore() == .signedOut)
        #expect(try await server.tokenStats()["refresh_token:400"] == nil)
        #expect(try await server.me(with: second.accessToken).get() == "alice")
    }

    /// After a restart on a read-only disk: the file holds a token whose refresh token the first
    /// run rotated away (its new token could not be saved and died with the process). The first
    /// call sends the old refresh token, the server refuses it and, by reuse protection, revokes
    /// the whole family; the call fails in plain words.
    @Test func theFirstCallAfterARestartOnAReadOnlyDiskSaysWhatHappened() async throws {
        let server = try OAuthServer()
        let file = try temporaryTokenFile("courier-lifecycle")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let stale = try await server.signIn(
            server.session(server.publicClient(), store: FileTokenStore(fileURL: file), tokenSeconds: 120))
        // The first run: its refresh rotated the grant, and the new token was never saved (here it
        // lives in a store of its own, as it lived in that run's memory).
        let lost = try await server.session(server.publicClient(), store: InMemoryTokenStore(stale)).refresh()

        // The restart.
        let session = server.session(server.publicClient(), store: readOnly(file))
        let api = HTTPClient(baseURL: server.baseURL) { $0.interceptors = [OAuthInterceptor(session: session)] }
        do {
            _ = try await api.send(Request<Data>(path: "/api/me"))
            Issue.record("a call with a rotated-away token succeeded")
        } catch {
            guard case .signInEnded(let refusal, let storeFailure)? = error.oauthError else {
                Issue.record("expected signInEnded, got \(error)")
                return
            }
            #expect(refusal.code == .invalidGrant)
            #expect("\(try #require(storeFailure))".contains("Read-only file system"))
            #expect(error.oauthError?.isInvalidGrant == true)
            let text = error.description
            #expect(text.contains("the saved sign-in could not be updated because"), "\(text)")
            #expect(text.contains("\(file.path)") && text.contains("sign in again"), "\(text)")
            #expect(!text.contains("the token endpoint refused"), "\(text)")
        }
        #expect(await session.state == .signedOut)
        // One refused refresh, and reuse protection took the lost token with it.
        #expect(try await server.tokenStats()["refresh_token:400"] == 1)
        #expect(try await server.me(with: lost.accessToken).isFailure(status: 401))
        // A later session of this process does not try again.
        #expect(try await server.session(server.publicClient(), store: readOnly(file)).restore() == .signedOut)
    }
}

extension TokenFileOperations {
    /// What a read-only disk does to the token file: it cannot be saved, deleted or overwritten.
    static let readOnlyDisk = TokenFileOperations(
        remove: { _ in EROFS },
        overwrite: { _, _ in EROFS },
        save: { _, url throws(AtomicFileError) in
            throw .unwritable(path: url.deletingLastPathComponent().path, reason: String(cString: strerror(EROFS)))
        }
    )
}
