import Foundation

/// A server's public key matched none of the pins for its host: the connection was closed
/// during the TLS handshake, before any byte of the request was sent. A transport throws it;
/// ``HTTPError`` carries it as ``HTTPError/Kind/certificatePinMismatch(host:)``.
package struct CertificatePinningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The host whose key did not match.
    package let host: String

    /// An error for `host`.
    package init(host: String) {
        self.host = host
    }

    /// A readable account naming the host.
    package var description: String {
        "the public key of \(host) matches none of its pins; the request was not sent"
    }
}
