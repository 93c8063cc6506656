import Foundation

/// The DER `SubjectPublicKeyInfo` (RFC 5280, 4.1) of a public key given in the raw form Apple's
/// `SecKeyCopyExternalRepresentation` returns: a PKCS#1 `RSAPublicKey` for RSA (RFC 8017,
/// A.1.1), an uncompressed point for elliptic-curve keys (SEC 1, 2.3.3). A ``PublicKeyPin`` is the
/// SHA-256 of this structure, the bytes OpenSSL's `pkey -pubout -outform der` prints.
enum SubjectPublicKeyInfo {
    /// `rsaEncryption` (1.2.840.113549.1.1.1) with its NULL parameters.
    private static let rsaAlgorithm: [UInt8] = [
        0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]
    /// `id-ecPublicKey` (1.2.840.10045.2.1).
    private static let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    /// The named curves by the size of their uncompressed point: P-256 (1.2.840.10045.3.1.7),
    /// P-384 (1.3.132.0.34) and P-521 (1.3.132.0.35), the curves Apple's keys use.
    private static let curves: [Int: [UInt8]] = [
        65: [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07],
        97: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22],
        133: [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23],
    ]

    /// The structure for `key`; nil for a form it does not know (not a DER sequence, not an
    /// uncompressed point of P-256, P-384 or P-521).
    static func der(externalRepresentation key: Data) -> Data? {
        let algorithm: [UInt8]
        switch key.first {
        case 0x30: algorithm = rsaAlgorithm
        case 0x04:
            guard let curve = curves[key.count] else { return nil }
            algorithm = ecPublicKey + curve
        default: return nil
        }
        let bitString = element(tag: 0x03, [0x00] + Array(key))
        return Data(element(tag: 0x30, element(tag: 0x30, algorithm) + bitString))
    }

    /// A DER element: its tag, its length (short form below 128 bytes, else long form) and
    /// `content`.
    private static func element(tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var remaining = content.count
            while remaining > 0 {
                length.insert(UInt8(remaining & 0xFF), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
