/// A proxy refused or failed a request: it was the proxy, not the server the request was for.
///
/// ``HTTPError`` carries it as ``HTTPError/Kind/transport(_:)``. It names the proxy by kind, host
/// and port only, never by its credentials.
public struct ProxyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The proxy wants credentials, or refused the ones given: an HTTP proxy's 407 (or a 401
        /// in answer to `CONNECT`), a SOCKS5 server rejecting the user name and password.
        case authenticationFailed
        /// An HTTP proxy answered the tunnel request (`CONNECT`) with this status.
        case tunnelRefused(status: Int)
        /// The SOCKS5 exchange failed; libcurl's description.
        case socks(String)
    }

    /// The proxy, as `kind://host:port`.
    public let proxy: String
    /// What went wrong.
    public let reason: Reason

    /// An error for `proxy` (shown without credentials).
    public init(proxy: Proxy, reason: Reason) {
        self.proxy = proxy.address
        self.reason = reason
    }

    /// A readable account naming the proxy.
    public var description: String {
        switch reason {
        case .authenticationFailed: "the proxy \(proxy) refused to authenticate the request (407 or SOCKS5 login)"
        case .tunnelRefused(let status): "the proxy \(proxy) refused the tunnel with status \(status)"
        case .socks(let detail): "the SOCKS proxy \(proxy) failed: \(detail)"
        }
    }
}
