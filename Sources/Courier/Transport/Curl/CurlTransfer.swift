#if os(Linux)
import Foundation
import FoundationNetworking
import Synchronization

/// One request on its way through libcurl: its easy handle, the response read so far, and the
/// caller waiting for it.
///
/// This file holds the transfer's state and what it is made from; the rest is split by concern:
/// the libcurl options a request sets (CurlTransfer+Options.swift), the callbacks libcurl calls
/// while it runs (CurlTransfer+Callbacks.swift), how it ends (CurlTransfer+Completion.swift),
/// progress and downloads (CurlTransfer+Progress.swift), the body limit (CurlBodyLimit.swift),
/// uploads (CurlUpload.swift) and streamed bodies (CurlStreamedBody.swift).
///
/// `@unchecked Sendable`: the calling task fills it in (options, continuation) before handing it
/// to ``CurlEventLoop`` through a `Mutex`-protected queue, which orders those writes before the
/// loop thread reads them. From then on only the loop thread touches the mutable fields (libcurl
/// calls the callbacks from inside `curl_multi_perform`, on that thread), except `cancelled`,
/// which is a `Mutex` of its own.
final class CurlTransfer: @unchecked Sendable {
    /// What every transfer of a transport is made with: the same for each of its requests.
    struct Settings: Sendable {
        let curl: LibCurl
        /// The transport's timeout: a limit on silence for requests without a timeout of their
        /// own, and on opening a connection for every request.
        let defaultTimeout: Duration
        /// Proxies, TLS and Unix sockets.
        let connection: CurlConnection
    }

    /// Where the response goes besides the ``Outcome``: all nil for a response received whole,
    /// without progress.
    struct Delivery {
        /// The buffer a streamed body goes to (``CurlTransport/stream(_:)``).
        var stream: StreamBuffer?
        /// Receives progress (a ``Transfer``).
        var reporter: TransferProgress.Reporter?
        /// Where a download's 2xx body goes (with a reporter only).
        var downloadFile: DownloadFile?
    }

    let easy: LibCurl.Handle
    /// Set by the caller's cancellation handler; read by the loop when the transfer arrives.
    let cancelled = Mutex(false)
    var continuation: CheckedContinuation<Outcome, any Error>?

    /// When the caller's timeout runs out, queue time included (see ``CurlEventLoop``).
    let deadline: ContinuousClock.Instant?
    /// How many times libcurl was about to send the request; more than one means it wanted to
    /// send it again on a fresh connection, which CurlTransport refuses (see `willSend`).
    var sends = 0
    /// Set when the transfer was stopped instead of being sent a second time.
    var refusedResend = false
    /// Whether the request was ever handed a connection (false while it waits in libcurl's
    /// queue for one of the host's connections, or while its first connection opens).
    var wasSent: Bool { sends > 0 }
    /// When the loop handed the transfer to libcurl, and when libcurl was about to send the
    /// request: the transport's own clock for the time spent queued (see ``CurlPhases``).
    var addedAt: ContinuousClock.Instant?
    var sentAt: ContinuousClock.Instant?
    /// The loop's counts of connections and requests, and this transfer's place in them (see
    /// ``CurlPoolGauges``).
    let pool: CurlPoolGauges?
    let origin: String
    var poolStage = CurlPoolGauges.Stage.none
    /// Whether the URL is http or https: then libcurl's "unsupported protocol" means the server's
    /// answer was not HTTP.
    let isHTTP: Bool
    /// The proxy the request goes through; nil for a direct connection. Set with the options.
    var proxy: Proxy?
    /// The host whose public-key pins the server must match; nil when it has none.
    let pinnedHost: String?

    /// The request's header lines as libcurl holds them, freed when the transfer ends.
    var headerList: OpaquePointer?
    /// The body received so far, when it is held in memory.
    var body = Data()
    /// The header block of the latest response, raw (a `100 Continue` starts a new one).
    var head = Data()
    /// How the latest head is arriving, to tell its size limits from other failures (see
    /// CurlHeaderLimit.swift).
    var headProgress = CurlHeadProgress()
    /// Whether the latest response came over HTTP/2 (or later): its connection multiplexes.
    /// Written by the header callback; read by the caller once the loop thread resumed it.
    var multiplexed = false
    /// Where a streamed transfer's body goes (``CurlTransport/stream(_:)``); nil when the body is
    /// received whole.
    let streamed: CurlStreamedBody?

