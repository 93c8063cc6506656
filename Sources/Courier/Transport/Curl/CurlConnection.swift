#if os(Linux)
import Foundation

/// How a ``CurlTransport`` reaches servers, the same for each of its transfers: the proxy
/// settings, whom it trusts over TLS, and the hosts reached over Unix sockets.
struct CurlConnection: Sendable {
    /// Which requests go through which proxy.
    var proxies: ProxySettings
    /// Certificate authorities, client certificate and pins.
    var tls: CurlTLS = .system
    /// Socket paths by lowercased host name: requests to these hosts go over the socket, never
    /// through a proxy.
    var unixSockets: [String: String] = [:]

    /// Settings with `unixSockets`' host names lowercased.
    init(proxies: ProxySettings, tls: CurlTLS = .system, unixSockets: [String: String] = [:]) {
        self.proxies = proxies
        self.tls = tls
        self.unixSockets = Dictionary(unixSockets.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
    }

    /// Sets `easy`'s connection options for a request to `url`, with `check` collecting libcurl's
    /// refusals. Returns the proxy the request goes through, nil for a direct connection.
    func configure(_ easy: LibCurl.Handle, for url: URL, curl: LibCurl, check: (Int32) -> Void) -> Proxy? {
        func set(_ option: Int32, _ text: String?) { curl.setText(easy, option, text, check: check) }
        tls.configure(easy, for: url, curl: curl, check: check)
        if !unixSockets.isEmpty, let socket = url.host.flatMap({ unixSockets[$0.lowercased()] }) {
            set(CurlOption.unixSocketPath, socket)
            set(CurlOption.proxy, "")
            return nil
        }
        // An empty CURLOPT_PROXY also stops libcurl from reading the proxy variables itself: the
        // environment counts only through ProxySettings.environment, in its documented order.
        let proxy = proxies.server(for: url)
        set(CurlOption.proxy, proxy?.address ?? "")
        // Separately from the address, so no URL libcurl shows (in its own messages) carries them.
        set(CurlOption.proxyUsername, proxy?.username)
        set(CurlOption.proxyPassword, proxy?.password)
        return proxy
    }

    /// What a failed transfer's `CURLcode` means: a ``ProxyError`` when the proxy failed, a
    /// ``CertificatePinningError`` when the server's key matched none of `pinnedHost`'s pins,
    /// else a `URLError`.
    static func failure(
        code: Int32, easy: LibCurl.Handle, proxy: Proxy?, pinnedHost: String?, isHTTP: Bool, curl: LibCurl
    ) -> any Error {
        if let proxy, let error = proxyError(code: code, easy: easy, proxy: proxy, curl: curl) { return error }
        if code == CurlOption.pinMismatch, let pinnedHost { return CertificatePinningError(host: pinnedHost) }
        return CurlTransfer.urlError(code: code, isHTTP: isHTTP, curl: curl)
    }

    /// The error a failed transfer through `proxy` stands for, or nil when the failure was not
    /// the proxy's: a ``ProxyError`` when the proxy refused, a `URLError` naming the proxy when it
    /// could not be reached (a connectivity failure like any other, for retries and callers that
    /// tell "no network" apart).
    static func proxyError(code: Int32, easy: LibCurl.Handle, proxy: Proxy, curl: LibCurl) -> (any Error)? {
        switch code {
        case 5, 7:  // CURLE_COULDNT_RESOLVE_PROXY; CURLE_COULDNT_CONNECT (to the proxy: it is the peer)
            return URLError(
                code == 5 ? .cannotFindHost : .cannotConnectToHost,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "the proxy \(proxy.address) could not be reached: libcurl error \(code): "
                        + curl.message(for: code)
                ])
        case 97:  // CURLE_PROXY: the SOCKS exchange failed
            var detail = 0
            _ = curl.getInfo(easy, CurlOption.infoProxyError, &detail)
            // CURLPX_NO_AUTH, CURLPX_RECV_AUTH, CURLPX_SEND_AUTH, CURLPX_USER_REJECTED.
            if [12, 14, 28, 33].contains(detail) { return ProxyError.authenticationFailed(proxy, status: nil) }
            return ProxyError.socks(proxy, "\(curl.message(for: code)) (CURLPX code \(detail))")
        default:
            guard proxy.kind == .http else { return nil }
            var status = 0
            _ = curl.getInfo(easy, CurlOption.infoConnectCode, &status)
            guard status >= 300 else { return nil }
            // Any answer to CONNECT is the proxy's own; some proxies (tinyproxy 1.11) refuse wrong
            // credentials with 401 rather than 407.
            let refusedLogin = status == 407 || status == 401
            return refusedLogin
                ? ProxyError.authenticationFailed(proxy, status: status)
                : ProxyError.tunnelRefused(proxy, status: status)
        }
    }
}

extension CurlOption {
    /// `CURLOPT_PROXY`: `scheme://host:port`; "" for none (and no environment either).
    static let proxy: Int32 = 10004
    /// `CURLOPT_UNIX_SOCKET_PATH`: connect to this socket instead of the URL's host and port.
    static let unixSocketPath: Int32 = 10231
    /// `CURLOPT_PROXYUSERNAME`.
    static let proxyUsername: Int32 = 10175
    /// `CURLOPT_PROXYPASSWORD`.
    static let proxyPassword: Int32 = 10176
    /// `CURLINFO_HTTP_CONNECTCODE` (long): the proxy's answer to `CONNECT`.
    static let infoConnectCode: Int32 = 0x200000 + 22
    /// `CURLINFO_PROXY_ERROR` (long): a `CURLproxycode` after `CURLE_PROXY` (libcurl 7.73).
    static let infoProxyError: Int32 = 0x200000 + 59
}
#endif
