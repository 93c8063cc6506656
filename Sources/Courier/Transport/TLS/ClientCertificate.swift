import Foundation

/// A certificate and its private key for mutual TLS (``TLSSettings/useClientCertificate(pem:key:passphrase:)``,
/// ``TLSSettings/useClientCertificate(pkcs12:passphrase:)``): in PEM form, or in one PKCS#12
/// bundle, with the passphrase of an encrypted key or bundle.
///
/// Which forms each transport takes: ``CurlTransport`` both; `URLSessionTransport` on Apple
/// platforms the PKCS#12 bundle only (Security makes an identity from a bundle, not from PEM
/// without a keychain); `URLSessionTransport` on Linux neither. A transport given a form it
/// cannot use refuses to be created (``HTTPError/Kind/transportUnavailable(reason:)``).
///
/// The passphrase appears in no description, dump or error: ``description`` shows where the
/// certificate and key come from and whether there is a passphrase. On ``CurlTransport``, a key
/// or bundle that cannot be read or decrypted fails the request with
/// `URLError(.clientCertificateRejected)`; on Apple platforms, a bundle that cannot be imported
/// fails the transport's creation with that error.
struct ClientCertificate: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// Where the certificate and its key are.
    enum Contents: Sendable, Hashable {
        /// A PEM certificate and its PEM private key (encrypted or not).
        case pem(certificate: TLSSettings.PEM, key: TLSSettings.PEM)
        /// A PKCS#12 bundle (`.p12`, `.pfx`: DER bytes, in a file or in memory) holding the
        /// certificate, its key and optionally the certificates between it and the authority.
        case pkcs12(TLSSettings.PEM)
    }

    /// The certificate and its key.
    var contents: Contents
    /// The passphrase of an encrypted key or bundle.
    var passphrase: String?

    /// A PEM client certificate with its key and, for an encrypted key, its passphrase.
    init(certificate: TLSSettings.PEM, key: TLSSettings.PEM, passphrase: String? = nil) {
        self.contents = .pem(certificate: certificate, key: key)
        self.passphrase = passphrase
    }

    /// A client certificate and its key from a PKCS#12 bundle, with the bundle's passphrase.
    init(pkcs12 bundle: TLSSettings.PEM, passphrase: String?) {
        self.contents = .pkcs12(bundle)
        self.passphrase = passphrase
    }

    /// Where the certificate and key come from, never the passphrase.
    var description: String {
        func source(_ source: TLSSettings.PEM, _ form: String) -> String {
            switch source {
            case .file(let url): url.path
            case .data(let data): "\(data.count) bytes of \(form)"
            }
        }
        let secret = passphrase == nil ? "" : ", passphrase <redacted>"
        switch contents {
        case .pem(let certificate, let key):
            return "ClientCertificate(certificate: \(source(certificate, "PEM")), key: \(source(key, "PEM"))\(secret))"
        case .pkcs12(let bundle):
            return "ClientCertificate(pkcs12: \(source(bundle, "PKCS#12"))\(secret))"
        }
    }

    /// A mirror without the passphrase, for `dump` and debuggers.
    var customMirror: Mirror {
        Mirror(self, children: ["contents": contents, "passphrase": passphrase == nil ? "nil" : "<redacted>"])
    }
}
