package import Foundation

/// A proxy server that a transport sends requests through, read from one of
/// ``ProxySettings``' URLs: an HTTP proxy (a `CONNECT` tunnel for https, absolute URLs for http)
/// or a SOCKS5 server, with an optional user name and password.
///
/// The password never appears in ``description``, in errors or in logs: only the kind, host and
/// port of a proxy are ever shown.
package struct Proxy: Sendable, Hashable, CustomStringConvertible {
    /// How a transport speaks to the proxy.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An HTTP proxy: `CONNECT` tunnels for https URLs, absolute-form requests for http.
        case http
        /// SOCKS5; the transport resolves host names itself and hands the proxy an address.
        case socks5
        /// SOCKS5 with the proxy resolving host names (the `h` of curl's `socks5h://`).
        case socks5h
    }

    /// How a transport speaks to the proxy.
    package var kind: Kind
    /// The proxy's host name or IP address.
    package var host: String
    /// The proxy's port.
    package var port: Int
    /// The user name the proxy asks for, if any.
    package var username: String?
    /// The password the proxy asks for, if any. Never shown.
    package var password: String?

    /// A proxy of `kind` at `host` and `port`.
    ///
    /// - Parameters:
    ///   - kind: How to speak to it.
    ///   - host: Its host name or IP address.
    ///   - port: Its port.
    ///   - username: The user name it asks for (HTTP basic authentication or SOCKS5
    ///     user/password).
    ///   - password: The password that goes with `username`.
    package init(_ kind: Kind, host: String, port: Int, username: String? = nil, password: String? = nil) {
        self.kind = kind
        self.host = host
        self.port = port
        self.username = username
        self.password = password
    }

    /// A proxy written as a URL, as the `http_proxy` family of environment variables holds it:
    /// `http://host:port`, `socks5://user:password@host:port`, `socks5h://…`, or `host:port`
    /// (an HTTP proxy). Without a port, an HTTP proxy is taken to be on port 80 and a SOCKS5 one
    /// on 1080. User name and password are percent-decoded.
    ///
    /// Returns nil for an empty string, a scheme other than `http`, `socks5` and `socks5h`, or
    /// a URL without a host.
    package init?(url text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme),
            let scheme = components.scheme?.lowercased(),
            let kind = Kind(rawValue: scheme == "socks" ? "socks5" : scheme),
            let host = components.host, !host.isEmpty
        else { return nil }
        self.init(
            kind, host: host, port: components.port ?? (kind == .http ? 80 : 1080),
            username: components.percentEncodedUser.flatMap { $0.removingPercentEncoding },
            password: components.percentEncodedPassword.flatMap { $0.removingPercentEncoding })
    }

    /// The proxy as a URL, credentials included (percent-encoded): what ``ProxySettings`` holds.
    package var url: URL? {
        var components = URLComponents()
        components.scheme = kind.rawValue
        components.host = host
        components.port = port
        components.user = username
        components.password = password
        return components.url
    }

    /// The proxy as `kind://host:port`, with no credentials (libcurl's `CURLOPT_PROXY`; the
    /// user name and password go separately).
    package var address: String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(kind.rawValue)://\(bracketed):\(port)"
    }

    /// `kind://host:port`, and whether credentials are set; never the user name or password.
    package var description: String {
        address + (username != nil || password != nil ? " (with credentials)" : "")
    }
}
