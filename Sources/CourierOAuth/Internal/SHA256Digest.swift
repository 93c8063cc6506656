package import Foundation

#if canImport(CryptoKit)
import CryptoKit
#else
import CCrypto
#endif

/// SHA-256 from the platform: CryptoKit on Apple platforms, the OS's OpenSSL libcrypto on Linux.
/// Never hand-written: PKCE challenges rely on it (its only user, so it lives here, not in the core).
package enum SHA256Digest {
    /// The 32-byte digest of `data`.
    package static func hash(_ data: Data) -> Data {
        #if canImport(CryptoKit)
        return Data(SHA256.hash(data: data))
        #else
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { bytes in
            _ = CCrypto.SHA256(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &digest)
        }
        return Data(digest)
        #endif
    }

    /// The digest of `data` as lower-case hexadecimal.
    package static func hex(_ data: Data) -> String {
        hash(data).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }.joined()
    }
}

/// Random bytes from the system's cryptographically secure generator
/// (`SystemRandomNumberGenerator`: `getrandom` on Linux, `arc4random` on Apple platforms).
package enum SecureRandom {
    /// `count` random bytes.
    package static func bytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// 32 random bytes as Base64URL without padding (43 characters, 256 bits).
    package static func token() -> String { bytes(32).base64URLEncodedString() }
}

extension Data {
    /// Base64URL without padding (RFC 4648 §5), as PKCE and `state` use.
    package func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
