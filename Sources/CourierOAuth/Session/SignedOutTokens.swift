import Synchronization

/// Tokens signed out in this process whose store could not be cleared: a later ``OAuthSession``
/// that reads one of them from its store treats the store as empty instead of coming back
/// authenticated with a token it knows is revoked. This covers one process only; across
/// processes, ``FileTokenStore/clear()`` overwrites an undeletable token with a signed-out marker.
final class SignedOutTokens: Sendable {
    static let shared = SignedOutTokens()
    private let tokens = Mutex<[Token]>([])

    func insert(_ token: Token) {
        tokens.withLock { tokens in
            tokens.append(token)
            if tokens.count > 64 { tokens.removeFirst(tokens.count - 64) }
        }
    }

    func contains(_ token: Token) -> Bool {
        tokens.withLock { tokens in
            tokens.contains {
                $0.accessToken == token.accessToken || ($0.refreshToken != nil && $0.refreshToken == token.refreshToken)
            }
        }
    }
}
