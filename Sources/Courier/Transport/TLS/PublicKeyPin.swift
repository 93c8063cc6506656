import Foundation

/// The SHA-256 digest of a server's public key (its DER `SubjectPublicKeyInfo`): one of the pins
/// ``TLSSettings/pins`` holds per host, read from its base64 form.
struct PublicKeyPin: Sendable, Hashable, CustomStringConvertible {
    /// The 32-byte digest.
    let sha256: Data

    /// A pin from its digest; nil unless it is 32 bytes.
    init?(sha256: Data) {
        guard sha256.count == 32 else { return nil }
        self.sha256 = sha256
    }

    /// A pin from its base64 form (as OpenSSL prints it, with or without curl's `sha256//`
    /// prefix); nil when it is not base64 of 32 bytes.
    init?(base64: String) {
        var text = Substring(base64.trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("sha256//") { text = text.dropFirst("sha256//".count) }
        guard let digest = Data(base64Encoded: String(text)) else { return nil }
        self.init(sha256: digest)
    }

    /// `sha256//` and the digest in base64, the form curl takes.
    var description: String { "sha256//" + sha256.base64EncodedString() }
}
