import Synchronization

/// Keeps a ``Token`` between launches. ``OAuthSession`` is the only writer.
///
/// Implementations: ``InMemoryTokenStore``, ``FileTokenStore`` (a ``SharedTokenStore``, safe
/// for several processes), and `KeychainTokenStore` on Apple platforms. Each method throws when
/// the storage fails; a missing token is `nil`, never an error.
public protocol TokenStore: Sendable {
    /// The stored token, or nil when there is none.
    func load() async throws -> Token?
    /// Replaces the stored token.
    func save(_ token: Token) async throws
    /// Removes the stored token, if any. When this throws after a sign-out or a refused refresh,
    /// ``OAuthSession`` refuses the token in the same process only; a store that can make the
    /// token unreadable some other way should do so before throwing (``FileTokenStore``
    /// overwrites it).
    func clear() async throws
}

/// A store that forgets the token when the process ends.
///
/// It lives in one process and is not a ``SharedTokenStore``: one ``OAuthSession`` on it refreshes
/// single-flight by itself; two sessions on one in-memory store do not coordinate.
public final class InMemoryTokenStore: TokenStore {
    private let token: Mutex<Token?>

    /// Creates a store holding `token`.
    public init(_ token: Token? = nil) {
        self.token = Mutex(token)
    }

    /// The token held.
    public func load() -> Token? { token.withLock { $0 } }
    /// Holds `token`.
    public func save(_ token: Token) { self.token.withLock { $0 = token } }
    /// Forgets the token.
    public func clear() { token.withLock { $0 = nil } }
}
