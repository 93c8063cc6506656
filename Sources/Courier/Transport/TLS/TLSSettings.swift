public import Foundation

/// Whom a transport trusts over TLS and how it shows who it is: extra certificate authorities,
/// the system's store on or off, a client certificate for mutual TLS, and public-key pins per
/// host.
///
/// ``CurlTransport`` supports all of it (``CurlTransport/init(timeout:maximumConnectionsPerHost:threads:proxy:tls:unixSockets:)``).
/// ``URLSessionTransport`` on Apple platforms applies the certificate authorities, the system
/// store setting and the pins in its session delegate, and refuses client certificates; on Linux
/// it supports none of it. Its initialiser taking settings throws ``UnsupportedTransportFeature``
/// for what it cannot honour.
///
/// ```swift
/// var tls = TLSSettings(certificateAuthorities: [.file(URL(fileURLWithPath: "/etc/company/ca.pem"))])
/// tls.pins["api.example.com"] = [PublicKeyPin(base64: "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=")!]
/// let transport = try CurlTransport(tls: tls)
/// ```
public struct TLSSettings: Sendable {
    /// Certificates or a key in PEM form, in a file or in memory.
    public enum PEM: Sendable, Hashable {
        /// A PEM file, read by the transport.
        case file(URL)
        /// PEM text (`-----BEGIN CERTIFICATE-----` ...).
        case data(Data)
    }

    /// Certificate authorities trusted besides (or, without ``trustsSystemCertificates``,
    /// instead of) the system's. Files are read when the transport is created.
    public var certificateAuthorities: [PEM]
    /// Whether the system's certificate store is trusted too (the default). When false, only
    /// ``certificateAuthorities`` are: with none, no server is trusted.
    public var trustsSystemCertificates: Bool
    /// The certificate and key the transport shows a server that asks for one (mutual TLS).
    public var clientCertificate: ClientCertificate?
    /// Public-key pins by host name (case does not matter): a connection to a host with pins
    /// succeeds only when the server's key matches one of them, on top of the usual certificate
    /// checks. Hosts without pins are not pinned, also when a redirect leads there.
    public var pins: [String: [PublicKeyPin]]

    /// Settings trusting `certificateAuthorities` (and the system's store unless
    /// `trustsSystemCertificates` is false), showing `clientCertificate` when asked, and pinning
    /// the hosts in `pins`.
    public init(
        certificateAuthorities: [PEM] = [], trustsSystemCertificates: Bool = true,
        clientCertificate: ClientCertificate? = nil, pins: [String: [PublicKeyPin]] = [:]
    ) {
        self.certificateAuthorities = certificateAuthorities
        self.trustsSystemCertificates = trustsSystemCertificates
        self.clientCertificate = clientCertificate
        self.pins = pins
    }

    /// Whether these are the default settings: the system's store and nothing else.
    var isDefault: Bool {
        certificateAuthorities.isEmpty && trustsSystemCertificates && clientCertificate == nil && pins.isEmpty
    }

    /// The pins for `host`, whatever the case of either.
    func pins(for host: String) -> [PublicKeyPin] {
        let host = host.lowercased()
        return pins.first { $0.key.lowercased() == host }?.value ?? []
    }
}

/// A certificate authority file in ``TLSSettings/certificateAuthorities`` could not be read.
public struct UnreadableCertificateFile: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public let file: URL
    /// Why (the system's message).
    public let reason: String
    /// A readable account naming the file.
    public var description: String { "cannot read the certificate file \(file.path): \(reason)" }
}
