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
/// Why an easy handle of its own, not one of the ``CurlTransport``'s multi handles: libcurl reaches
/// a connect-only connection made in a multi handle only while the handle stays in it, through
/// the multi's connection cache, which the transport's loop thread uses at the same time without
/// a lock, and which may close it as an idle connection. The handle is made from the transport's
/// `LibCurl` and configured with its ``CurlConnection`` (proxy, CA file, pins).
///
/// Thread safety: libcurl allows one call at a time on an easy handle, so every libcurl call
/// holds `lock`. Waiting (`poll`) happens outside it, so a reader waiting for bytes never holds up
/// a writer, and a writer waiting for room never holds up the reader. The reader and the writer
/// each have a wake-up of their own (a pipe each), so that neither can take the other's:
/// ``wakeReader()`` reaches the reader alone, ``close()`` both.
final class CurlWebSocketSocket: WebSocketChannel, @unchecked Sendable {
    // @unchecked: `easy` is used only under `lock`; `socket` and the pipes are
    // set before the channel is shared and never change; `closed` is guarded by `lock`.
    private let curl: LibCurl
    private let easy: OpaquePointer
    private var socket: Int32 = -1
    /// The reader's wake-up, a pipe: its read end is polled beside the socket in
    /// ``waitReadable(milliseconds:)``, a byte written to `readerSignal` wakes it.
    private let readerWake: Int32
    private let readerSignal: Int32
    /// The writer's: polled beside the socket while a write waits for room.
    private let writerWake: Int32
    private let writerSignal: Int32
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
    init(url: URL, connection: CurlConnection, curl: LibCurl, connectTimeout: Duration) throws {
        guard let easy = curl.easyInit() else {
            throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "curl_easy_init failed"])
        }
        self.curl = curl
        self.easy = easy
        (readerWake, readerSignal) = Self.makePipe()
        (writerWake, writerSignal) = Self.makePipe()
        var ok = readerWake >= 0 && writerWake >= 0
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
            throw CurlConnection.failure(
                code: code == 0 ? 56 : code, easy: easy, proxy: proxy,
                pinnedHost: connection.tls.pinnedHost(for: url), isHTTP: true, curl: curl)
        }
        self.socket = socket
    }

    deinit {
        curl.easyCleanup(easy)
        for descriptor in [readerWake, readerSignal, writerWake, writerSignal] where descriptor >= 0 {
            Glibc.close(descriptor)
        }
    }

    /// A non-blocking, close-on-exec pipe (read end, write end); -1s when it cannot be made.
    private static func makePipe() -> (Int32, Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return (-1, -1) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }

    /// Sends `bytes`, waiting for room until `deadline`; returns how many were sent (all of them
    /// unless the deadline passed).
    ///
    /// - Throws: `URLError` when the connection fails or has been closed.
    func send(_ bytes: Data, until deadline: ContinuousClock.Instant) throws -> Int {
        var sent = 0
        while sent < bytes.count {
            sent += try sendAvailable(bytes.dropFirst(sent))
            guard sent < bytes.count else { break }
            let left = deadline - .now
            guard left > .zero else { break }
            guard wait(for: Int16(POLLOUT), wake: writerWake, milliseconds: Int32(clamping: left.milliseconds)) else {
                throw URLError(.networkConnectionLost)
            }
        }
        return sent
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

    /// Waits until the socket is readable, `milliseconds` pass (-1: no limit) or ``wakeReader()``
    /// or ``close()`` is called. False when closed.
    @discardableResult
    func waitReadable(milliseconds: Int32) -> Bool {
        wait(for: Int16(POLLIN), wake: readerWake, milliseconds: milliseconds)
    }

    /// Waits on the socket and one waiter's own wake-up.
    private func wait(for events: Int16, wake: Int32, milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: socket, events: events, revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            let result = poll(&fds, 2, milliseconds)
            if result < 0 && errno == EINTR { continue }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = Glibc.read(wake, &drain, 64)
            }
            return !lock.withLock { closed }
        }
    }

    /// Ends the reader's wait (to look at its deadlines again); a waiting writer is not woken.
    func wakeReader() { Self.signal(readerSignal) }

    private static func signal(_ descriptor: Int32) {
        var one: UInt8 = 1
        _ = Glibc.write(descriptor, &one, 1)
    }

    /// Closes the connection (once; later calls do nothing) and wakes the reader and the writer.
    func close() {
        let first = lock.withLock {
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        // Shuts the socket down now; libcurl closes it when the handle is cleaned up.
        Glibc.shutdown(socket, Int32(SHUT_RDWR))
        Self.signal(readerSignal)
        Self.signal(writerSignal)
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
