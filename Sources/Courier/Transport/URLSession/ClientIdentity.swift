#if canImport(Security) && !canImport(FoundationNetworking)
import Foundation
import Security

/// A ``ClientCertificate``'s PKCS#12 bundle imported once, when the transport is created, as the
/// credential URLSession presents to a server asking for a client certificate (Apple platforms).
///
/// Security makes an identity (`SecIdentity`) from a PKCS#12 bundle with `SecPKCS12Import`,
/// without the keychain; from PEM files it cannot without importing them into one, so a PEM
/// client certificate is refused here.
///
/// `@unchecked Sendable`: the credential is an immutable Foundation object holding immutable
/// Security objects, made once and only read afterwards.
struct ClientIdentity: @unchecked Sendable {
    /// The identity and the chain above it, for the session.
    let credential: URLCredential

    /// Imports `certificate`'s bundle.
    ///
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` for PEM contents; ``UnreadableCertificateFile``
    ///   for a bundle file that cannot be read; `URLError(.clientCertificateRejected)` for a
    ///   bundle Security cannot import (not PKCS#12, a wrong passphrase, no identity in it). No
    ///   error shows the passphrase.
    init(_ certificate: ClientCertificate) throws {
        guard case .pkcs12(let source) = certificate.contents else {
            throw HTTPError.transportUnavailable(
                "URLSessionTransport does not support client certificates from PEM on this platform "
                    + "(give a PKCS#12 bundle: TLSSettings.useClientCertificate(pkcs12:passphrase:))")
        }
        let bundle = try source.contents()
        let options = [kSecImportExportPassphrase as String: certificate.passphrase ?? ""] as CFDictionary
        var items: CFArray?
        let status = SecPKCS12Import(bundle as CFData, options, &items)
        func rejected(_ reason: String) -> URLError {
            URLError(
                .clientCertificateRejected,
                userInfo: [NSLocalizedDescriptionKey: "the client certificate's PKCS#12 bundle \(reason)"])
        }
        guard status == errSecSuccess else {
            throw status == errSecAuthFailed
                ? rejected("cannot be opened with the passphrase given")
                : rejected("cannot be imported (OSStatus \(status))")
        }
        let first = (items as? [[String: Any]])?.first
        guard let value = first?[kSecImportItemIdentity as String],
            CFGetTypeID(value as CFTypeRef) == SecIdentityGetTypeID()
        else { throw rejected("holds no certificate with its private key") }
        let identity = value as! SecIdentity
        // The chain starts with the client's own certificate, which the identity holds already.
        let chain = (first?[kSecImportItemCertChain as String] as? [SecCertificate]) ?? []
        credential = URLCredential(identity: identity, certificates: Array(chain.dropFirst()), persistence: .forSession)
    }
}
#endif