    // The limit on a body held in memory (``HTTPRequest/maximumResponseBodySize``; never for a
    // streamed body). See CurlBodyLimit.swift.
    /// The most body bytes kept in memory; nil for no limit.
    let bodyLimit: Int?
    /// Why the body was refused; the transfer was aborted.
    var limitError: ResponseBodyTooLarge?
    /// What the limit reads of the head arriving.
    var limitHead = CurlLimitHead()

    // Progress, only with a reporter (a ``Transfer``): without one, none of this is touched
    // per chunk, and no progress callback is installed. See CurlTransfer+Progress.swift.
    /// Receives progress.
    let reporter: TransferProgress.Reporter?
    /// Where a download's 2xx body goes (with a reporter only); nil keeps it in memory.
    let downloadFile: DownloadFile?
    /// The request, kept with a reporter to tell a redirect hop from the final response.
    let reportedRequest: HTTPRequest?
    /// The status of the response whose head is arriving, and whether that head is complete.
    var headStatus = 0
    var headComplete = false
    /// Set once the final response's head arrived: its body counts as progress.
    var reportsBody = false
    /// Upload bytes already reported.
    var uploaded: Int64 = 0
    /// Where a 2xx body goes instead of `body`, for a download; opened at its first byte (a
    /// proxy's answer to CONNECT is a 2xx head too, with no body).
    var file: CurlBodyFile?
    var fileDue = false
    /// Why the download file failed; the transfer was aborted.
    var fileError: URLError?

    // Uploads from a file or a stream (see CurlUpload.swift).
    /// Reads a file or stream body as libcurl asks for it; nil for an in-memory body.
    var bodyReader: BodyReader?
    /// Why reading the body failed; the transfer was aborted.
    var uploadError: (any Error)?
    /// Asks the event loop to unpause the transfer once a paused stream body has bytes again.
    var resumeUpload: (@Sendable () -> Void)?

    /// What a finished transfer hands its caller. Parsing the header block is left to the
    /// caller's thread, so the loop thread does as little as possible per transfer.
    struct Outcome: Sendable {
        let status: Int
        let head: Data
        let body: Data
        var phases: PhaseTimings?
        /// The body bytes written to the download's file instead of `body`, if any.
        var bytesWrittenToFile: Int64?

        /// The response, with `url` as the URL that answered.
        func response(url: URL) -> HTTPResponse {
            var response = HTTPResponse(statusCode: status, headers: CurlHeaderBlock.parse(head), body: body, url: url)
            response.phases = phases
            response.bytesWrittenToFile = bytesWrittenToFile
            return response
        }
    }

    /// Sets up `easy` for `request`, its response going where `delivery` says, counted in `pool`.
    ///
    /// - Throws: ``InvalidHeaderField`` for a header field HTTP does not allow, what opening a
    ///   file or stream body throws, and `URLError(.unsupportedURL)` when libcurl refuses an
    ///   option (for example a URL it cannot parse).
    init(
        easy: LibCurl.Handle, request: HTTPRequest, settings: Settings, delivery: Delivery = Delivery(),
        pool: CurlPoolGauges? = nil
    ) throws {
        self.easy = easy
        self.pool = pool
        // The scheme once: a URL's parts are parsed out again at each access.
        let scheme = request.url.scheme?.lowercased() ?? ""
        origin = CurlPoolGauges.origin(of: request.url, scheme: scheme)
        streamed = delivery.stream.map { CurlStreamedBody(buffer: $0, request: request) }
        bodyLimit = delivery.stream == nil ? request.maximumResponseBodySize : nil
        deadline = request.timeout.map { ContinuousClock.now + $0 }
        isHTTP = scheme == "http" || scheme == "https"
        reporter = delivery.reporter
        downloadFile = delivery.reporter == nil ? nil : delivery.downloadFile
        reportedRequest = delivery.reporter == nil ? nil : request
        pinnedHost = settings.connection.tls.pinnedHost(for: request.url)
        // libcurl sends header lines as given: a line break in a field would let a value smuggle
        // in headers (or a whole request) of its own. The pipeline never lets such a request
        // through; this is for a caller of the transport itself.
        if let invalid = request.headers.firstInvalidField() { throw invalid }
        try configure(for: request, isHTTPS: scheme == "https", settings: settings)
    }

    /// Counts the transfer as `stage` in the loop's gauges (queued once libcurl has it, active
    /// once sent, nothing once ended). Loop thread.
    func moveInPool(to stage: CurlPoolGauges.Stage) {
        pool?.move(origin, from: poolStage, to: stage)
        poolStage = stage
    }

    /// Opens a socket for this transfer's connection (the open-socket callback). Loop thread.
    func openSocket(address: UnsafeMutableRawPointer) -> Int32 {
        pool?.openSocket(for: origin, address: address) ?? -1
    }
}
#endif
