#if os(Linux)
import Foundation
import Glibc

/// A connection libcurl opened (TCP, TLS for https, a CONNECT tunnel through a proxy) and then
/// handed over: `CURLOPT_CONNECT_ONLY` set to 1, so libcurl stops once connected, and the
/// WebSocket's bytes go through `curl_easy_send` and `curl_easy_recv` on its non-blocking socket.
///
/// Why 1 and not 2: `CURLOPT_CONNECT_ONLY` 2 ("do the upgrade yourself", libcurl 7.86) needs a
/// libcurl built with its experimental `ws` support, which Debian's (7.88) is not; with 1 the
/// handshake is ours (``WebSocketHandshake``), which is also what lets interceptors see it.
///
/// Thread safety: libcurl allows one call at a time on an easy handle, so every libcurl call
/// holds `lock`. Waiting (`poll`) happens outside it, so a reader waiting for bytes never holds up
/// a writer, and a writer waiting for room never holds up the reader.
final class CurlWebSocketSocket: WebSocketChannel, @unchecked Sendable {
    // @unchecked: `easy` is used only under `lock`; `socket` and `wakeFD` are set in init and
    // never change; `closed` is guarded by `lock`.
    private let curl: LibCurl
    private let easy: OpaquePointer
    private let socket: Int32
    /// A pipe whose read end is polled beside the socket; a byte written wakes the waiter.
    private let wakeFD: Int32
    private let wakeWriteFD: Int32
    private let lock = NSLock()
    private var closed = false

    // From curl.h.
    private static let connectOnly: Int32 = 141
    private static let proxyTunnel: Int32 = 61
    private static let infoActiveSocket: Int32 = 0x500000 + 44
    private static let again: Int32 = 81

    /// Connects (blocking: call it off Swift's cooperative pool).
    ///
    /// - Throws: `URLError` when libcurl cannot connect; `ProxyError` when the proxy refuses;
    ///   `CertificatePinningError` when the server's key matches none of its host's pins.
    init(url: URL, connection: CurlConnection, connectTimeout: Duration) throws {
        guard case .success(let curl) = LibCurl.loaded, let easy = curl.easyInit()
        else {
            throw URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: "libcurl.so.4 cannot be loaded"])
        }
        self.curl = curl
        self.easy = easy
        var ok = true
        func set(_ option: Int32, _ value: Int) { ok = ok && curl.setLong(easy, option, value) == 0 }
        func set(_ option: Int32, _ text: String) {
            ok = ok && text.withCString { curl.setPointer(easy, option, $0) } == 0
        }
        set(CurlOption.url, url.absoluteString)
        set(CurlOption.noSignal, 1)
        set(Self.connectOnly, 1)
        set(CurlOption.protocols, CurlOption.httpAndHTTPS)
        set(CurlOption.connectTimeoutMilliseconds, Int(connectTimeout.milliseconds))
        // HTTP/1.1 only: the upgrade does not exist in HTTP/2 (ALPN must not pick h2).
        set(CurlOption.httpVersion, 2)  // CURL_HTTP_VERSION_1_1
        // The CA file and the proxy (its credentials apart from its address) as CurlTransport's
        // own requests set them.
        let proxy = connection.configure(easy, for: url, curl: curl) { ok = ok && $0 == 0 }
        // A tunnel (CONNECT) for ws:// too: the handshake must reach the server itself.
        if proxy != nil { set(Self.proxyTunnel, 1) }
        let code = ok ? curl.easyPerform(easy) : 48  // CURLE_UNKNOWN_OPTION
        var socket: Int32 = -1
        if code == 0 { _ = curl.getInfo(easy, Self.infoActiveSocket, &socket) }
        guard code == 0, socket >= 0 else {
            let error = CurlConnection.failure(
                code: code == 0 ? 56 : code, easy: easy, proxy: proxy,
                pinnedHost: connection.tls.pinnedHost(for: url), isHTTP: true, curl: curl)
            curl.easyCleanup(easy)
            throw error
        }
        self.socket = socket
        var pipeFDs: [Int32] = [-1, -1]
        _ = pipe(&pipeFDs)
        for fd in pipeFDs where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        wakeFD = pipeFDs[0]
        wakeWriteFD = pipeFDs[1]
    }

    deinit {
        curl.easyCleanup(easy)
        if wakeFD >= 0 { Glibc.close(wakeFD) }
        if wakeWriteFD >= 0 { Glibc.close(wakeWriteFD) }
    }

    /// Sends all of `bytes`, waiting for room as needed.
    ///
    /// - Throws: `URLError` when the connection fails or has been closed.
    func send(_ bytes: Data) throws {
        var sent = 0
        while sent < bytes.count {
            sent += try sendAvailable(bytes.dropFirst(sent))
            if sent < bytes.count {
                guard wait(for: Int16(POLLOUT), milliseconds: -1) else { throw URLError(.networkConnectionLost) }
            }
        }
    }

    /// Sends what the socket takes now, without waiting.
    ///
    /// - Throws: `URLError` when the connection fails or has been closed.
    func sendAvailable(_ bytes: Data) throws -> Int {
        var sent = 0
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            while sent < raw.count {
                var count = 0
                let code: Int32 = try lock.withLock {
                    if closed { throw URLError(.networkConnectionLost) }
                    return curl.easySend(easy, base + sent, raw.count - sent, &count)
                }
                if code == 0 {
                    sent += count
                } else if code == Self.again {
                    return
                } else {
                    throw CurlTransfer.urlError(code: code, isHTTP: true, curl: curl)
                }
            }
        }
        return sent
    }

    /// Reads what is there into `buffer`, without waiting.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> WebSocketReceived {
        var count = 0
        let code: Int32 = try lock.withLock {
            if closed { throw URLError(.networkConnectionLost) }
            return curl.easyReceive(easy, buffer.baseAddress, buffer.count, &count)
        }
        switch code {
        case 0: return count == 0 ? .end : .bytes(count)
        case Self.again: return .wouldBlock
        default: throw CurlTransfer.urlError(code: code, isHTTP: true, curl: curl)
        }
    }

    /// Waits until the socket is readable, `milliseconds` pass (-1: no limit) or ``wake()`` is
    /// called. False when closed.
    @discardableResult
    func waitReadable(milliseconds: Int32) -> Bool { wait(for: Int16(POLLIN), milliseconds: milliseconds) }

    private func wait(for events: Int16, milliseconds: Int32) -> Bool {
        var fds = [
            pollfd(fd: socket, events: events, revents: 0), pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&fds, 2, milliseconds)
            if result < 0 && errno == EINTR { continue }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = Glibc.read(wakeFD, &drain, 64)
            }
            return !lock.withLock { closed }
        }
    }

    /// Ends a wait (the reader's, to look at its deadlines again).
    func wake() {
        var one: UInt8 = 1
        _ = Glibc.write(wakeWriteFD, &one, 1)
    }

    /// Closes the connection (once; later calls do nothing) and wakes every waiter.
    func close() {
        let first = lock.withLock {
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        // Shuts the socket down now; libcurl closes it when the handle is cleaned up.
        Glibc.shutdown(socket, Int32(SHUT_RDWR))
        wake()
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration.
    fileprivate var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, 1)
    }
}
#endif
