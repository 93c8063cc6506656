/// A proxy refused or failed a request: it was the proxy, not the server the request was for.
/// A transport throws it; ``HTTPError`` carries it as
/// ``HTTPError/Kind/proxyFailed(proxy:status:reason:)``. It names the proxy by scheme, host and
/// port only, never by its credentials.
package struct ProxyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The proxy, as `scheme://host:port`.
    package let proxy: String
    /// An HTTP proxy's answer: 407 (or 401) when it refused the credentials, else the status it
    /// refused a tunnel with; nil for a SOCKS5 server.
    package let status: Int?
    /// What went wrong, after "the proxy <address>".
    package let reason: String

    /// The proxy wants credentials, or refused the ones given.
    static func authenticationFailed(_ proxy: Proxy, status: Int?) -> ProxyError {
        ProxyError(
            proxy: proxy.address, status: status,
            reason: "refused to authenticate the request (407 or SOCKS5 login)")
    }

    /// An HTTP proxy answered the tunnel request (`CONNECT`) with `status`.
    static func tunnelRefused(_ proxy: Proxy, status: Int) -> ProxyError {
        ProxyError(proxy: proxy.address, status: status, reason: "refused the tunnel with status \(status)")
    }

    /// The SOCKS5 exchange failed; libcurl's description.
    static func socks(_ proxy: Proxy, _ detail: String) -> ProxyError {
        ProxyError(proxy: proxy.address, status: nil, reason: "failed (SOCKS5): \(detail)")
    }

    /// A readable account naming the proxy.
    package var description: String { "the proxy \(proxy) \(reason)" }
}
