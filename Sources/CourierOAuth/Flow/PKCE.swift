import Courier
import Foundation

/// A PKCE pair (RFC 7636) with the S256 method, the only one this library sends.
public struct PKCE: Sendable, Hashable {
    /// The secret verifier, sent with the code exchange.
    public let codeVerifier: String
    /// `BASE64URL(SHA256(verifier))`, sent in the authorization URL.
    public let codeChallenge: String
    /// Always `S256`.
    public var codeChallengeMethod: String { "S256" }

    /// A new pair with a 256-bit random verifier.
    public init() {
        self.init(verifier: SecureRandom.token())
    }

    /// The pair for a given verifier (43 to 128 unreserved characters).
    public init(verifier: String) {
        codeVerifier = verifier
        codeChallenge = SHA256Digest.hash(Data(verifier.utf8)).base64URLEncodedString()
    }
}
