import Synchronization

/// A ``TokenStore`` that several processes may share safely: it has an exclusive lock that
/// ``OAuthSession`` holds while it refreshes.
///
/// Under the lock the session re-reads the stored token. When another process has refreshed
/// meanwhile, the session adopts that token instead of sending its own, already rotated-away
/// refresh token (on a server with reuse protection that would revoke the whole token family and
/// sign both processes out). Only when the stored token is still the stale one does it refresh,
/// then it saves the new token and unlocks. So a refresh is single-flight across processes, as
/// it is across the tasks of one session.
///
/// Which stores can be shared:
/// - ``FileTokenStore``: yes, with an advisory `flock(2)` lock on `<token file>.lock`.
/// - ``InMemoryTokenStore``: not a `SharedTokenStore`; it lives in one process, and one session
///   on it refreshes single-flight by itself. Two sessions on one in-memory store do not
///   coordinate: give each process or component one session.
/// - `KeychainTokenStore`: not a `SharedTokenStore`; the Keychain has no lock that two processes
///   (an app and its extension) can hold across a network call. Let one of them refresh, or
///   share a ``FileTokenStore`` in an app-group container instead.
public protocol SharedTokenStore: TokenStore {
    /// Waits for the store's exclusive lock and takes it. The session calls ``TokenStoreLock/unlock()``
    /// when done; the lock is also released if the process ends.
    func lockExclusively() async throws -> TokenStoreLock
}

/// A held store lock; release it with ``unlock()`` (a second call does nothing).
public final class TokenStoreLock: Sendable {
    private let release: Mutex<(@Sendable () -> Void)?>

    /// A lock released by `release`.
    public init(release: @escaping @Sendable () -> Void) {
        self.release = Mutex(release)
    }

    /// Releases the lock.
    public func unlock() {
        let release = self.release.withLock { current -> (@Sendable () -> Void)? in
            defer { current = nil }
            return current
        }
        release?()
    }

    deinit { unlock() }
}
