#if os(Linux)
package import Foundation
import Synchronization
import FoundationNetworking

/// A transport on libcurl, the library FoundationNetworking itself wraps, without Foundation's
/// per-request overhead: the default on Linux.
///
/// A few threads (``defaultThreads``: two, or one on a single-core machine) each drive a libcurl
/// multi handle with a share of the transport's connections, so connections are reused (HTTP/1.1
/// keep-alive, HTTP/2 multiplexing when a server offers it over TLS) and easy handles are
/// recycled. Requests are spread over the threads, except that every request to an HTTP/2
/// server goes to one of them, so that one multiplexed connection carries them all (see
/// ``init(timeout:maximumConnectionsPerHost:threads:)``). libcurl does TLS with the system's
/// certificate store and decompresses every encoding it was built with (gzip and deflate, usually
/// brotli).
///
/// Redirects are followed by the transport itself, only when ``HTTPRequest/followsRedirects``
/// says so: a 303 (and a 301/302 after a POST) continues as a GET, and `Authorization` and
/// `Cookie` are dropped when a redirect leaves the request's origin. ``HTTPRequest/timeout``
/// bounds the whole attempt, redirects included, and time spent waiting for a connection
/// counts; cancelling the calling task removes the transfer at once. A 401 is returned as an ordinary
/// response, whatever its `WWW-Authenticate` header says: credentials are the app's business.
///
/// A ``Transfer`` gets upload and download progress, and a download's successful body is
/// written to its file as it arrives rather than held in memory. Without a ``Transfer`` no
/// progress is tracked at all.
///
/// At most ``init(timeout:maximumConnectionsPerHost:threads:)``'s `maximumConnectionsPerHost`
/// connections are open to one host at a time (6 by default); requests beyond them wait in the
/// transport until one is free. The wait is part of the request's ``HTTPRequest/timeout``: a
/// caller's deadline means the same with 1 or 200 requests in flight, and a request that
/// cannot get a connection in time fails with `URLError(.timedOut)` saying so. A request
/// without a timeout of its own waits as long as it takes (the default timeout, a limit on
/// silence, starts once it has a connection).
///
/// A request is written to the wire once per call to ``send(_:)``. When a reused keep-alive
/// connection turns out dead before any answer, libcurl would send the request again on a new
/// connection by itself; the transport refuses, because the server may have received and acted
/// on the first one, and the call fails with `URLError(.networkConnectionLost)` saying the
/// request may or may not have reached the server. A ``RetryPolicy`` then retries it if the
/// method is idempotent or the request is ``Request/retryable(_:)``, and counts the attempt.
///
/// libcurl is loaded from the system's `libcurl.so.4` when first used (see `LibCurl` for why),
/// so nothing needs installing. When it cannot be loaded, ``init(timeout:maximumConnectionsPerHost:threads:)`` throws
/// ``HTTPError/Kind/transportUnavailable(reason:)``, ``shared`` is nil and clients fall back to
/// ``URLSessionTransport``.
///
/// ```swift
/// let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: try CurlTransport())
/// ```
public final class CurlTransport: HTTPTransport {
    /// A transport shared by every client that does not choose one; nil when libcurl cannot be
    /// loaded.
    public static let shared: CurlTransport? = try? CurlTransport()

