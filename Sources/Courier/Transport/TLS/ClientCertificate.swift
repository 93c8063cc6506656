import Foundation

/// A certificate and its private key for mutual TLS, in PEM form, with the key's passphrase
/// when it is encrypted.
///
/// The passphrase appears in no description, dump or error: ``description`` shows where the
/// certificate and key come from and whether there is a passphrase. A key that cannot be read
/// or decrypted fails the request with `URLError(.clientCertificateRejected)`.
public struct ClientCertificate: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The client certificate (PEM).
    public var certificate: TLSSettings.PEM
    /// Its private key (PEM, encrypted or not).
    public var key: TLSSettings.PEM
    /// The key's passphrase, when it is encrypted.
    public var passphrase: String?

    /// A client certificate with its key and, for an encrypted key, its passphrase.
    public init(certificate: TLSSettings.PEM, key: TLSSettings.PEM, passphrase: String? = nil) {
        self.certificate = certificate
        self.key = key
        self.passphrase = passphrase
    }

    /// Where the certificate and key come from, never the passphrase.
    public var description: String {
        func source(_ pem: TLSSettings.PEM) -> String {
            switch pem {
            case .file(let url): url.path
            case .data(let data): "\(data.count) bytes of PEM"
            }
        }
        let secret = passphrase == nil ? "" : ", passphrase <redacted>"
        return "ClientCertificate(certificate: \(source(certificate)), key: \(source(key))\(secret))"
    }

    /// A mirror without the passphrase, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "certificate": certificate, "key": key, "passphrase": passphrase == nil ? "nil" : "<redacted>",
            ])
    }
}
