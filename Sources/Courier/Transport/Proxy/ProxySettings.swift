public import Foundation

/// Which requests go through which proxy server: one for http URLs, one for https URLs, and
/// hosts that bypass both.
///
/// A proxy is written as a URL, as the `http_proxy` family of environment variables holds it:
/// `http://host:port` for an HTTP proxy (a `CONNECT` tunnel for https requests, absolute URLs for
/// http ones), `socks5://host:port` for SOCKS5 with the transport resolving host names,
/// `socks5h://host:port` for SOCKS5 with the proxy resolving them. A user name and password go in
/// the URL (`http://me:secret@proxy:3128`, percent-encoded); they never appear in
/// ``description``, in a dump, in errors or in logs: only the scheme, host and port of a proxy
/// are ever shown. Without a port, an HTTP proxy is taken to be on port 80 and a SOCKS5 one on
/// 1080. A transport given a URL of another scheme, or without a host, refuses to be created
/// (``HTTPError/Kind/transportUnavailable(reason:)``).
///
/// ``environment(_:)`` reads the variables curl and most tools read. An explicit setting
/// replaces the environment entirely: a transport given ``none`` uses no proxy even when
/// `https_proxy` is set.
///
/// ```swift
/// let corporate = URL(string: "http://me:secret@proxy.corp.example:3128")!
/// let transport = try CurlTransport(proxy: .always(corporate, except: ["localhost", ".corp.example"]))
/// ```
public struct ProxySettings: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The proxy for `http` URLs; nil for none.
    public var http: URL?
    /// The proxy for `https` URLs (and WebSocket over TLS); nil for none.
    public var https: URL?
    /// Hosts that are reached directly, in `no_proxy`'s syntax (see ``bypasses(host:)``).
    public var exceptions: [String]

    /// Settings with a proxy for each scheme and the hosts that bypass them.
    ///
    /// - Parameters:
    ///   - http: The proxy for `http` URLs.
    ///   - https: The proxy for `https` URLs.
    ///   - exceptions: Hosts reached directly (see ``bypasses(host:)``).
    public init(http: URL? = nil, https: URL? = nil, exceptions: [String] = []) {
        self.http = http
        self.https = https
        self.exceptions = exceptions
    }

    /// No proxy for any request, whatever the environment says.
    public static let none = ProxySettings()

    /// One proxy for every request, except to the hosts in `exceptions`.
    public static func always(_ proxy: URL, except exceptions: [String] = []) -> ProxySettings {
        ProxySettings(http: proxy, https: proxy, exceptions: exceptions)
    }

    /// The settings the environment variables describe, in curl's precedence:
    ///
    /// - an `http` URL uses `http_proxy`, else `HTTP_PROXY`, else `all_proxy`, else `ALL_PROXY`;
    /// - an `https` URL uses `https_proxy`, else `HTTPS_PROXY`, else `all_proxy`, else `ALL_PROXY`;
    /// - `no_proxy` (else `NO_PROXY`) lists the hosts reached directly, separated by commas.
    ///
    /// A lower-case variable wins over its upper-case twin when both are set; an empty or
    /// unreadable value counts as unset.
    ///
    /// - Parameter environment: The variables; the process's own by default.
    public static func environment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ProxySettings {
        func first(_ names: String...) -> URL? {
            for name in names {
                if let value = environment[name], let url = Proxy(url: value)?.url { return url }
            }
            return nil
        }
        let exceptions =
            [environment["no_proxy"], environment["NO_PROXY"]]
            .compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        return ProxySettings(
            http: first("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"),
            https: first("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"),
            exceptions: exceptions.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty })
    }

    /// The proxy a request to `url` goes through; nil for a direct connection.
    public func proxy(for url: URL) -> URL? {
        let proxy: URL? =
            switch url.scheme?.lowercased() {
            case "https", "wss": https
            case "http", "ws": http
            default: nil
            }
        guard let proxy, let host = url.host, !bypasses(host: host) else { return nil }
        return proxy
    }

    /// Whether `host` is reached directly: an exception `*` matches every host; any other is a
    /// host name or IP address that matches itself and, for a name, its subdomains
    /// (`example.com` and `.example.com` both match `api.example.com`). Names compare without
    /// case; a `:port` after an exception, and the brackets around an IPv6 address, are ignored.
    /// Address ranges (CIDR) are not understood.
    public func bypasses(host: String) -> Bool {
        let name = Self.normalised(host)
        for exception in exceptions {
            if exception == "*" { return true }
            var entry = Self.normalised(Self.droppingPort(exception))
            if entry.hasPrefix(".") { entry.removeFirst() }
            guard !entry.isEmpty else { continue }
            if name == entry || name.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// The proxy server a request to `url` goes through, read from its URL; nil for a direct
    /// connection (or a URL ``checked()`` refuses).
    func server(for url: URL) -> Proxy? {
        proxy(for: url).flatMap { Proxy(url: $0.absoluteString) }
    }

    /// The settings, when each proxy URL names a proxy a transport can use.
    ///
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` naming the first URL that does
    ///   not (shown without its credentials).
    func checked() throws(HTTPError) -> ProxySettings {
        for url in [http, https].compactMap({ $0 }) where Proxy(url: url.absoluteString) == nil {
            throw HTTPError.transportUnavailable(
                "the proxy \(url.scheme ?? "")://\(url.host ?? "") is not an http, socks5 or socks5h URL with a host")
        }
        return self
    }

    /// The proxies as `scheme://host:port`, and the exceptions; never a user name or password.
    public var description: String {
        func shown(_ url: URL?) -> String { url.flatMap { Proxy(url: $0.absoluteString)?.description } ?? "none" }
        return "ProxySettings(http: \(shown(http)), https: \(shown(https)), exceptions: \(exceptions))"
    }

    /// A mirror without credentials, for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description])
    }

    private static func normalised(_ host: String) -> String {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `host:port` without `:port`; an IPv6 address (several colons) stays whole.
    private static func droppingPort(_ entry: String) -> String {
        if entry.hasPrefix("["), let end = entry.firstIndex(of: "]") { return String(entry[...end]) }
        let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[0]) : entry
    }
}
