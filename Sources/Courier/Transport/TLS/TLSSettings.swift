public import Foundation

/// Whom a transport trusts over TLS and how it shows who it is: extra certificate authorities,
/// the system's store on or off, a client certificate for mutual TLS, and public-key pins per
/// host.
///
/// ``CurlTransport`` supports all of it (``CurlTransport/init(timeout:maximumConnectionsPerHost:threads:proxy:tls:unixSockets:)``).
/// ``URLSessionTransport`` on Apple platforms applies the certificate authorities, the system
/// store setting and the pins in its session delegate, and takes a client certificate as a
/// PKCS#12 bundle only; on Linux it supports none of it. A transport given settings it cannot
/// honour, or a pin that is not well-formed, refuses to be created with
/// ``HTTPError/Kind/transportUnavailable(reason:)``.
///
/// ```swift
/// var tls = TLSSettings(certificateAuthorities: [try Data(contentsOf: URL(fileURLWithPath: "/etc/company/ca.pem"))])
/// tls.pins["api.example.com"] = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]
/// let transport = try CurlTransport(tls: tls)
/// ```
public struct TLSSettings: Sendable, CustomStringConvertible, CustomReflectable {
    /// Certificates or a key in PEM (or PKCS#12) form, in a file or in memory.
    enum PEM: Sendable, Hashable {
        /// A file, read by the transport.
        case file(URL)
        /// The bytes themselves.
        case data(Data)
    }

    /// Certificate authorities trusted besides (or, without ``trustsSystemCertificates``,
    /// instead of) the system's: each a PEM text (`-----BEGIN CERTIFICATE-----` ...) holding one
    /// or more certificates.
    public var certificateAuthorities: [Data]
    /// Whether the system's certificate store is trusted too (the default). When false, only
    /// ``certificateAuthorities`` are: with none, no server is trusted.
    public var trustsSystemCertificates: Bool
    /// Public-key pins by host name (case does not matter): a connection to a host with pins
    /// succeeds only when the server's key matches one of them, on top of the usual certificate
    /// checks. Hosts without pins are not pinned, also when a redirect leads there.
    ///
    /// A pin is the SHA-256 digest of the server's public key (its DER `SubjectPublicKeyInfo`)
    /// in base64, with or without curl's `sha256//` prefix. Compute one from a certificate with
    /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    /// Give several for a host to rotate keys: the connection succeeds when any matches.
    public var pins: [String: [String]]
    /// The certificate and key shown to a server that asks for one (mutual TLS); set with
    /// ``useClientCertificate(pem:key:passphrase:)`` or ``useClientCertificate(pkcs12:passphrase:)``.
    var clientCertificate: ClientCertificate?
    /// Certificate authority files, read when the transport is created (the package's tests).
    package var certificateAuthorityFiles: [URL] = []

    /// Settings trusting `certificateAuthorities` (and the system's store unless
    /// `trustsSystemCertificates` is false) and pinning the hosts in `pins`.
    public init(
        certificateAuthorities: [Data] = [], trustsSystemCertificates: Bool = true, pins: [String: [String]] = [:]
    ) {
        self.certificateAuthorities = certificateAuthorities
        self.trustsSystemCertificates = trustsSystemCertificates
        self.pins = pins
    }

    /// Shows servers that ask for one a PEM client certificate with its PEM private key and, for
    /// an encrypted key, its passphrase.
    ///
    /// ``CurlTransport`` takes it; `URLSessionTransport` does not (Security makes no identity
    /// from PEM without the keychain): give it a PKCS#12 bundle. A key that cannot be read or
    /// decrypted fails each request with `URLError(.clientCertificateRejected)`.
    public mutating func useClientCertificate(pem certificate: Data, key: Data, passphrase: String? = nil) {
        clientCertificate = ClientCertificate(certificate: .data(certificate), key: .data(key), passphrase: passphrase)
    }

    /// Shows servers that ask for one the certificate and key of a PKCS#12 bundle (`.p12`,
    /// `.pfx`: DER bytes), opened with `passphrase`.
    ///
    /// ``CurlTransport`` and `URLSessionTransport` on Apple platforms take it. On Apple
    /// platforms a bundle that cannot be imported fails the transport's creation with
    /// `URLError(.clientCertificateRejected)`; on ``CurlTransport`` it fails each request so.
    public mutating func useClientCertificate(pkcs12 bundle: Data, passphrase: String?) {
        clientCertificate = ClientCertificate(pkcs12: .data(bundle), passphrase: passphrase)
    }

    /// What the settings hold: counts and hosts, never a passphrase or key.
    public var description: String {
        var parts = ["certificateAuthorities: \(certificateAuthorities.count + certificateAuthorityFiles.count)"]
        parts.append("trustsSystemCertificates: \(trustsSystemCertificates)")
        if let clientCertificate { parts.append("clientCertificate: \(clientCertificate)") }
        if !pins.isEmpty { parts.append("pinned hosts: \(pins.keys.sorted().joined(separator: ", "))") }
        return "TLSSettings(" + parts.joined(separator: ", ") + ")"
    }

    /// A mirror without the client certificate's key or passphrase, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description])
    }

    /// Every certificate authority, files included.
    var authoritySources: [PEM] { certificateAuthorities.map(PEM.data) + certificateAuthorityFiles.map(PEM.file) }

    /// Whether these are the default settings: the system's store and nothing else.
    var isDefault: Bool {
        authoritySources.isEmpty && trustsSystemCertificates && clientCertificate == nil && pins.isEmpty
    }

    /// The pins for `host`, whatever the case of either.
    func pins(for host: String) -> [PublicKeyPin] {
        let host = host.lowercased()
        return (pins.first { $0.key.lowercased() == host }?.value ?? []).compactMap(PublicKeyPin.init(base64:))
    }

    /// The settings, when every pin is well-formed.
    ///
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` naming the host of the first
    ///   pin that is not base64 of a 32-byte digest.
    func checked() throws(HTTPError) -> TLSSettings {
        for (host, hostPins) in pins.sorted(by: { $0.key < $1.key }) {
            for pin in hostPins where PublicKeyPin(base64: pin) == nil {
                throw HTTPError.transportUnavailable(
                    "a pin for \(host) is not the base64 of a SHA-256 digest (32 bytes): \(pin)")
            }
        }
        return self
    }
}

/// A certificate authority file in ``TLSSettings`` could not be read.
package struct UnreadableCertificateFile: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    package let file: URL
    /// Why (the system's message).
    package let reason: String
    /// A readable account naming the file.
    package var description: String { "cannot read the certificate file \(file.path): \(reason)" }
}
