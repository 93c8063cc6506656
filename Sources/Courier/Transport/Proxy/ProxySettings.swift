public import Foundation

/// Which requests go through which ``Proxy``: one proxy for http URLs, one for https URLs, and
/// hosts that bypass both.
///
/// ``environment(_:)`` reads the variables curl and most tools read. An explicit setting
/// replaces the environment entirely: a transport given ``none`` uses no proxy even when
/// `https_proxy` is set.
///
/// ```swift
/// let corporate = Proxy(.http, host: "proxy.corp.example", port: 3128, username: "me", password: "secret")
/// let transport = try CurlTransport(proxy: .always(corporate, except: ["localhost", ".corp.example"]))
/// ```
public struct ProxySettings: Sendable, Hashable {
    /// The proxy for `http` URLs; nil for none.
    public var http: Proxy?
    /// The proxy for `https` URLs (and WebSocket over TLS); nil for none.
    public var https: Proxy?
    /// Hosts that are reached directly, in `no_proxy`'s syntax (see ``bypasses(host:)``).
    public var exceptions: [String]

    /// Settings with a proxy for each scheme and the hosts that bypass them.
    ///
    /// - Parameters:
    ///   - http: The proxy for `http` URLs.
    ///   - https: The proxy for `https` URLs.
    ///   - exceptions: Hosts reached directly (see ``bypasses(host:)``).
    public init(http: Proxy? = nil, https: Proxy? = nil, exceptions: [String] = []) {
        self.http = http
        self.https = https
        self.exceptions = exceptions
    }

    /// No proxy for any request, whatever the environment says.
    public static let none = ProxySettings()

    /// One proxy for every request, except to the hosts in `exceptions`.
    public static func always(_ proxy: Proxy, except exceptions: [String] = []) -> ProxySettings {
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
        func first(_ names: String...) -> Proxy? {
            for name in names {
                if let value = environment[name], let proxy = Proxy(url: value) { return proxy }
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
    public func proxy(for url: URL) -> Proxy? {
        let proxy: Proxy? =
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
