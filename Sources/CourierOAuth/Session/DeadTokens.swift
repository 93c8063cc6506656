import Foundation
import Synchronization

/// Tokens this process knows are dead while a store may still hold them, so that no
/// ``OAuthSession`` of the process restores one as signed in, whichever way it died:
/// - signed out, when the store could not be cleared;
/// - refused by the server (`invalid_grant`), when the store could not be cleared;
/// - rotated away by a refresh whose new token could not be saved (the store keeps the old one,
///   and sending its refresh token again would be reuse: on a server with reuse protection, that
///   revokes the new token too).
///
/// A token is dead here when its access token or its refresh token is one of these. Only
/// SHA-256 fingerprints are kept, not the tokens. This covers one process; across processes,
/// ``FileTokenStore/clear()`` overwrites a token it cannot delete with a signed-out marker, and
/// where it cannot do that either, the next process finds out from the server (see
/// ``OAuthError/signInEnded(_:storeFailure:)``).
final class DeadTokens: Sendable {
    static let shared = DeadTokens()
    /// Enough for every sign-in a process sees; the oldest are forgotten first.
    private static let capacity = 256
    private let fingerprints = Mutex<[String]>([])

    func insert(_ token: Token) {
        let prints = Self.fingerprints(of: token)
        fingerprints.withLock { known in
            known.append(contentsOf: prints.filter { !known.contains($0) })
            if known.count > Self.capacity { known.removeFirst(known.count - Self.capacity) }
        }
    }

    func contains(_ token: Token) -> Bool {
        let prints = Self.fingerprints(of: token)
        return fingerprints.withLock { known in prints.contains { known.contains($0) } }
    }

    private static func fingerprints(of token: Token) -> [String] {
        var prints = ["access:" + SHA256Digest.hex(Data(token.accessToken.utf8))]
        if let refresh = token.refreshToken { prints.append("refresh:" + SHA256Digest.hex(Data(refresh.utf8))) }
        return prints
    }
}
