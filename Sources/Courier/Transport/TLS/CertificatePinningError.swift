import Foundation

/// A server's public key matched none of the pins for its host: the connection was closed
/// during the TLS handshake, before any byte of the request was sent.
///
/// ``HTTPError`` carries it as ``HTTPError/Kind/transport(_:)``.
public struct CertificatePinningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host whose key did not match.
    public let host: String

    /// An error for `host`.
    public init(host: String) {
        self.host = host
    }

    /// A readable account naming the host.
    public var description: String {
        "the public key of \(host) matches none of its pins; the request was not sent"
    }
}
