import Foundation

/// A proxy server that a transport sends requests through: an HTTP proxy (a `CONNECT` tunnel for
/// https, absolute URLs for http) or a SOCKS5 server, with an optional user name and password.
///
/// The password never appears in ``description``, in errors or in logs: only the kind, host and
/// port of a proxy are ever shown.
///
/// ```swift
/// let proxy = Proxy(.socks5h, host: "127.0.0.1", port: 1080, username: "me", password: "secret")
/// let transport = try CurlTransport(proxy: .always(proxy, except: ["localhost"]))
/// ```
public struct Proxy: Sendable, Hashable, CustomStringConvertible {
    /// How a transport speaks to the proxy.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An HTTP proxy: `CONNECT` tunnels for https URLs, absolute-form requests for http.
        case http
        /// SOCKS5; the transport resolves host names itself and hands the proxy an address.
        case socks5
        /// SOCKS5 with the proxy resolving host names (the `h` of curl's `socks5h://`).
        case socks5h
    }

    /// How a transport speaks to the proxy.
    public var kind: Kind
    /// The proxy's host name or IP address.
    public var host: String
    /// The proxy's port.
    public var port: Int
    /// The user name the proxy asks for, if any.
    public var username: String?
    /// The password the proxy asks for, if any. Never shown.
    public var password: String?

    /// A proxy of `kind` at `host` and `port`.
    ///
    /// - Parameters:
    ///   - kind: How to speak to it.
    ///   - host: Its host name or IP address.
    ///   - port: Its port.
    ///   - username: The user name it asks for (HTTP basic authentication or SOCKS5
    ///     user/password).
    ///   - password: The password that goes with `username`.
    public init(_ kind: Kind, host: String, port: Int, username: String? = nil, password: String? = nil) {
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
    public init?(url text: String) {
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

    /// The proxy as `kind://host:port`, with no credentials (libcurl's `CURLOPT_PROXY`; the
    /// user name and password go separately).
    var address: String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(kind.rawValue)://\(bracketed):\(port)"
    }

    /// `kind://host:port`, and whether credentials are set; never the user name or password.
    public var description: String {
        address + (username != nil || password != nil ? " (with credentials)" : "")
    }
}
