#if canImport(Security) && !canImport(FoundationNetworking)
import CryptoKit
import Foundation
import Security

/// ``TLSSettings`` applied by URLSessionTransport's delegate on Apple platforms, to each server
/// trust challenge: the extra certificate authorities as anchors (beside the system's, or alone),
/// then the host's public-key pins checked against the leaf certificate's key.
///
/// Client certificates are not here: ``ClientIdentity`` imports a PKCS#12 bundle as the identity
/// the delegate shows when a server asks for one.
///
/// `@unchecked Sendable`: `SecCertificate` is an immutable Core Foundation object, safe to share
/// between threads; everything else is a value.
struct ServerTrustEvaluator: @unchecked Sendable {
    private let anchors: [SecCertificate]
    /// Set when a certificate authority given held no certificate Security could read: every
    /// connection then fails, as CurlTransport's does with an unusable CA blob.
    private let unusableAuthority: Bool
    private let settings: TLSSettings

    /// Reads `settings`' certificate authorities.
    ///
    /// - Throws: ``UnreadableCertificateFile`` for a file that cannot be read.
    init(_ settings: TLSSettings) throws(UnreadableCertificateFile) {
        var anchors: [SecCertificate] = []
        var unusable = false
        for source in settings.authoritySources {
            let certificates = PEMCertificates.der(in: try source.contents()).compactMap {
                SecCertificateCreateWithData(nil, $0 as CFData)
            }
            if certificates.isEmpty { unusable = true }
            anchors += certificates
        }
        self.anchors = anchors
        unusableAuthority = unusable
        self.settings = settings
    }

    /// The credential that accepts `trust` for `host`, or why it is refused: the error the
    /// request fails with (``CertificatePinningError`` for a key that matches none of the host's
    /// pins, else `URLError(.serverCertificateUntrusted)`).
    func evaluate(_ trust: SecTrust, host: String) -> Result<URLCredential, any Error> {
        func untrusted(_ reason: String) -> Result<URLCredential, any Error> {
            .failure(
                URLError(
                    .serverCertificateUntrusted,
                    userInfo: [NSLocalizedDescriptionKey: "the certificate of \(host) is not trusted: \(reason)"]))
        }
        if unusableAuthority { return untrusted("a certificate authority given holds no readable certificate") }
        if !anchors.isEmpty || !settings.trustsSystemCertificates {
            guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                SecTrustSetAnchorCertificatesOnly(trust, !settings.trustsSystemCertificates) == errSecSuccess
            else { return untrusted("the certificate authorities could not be set") }
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else {
            return untrusted(error.map { ($0 as any Error).localizedDescription } ?? "evaluation failed")
        }
        let pins = settings.pins(for: host)
        guard !pins.isEmpty else { return .success(URLCredential(trust: trust)) }
        // The leaf's key, as CURLOPT_PINNEDPUBLICKEY checks it on CurlTransport.
        guard let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate], let leaf = chain.first,
            let key = SecCertificateCopyKey(leaf),
            let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?,
            let info = SubjectPublicKeyInfo.der(externalRepresentation: raw),
            pins.contains(where: { $0.sha256 == Data(SHA256.hash(data: info)) })
        else { return .failure(CertificatePinningError(host: host)) }
        return .success(URLCredential(trust: trust))
    }
}
#endif