    /// libcurl could not be loaded or set up; the public initialisers throw it as
    /// ``HTTPError/Kind/transportUnavailable(reason:)``.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong (the `dlopen` message, a missing function...).
        package let reason: String
        /// A readable account.
        package var description: String { "CurlTransport is unavailable: \(reason)" }
    }

    let curl: LibCurl
    /// The event loops: one, or several with `group` spreading work over them.
    private let loops: [CurlEventLoop]
    private let group: CurlLoopGroup?
    /// The timeout of a request without one of its own (a WebSocket handshake's too).
    let defaultTimeout: Duration
    /// Where WebSocket handshakes run (libcurl's connect and the handshake's reads block): off
    /// Swift's cooperative pool and off the loop threads, several at once.
    let webSocketQueue = DispatchQueue(label: "courier.websocket.handshake", attributes: .concurrent)
    /// The proxy settings and CA file of every transfer (and of a WebSocket this transport opens).
    let connection: CurlConnection
    /// What each transfer is made with.
    private let transferSettings: CurlTransfer.Settings

    /// The default of ``init(timeout:maximumConnectionsPerHost:threads:)``'s connection limit: 6, what
    /// URLSession uses on Linux (`httpMaximumConnectionsPerHost`) and what browsers open per host.
    /// Enough to keep a loopback or LAN server busy, few enough that 200 calls in flight do not
    /// overrun a small server's listen backlog; over HTTP/2 one connection carries many requests
    /// at once, so the limit rarely matters there.
    public static let defaultMaximumConnectionsPerHost = 6

    /// The default of ``init(timeout:maximumConnectionsPerHost:threads:)``'s thread count: 2, or 1
    /// on a machine with a single core.
    ///
    /// With many requests in flight, one thread running libcurl and resuming every caller is busy
    /// all the time while another core has room; a second thread takes half of that work (see
    /// Benchmarks/README.md). More than two would split the default per-host limit of 6 into
    /// shares of 2 connections or fewer a thread; two is what the benchmarks measured.
    public static let defaultThreads = min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))

    /// Creates a transport with its own connection pool and threads.
    ///
    /// - Parameters:
    ///   - timeout: How long an attempt may go without receiving data (and the longest a
    ///     connection may take to open) when the request has no ``HTTPRequest/timeout`` of its own.
    ///   - maximumConnectionsPerHost: How many connections may be open to one host (scheme, name
    ///     and port) at a time; requests beyond them wait in the transport. At least 1.
    ///   - threads: How many threads drive libcurl (``defaultThreads`` by default; at least 1, at
    ///     most `maximumConnectionsPerHost`). With more than one, each thread has a connection pool
    ///     of its own holding an equal share of `maximumConnectionsPerHost` (so the limit still
    ///     holds for the transport as a whole), requests are spread over the threads, and so are
    ///     the tasks that prefer ``executor``. Requests to an https origin all go to one thread
    ///     (the same one for that origin) until a response shows the origin speaks HTTP/1.x, and
    ///     again once one shows HTTP/2: an HTTP/2 server gets one connection carrying every
    ///     request, an HTTP/1.1 server over TLS gets the whole limit once its first answer is in.
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` when `libcurl.so.4` cannot be
    ///   loaded (or is older than 7.80).
    public convenience init(
        timeout: Duration = .seconds(60),
        maximumConnectionsPerHost: Int = CurlTransport.defaultMaximumConnectionsPerHost,
        threads: Int = CurlTransport.defaultThreads
    ) throws(HTTPError) {
        try self.init(
            timeout: timeout, maximumConnectionsPerHost: maximumConnectionsPerHost, threads: threads,
            proxy: .environment())
    }

    /// Creates a transport that sends its requests through the proxies `proxy` names.
    ///
    /// The transport without this argument reads the environment
    /// (``ProxySettings/environment(_:)``, once, when it is created); a value given here
    /// replaces the environment entirely, so `.none` connects directly whatever `https_proxy`
    /// says. https requests go through an HTTP proxy in a `CONNECT` tunnel, http requests as
    /// absolute URLs; SOCKS5 proxies carry both. A proxy that refuses a request (a 407, a tunnel
    /// refused, a SOCKS5 server rejecting the login) fails it with
    /// ``HTTPError/Kind/proxyFailed(proxy:status:reason:)``; one that
    /// cannot be reached fails it with a `URLError` (`.cannotFindHost`, `.cannotConnectToHost`)
    /// whose description names the proxy. Its credentials reach neither errors nor logs.
    ///
    /// ```swift
    /// let proxy = URL(string: "http://me:secret@127.0.0.1:3128")!
    /// let transport = try CurlTransport(proxy: .always(proxy, except: ["localhost"]))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: As for ``init(timeout:maximumConnectionsPerHost:threads:)``.
    ///   - maximumConnectionsPerHost: As for ``init(timeout:maximumConnectionsPerHost:threads:)``.
    ///   - threads: As for ``init(timeout:maximumConnectionsPerHost:threads:)``.
    ///   - proxy: Which requests go through which proxy.
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` when `libcurl.so.4` cannot be
    ///   loaded (or is older than 7.80).
    public convenience init(
        timeout: Duration = .seconds(60),
        maximumConnectionsPerHost: Int = CurlTransport.defaultMaximumConnectionsPerHost,
        threads: Int = CurlTransport.defaultThreads,
        proxy: ProxySettings
    ) throws(HTTPError) {
        try self.init(
            timeout: timeout, maximumConnectionsPerHost: maximumConnectionsPerHost, threads: threads,
            connection: CurlConnection(proxies: proxy.checked()))
    }

    /// Creates a transport with TLS settings of its own and, optionally, hosts reached over Unix
    /// sockets.
    ///
    /// `tls` adds certificate authorities (with or without the system's store), a client
    /// certificate for servers that ask for one, and public-key pins per host: a server whose key
    /// matches none of its host's pins fails the request with
    /// ``HTTPError/Kind/certificatePinMismatch(host:)`` naming the host, during the TLS handshake, before any byte of the request is sent.
    ///
    /// `unixSockets` maps host names to socket paths: a request to `http://docker/v1.43/info`
    /// with `["docker": "/var/run/docker.sock"]` is sent over that socket, never through a proxy
    /// (the URL's port is ignored; its host is sent in `Host`). Other hosts are reached as usual.
    ///
    /// ```swift
    /// let pin = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
    /// let transport = try CurlTransport(
    ///     tls: TLSSettings(certificateAuthorities: [try Data(contentsOf: caFile)], pins: ["api.example.com": [pin]]),
    ///     unixSockets: ["docker": "/var/run/docker.sock"])
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: As for ``init(timeout:maximumConnectionsPerHost:threads:)``.
    ///   - maximumConnectionsPerHost: As for ``init(timeout:maximumConnectionsPerHost:threads:)``.
    ///   - threads: As for ``init(timeout:maximumConnectionsPerHost:threads:)``.
    ///   - proxy: As for ``init(timeout:maximumConnectionsPerHost:threads:proxy:)``; the
    ///     environment's by default.
    ///   - tls: Whom to trust and which client certificate to show.
    ///   - unixSockets: Socket paths by host name (case does not matter).
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` when `libcurl.so.4` cannot be
    ///   loaded (or is older than 7.80), or a pin or a proxy URL is not well-formed.
    public convenience init(
        timeout: Duration = .seconds(60),
        maximumConnectionsPerHost: Int = CurlTransport.defaultMaximumConnectionsPerHost,
        threads: Int = CurlTransport.defaultThreads,
        proxy: ProxySettings = .environment(),
        tls: TLSSettings,
        unixSockets: [String: String] = [:]
    ) throws(HTTPError) {
        let curlTLS: CurlTLS
        do {
            curlTLS = try CurlTLS(tls.checked(), curl: LibCurl.loaded.get())
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError.transportUnavailable(String(describing: error))
        }
        try self.init(
            timeout: timeout, maximumConnectionsPerHost: maximumConnectionsPerHost, threads: threads,
            connection: CurlConnection(proxies: proxy.checked(), tls: curlTLS, unixSockets: unixSockets))
    }

    /// Creates a transport that reaches the hosts in `unixSockets` over Unix sockets (see
    /// ``init(timeout:maximumConnectionsPerHost:threads:proxy:tls:unixSockets:)``), with the
    /// system's TLS settings.
    ///
    /// ```swift
    /// let transport = try CurlTransport(unixSockets: ["docker": "/var/run/docker.sock"])
    /// let client = HTTPClient(baseURL: URL(string: "http://docker/v1.43")!, transport: transport)
    /// ```
    ///
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` when `libcurl.so.4` cannot be
    ///   loaded (or is older than 7.80).
    public convenience init(
        timeout: Duration = .seconds(60),
        maximumConnectionsPerHost: Int = CurlTransport.defaultMaximumConnectionsPerHost,
        threads: Int = CurlTransport.defaultThreads,
        proxy: ProxySettings = .environment(),
        unixSockets: [String: String]
    ) throws(HTTPError) {
        try self.init(
            timeout: timeout, maximumConnectionsPerHost: maximumConnectionsPerHost, threads: threads,
            connection: CurlConnection(proxies: proxy.checked(), unixSockets: unixSockets))
    }

    /// Creates a transport that trusts the certificate authorities in a PEM file besides the
    /// system's (tests use it for a server with a certificate made on the spot).
    package convenience init(
        timeout: Duration, maximumConnectionsPerHost: Int = CurlTransport.defaultMaximumConnectionsPerHost,
        threads: Int = CurlTransport.defaultThreads, certificateAuthorities: URL?,
        proxy: ProxySettings = .environment()
    ) throws {
        try self.init(
            timeout: timeout, maximumConnectionsPerHost: maximumConnectionsPerHost, threads: threads, proxy: proxy,
            tls: {
                var tls = TLSSettings()
                tls.certificateAuthorityFiles = certificateAuthorities.map { [$0] } ?? []
                return tls
            }())
    }

    private init(
        timeout: Duration, maximumConnectionsPerHost: Int, threads: Int, connection: CurlConnection
    ) throws(HTTPError) {
        do {
            curl = try LibCurl.loaded.get()
        } catch {
            throw HTTPError.transportUnavailable(error.description)
        }
        let limit = max(1, maximumConnectionsPerHost)
        let count = min(max(1, threads), limit)
        var loops: [CurlEventLoop] = []
        for index in 0..<count {
            // An equal share of the limit each, the first ones taking the remainder.
            let share = limit / count + (index < limit % count ? 1 : 0)
            do {
                loops.append(try CurlEventLoop(curl: curl, maximumConnectionsPerHost: share, transportLimit: limit))
            } catch {
                for loop in loops { loop.shutdown() }
                throw HTTPError.transportUnavailable(error.description)
            }
        }
        self.loops = loops
        group = loops.count > 1 ? CurlLoopGroup(loops: loops) : nil
        self.connection = connection
        defaultTimeout = timeout
        transferSettings = CurlTransfer.Settings(curl: curl, defaultTimeout: timeout, connection: connection)
    }

    deinit {
        for loop in loops { loop.shutdown() }
    }

    /// How many threads drive libcurl (see ``init(timeout:maximumConnectionsPerHost:threads:)``).
    public var threads: Int { loops.count }

    /// The transport's threads as a task executor, for tasks that send many requests.
    ///
    /// By default a caller's task runs on Swift's cooperative pool and the transport's threads
    /// drive libcurl, so every request crosses between threads twice: the finished response
    /// wakes a pool thread to resume the caller, and the caller's next request goes back to a
    /// transport thread. A task that prefers this executor runs its code on a transport thread
    /// between turns of libcurl instead, and neither crossing happens:
    ///
    /// ```swift
    /// let transport = try CurlTransport()
    /// let client = HTTPClient(baseURL: baseURL, transport: transport)
    /// let posts = try await withTaskExecutorPreference(transport.executor) {
    ///     try await fetchEveryPage(with: client)
    /// }
    /// ```
    ///
    /// Everything such a task does between its `await`s holds up every transfer of the thread
    /// it runs on: keep blocking calls and long computations (decoding a large body, for
    /// instance) off it. Its child tasks inherit the preference. If the transport is released while
    /// a task still prefers its executor, the task goes on running on a global thread. The default
    /// transport's executor is `CurlTransport.shared?.executor`. With several ``threads``, the
    /// executor spreads its tasks over them: a task keeps to one thread while the threads are
    /// about equally busy.
    public var executor: any TaskExecutor { group ?? loops[0] }

    /// How the transport's connections to each origin are used right now, a snapshot for a
    /// dashboard or a test that waits for a state, by origin (`scheme://host:port`, the port
    /// always written, lowercased):
    ///
    /// - `open`: connections open or opening to the origin (over a proxy: to the proxy, for this
    ///   origin's requests);
    /// - `idle`: open connections carrying no request right now, kept for the next one;
    /// - `active`: requests on the wire, sent and waiting for or receiving their response;
    /// - `queued`: requests waiting for a connection, behind the per-host limit or while their
    ///   connection opens.
    ///
    /// One entry per origin with a connection open or a request under way; an idle transport
    /// whose connections have closed returns none. With several ``threads``, the counts of all
    /// of them are added up. (URLSession keeps its connection pool to itself, so
    /// ``URLSessionTransport`` has no such gauges.)
    ///
    /// ```swift
    /// for (origin, gauge) in transport.connectionGauges() where gauge.queued > 0 {
    ///     print("\(origin): \(gauge.queued) requests waiting for one of \(gauge.open) connections")
    /// }
    /// ```
    public func connectionGauges() -> [String: (open: Int, idle: Int, active: Int, queued: Int)] {
        connectionGaugeSnapshots().reduce(into: [:]) { gauges, gauge in
            gauges[gauge.origin] = (gauge.open, gauge.idle, gauge.active, gauge.queued)
        }
    }

    /// ``connectionGauges()`` as values, sorted by origin.
    func connectionGaugeSnapshots() -> [ConnectionGauges] {
        var merged: [String: ConnectionGauges] = [:]
        for gauge in loops.flatMap({ $0.pool.snapshot() }) {
            var total = merged[gauge.origin, default: ConnectionGauges(origin: gauge.origin)]
            total.open += gauge.open
            total.idle += gauge.idle
            total.active += gauge.active
            total.queued += gauge.queued
            merged[gauge.origin] = total
        }
        return merged.values.sorted { $0.origin < $1.origin }
    }

    /// Sends the request and waits for the whole response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await performFollowingRedirects(request, streaming: false)
    }

    /// Sends the request, reporting its progress as bytes move and writing a successful body to
    /// `file` while it arrives, when set (see `ProgressReportingTransport`).
    func send(_ request: HTTPRequest, reporting progress: TransferProgress.Reporter, writingTo file: DownloadFile?)
        async throws -> HTTPResponse
    {
        // One attempt for a ``Transfer``, however many hops: only the final response's body
        // counts as download progress (see CurlTransfer).
        progress.beginAttempt(expectedUpload: request.body == nil ? 0 : request.body?.length)
        return try await performFollowingRedirects(request, streaming: false, reporting: progress, writingTo: file)
    }

    /// Runs `request` and each redirect it follows as one transfer; the request's timeout bounds
    /// them all (and, streaming, the whole body too). With `streaming`, each hop's body goes to a
    /// new ``StreamBuffer`` and a streamed response returns at its head.
    func performFollowingRedirects(
        _ request: HTTPRequest, streaming: Bool, reporting progress: TransferProgress.Reporter? = nil,
        writingTo file: DownloadFile? = nil
    ) async throws -> HTTPResponse {
        let deadline = request.timeout.map { ContinuousClock.now + $0 }
        var hop = request
        for _ in 0...Redirects.maximumHops {
            if let deadline {
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero else { throw URLError(.timedOut) }
                hop.timeout = remaining
            }
            let response = try await perform(
                hop, streamingInto: streaming ? StreamBuffer() : nil, reporting: progress, writingTo: file)
            if request.followsRedirects, let refused = Redirects.refusal(after: response) {
                response.bodyStream?.cancel()
                throw refused
            }
            if response.bodyStream != nil { return response }
            guard request.followsRedirects, let next = Redirects.request(after: response, to: hop) else {
                return response
            }
            hop = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// Runs one transfer on the event loop: no redirect is followed here.
    ///
    /// With a `buffer`, the transfer's body is streamed into it: the response returns at its head,
    /// with ``HTTPResponse/bodyStream`` reading the buffer (unless it is a redirect to follow).
    func perform(
        _ request: HTTPRequest, streamingInto buffer: StreamBuffer? = nil,
        reporting progress: TransferProgress.Reporter? = nil, writingTo file: DownloadFile? = nil
    ) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let origin = group == nil ? nil : CurlLoopGroup.tlsOrigin(of: request.url)
        let loop = group?.loop(forOrigin: origin) ?? loops[0]
        guard let easy = loop.makeEasyHandle() else {
            throw URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "curl_easy_init failed"])
        }
        let transfer: CurlTransfer
        do {
            transfer = try CurlTransfer(
                easy: easy, request: request, settings: transferSettings,
                delivery: .init(stream: buffer, reporter: progress, downloadFile: file), pool: loop.pool)
        } catch {
            loop.recycle(easy)
            throw error
        }
        if transfer.bodyReader?.stream != nil {
            transfer.resumeUpload = { [weak transfer] in
                if let transfer { loop.resume(transfer) }
            }
        }
        // Connected before the transfer starts: a pause can come with the first bytes.
        buffer?.connect(resume: { loop.resume(transfer) }, cancel: { loop.cancel(transfer) })
        let outcome = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            transfer.cancelled.withLock { $0 = true }
            loop.cancel(transfer)
        }
        // Read after the loop thread resumed this task, which orders its writes before.
        if let origin { group?.learn(origin: origin, multiplexed: transfer.multiplexed) }
        // libcurl follows no redirect here, so the URL that answered is the one asked.
        var response = outcome.response(url: request.url)
        if let proxy = transfer.proxy, response.statusCode == 407 {
            // Over plain http the proxy answers in the request's place (over https it answers
            // CONNECT, and the transfer fails in CurlTransfer).
            buffer?.cancel()
            throw ProxyError.authenticationFailed(proxy, status: 407)
        }
        if let buffer, transfer.streamed?.started == true {
            response.bodyStream = HTTPResponse.ByteStream(source: buffer)
        } else {
            buffer?.cancel()
        }
        return response
    }
}
#endif
