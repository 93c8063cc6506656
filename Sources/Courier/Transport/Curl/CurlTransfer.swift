#if os(Linux)
import Foundation
import FoundationNetworking
import Synchronization

/// One request on its way through libcurl: its easy handle, the response read so far, and the
/// caller waiting for it.
///
/// `@unchecked Sendable`: the calling task fills it in (options, continuation) before handing it
/// to ``CurlEventLoop`` through a `Mutex`-protected queue, which orders those writes before the
/// loop thread reads them. From then on only the loop thread touches the mutable fields (libcurl
/// calls the callbacks from inside `curl_multi_perform`, on that thread), except `cancelled`,
/// which is a `Mutex` of its own.
final class CurlTransfer: @unchecked Sendable {
    let easy: LibCurl.Handle
    /// Set by the caller's cancellation handler; read by the loop when the transfer arrives.
    let cancelled = Mutex(false)
    var continuation: CheckedContinuation<Outcome, any Error>?

    /// When the caller's timeout runs out, queue time included (see ``CurlEventLoop``).
    let deadline: ContinuousClock.Instant?
    /// How many times libcurl was about to send the request; more than one means it wanted to
    /// send it again on a fresh connection, which CurlTransport refuses (see `refuseResend`).
    private var sends = 0
    /// Set when the transfer was stopped instead of being sent a second time.
    private var refusedResend = false
    /// Whether the request was ever handed a connection (false while it waits in libcurl's
    /// queue for one of the host's connections, or while its first connection opens).
    var wasSent: Bool { sends > 0 }
    /// When the loop handed the transfer to libcurl, and when libcurl was about to send the
    /// request: the transport's own clock for the time spent queued (see ``CurlPhases``).
    var addedAt: ContinuousClock.Instant?
    private var sentAt: ContinuousClock.Instant?
    /// The loop's counts of connections and requests, and this transfer's place in them (see
    /// ``CurlPoolGauges``).
    private let pool: CurlPoolGauges?
    private let origin: String
    private var poolStage = CurlPoolGauges.Stage.none
    /// Whether the URL is http or https: then libcurl's "unsupported protocol" means the server's
    /// answer was not HTTP.
    private let isHTTP: Bool
    /// The proxy the request goes through; nil for a direct connection.
    let proxy: Proxy?
    /// The host whose public-key pins the server must match; nil when it has none.
    private let pinnedHost: String?

    private var headerList: OpaquePointer?
    /// The body received so far, when it is held in memory.
    var body = Data()
    /// The header block of the latest response, raw (a `100 Continue` starts a new one).
    var head = Data()
    /// How the latest head is arriving, to tell its size limits from other failures (see
    /// CurlHeaderLimit.swift).
    var headProgress = CurlHeadProgress()
    /// Whether the latest response came over HTTP/2 (or later): its connection multiplexes.
    /// Read by the caller once the loop thread resumed it.
    private(set) var multiplexed = false
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
    // per chunk, and no progress callback is installed.
    /// Receives progress.
    let reporter: TransferProgress.Reporter?
    /// Where a download's 2xx body goes (with a reporter only); nil keeps it in memory.
    let downloadFile: DownloadFile?
    /// The request, kept with a reporter to tell a redirect hop from the final response.
    private let reportedRequest: HTTPRequest?
    /// The status of the response whose head is arriving, and whether that head is complete.
    private var headStatus = 0
    private var headComplete = false
    /// Set once the final response's head arrived: its body counts as progress.
    private var reportsBody = false
    /// Upload bytes already reported.
    private var uploaded: Int64 = 0
    /// Where a 2xx body goes instead of `body`, for a download; opened at its first byte (a
    /// proxy's answer to CONNECT is a 2xx head too, with no body).
    private var file: CurlBodyFile?
    private var fileDue = false
    /// Why the download file failed; the transfer was aborted.
    private var fileError: URLError?

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

    /// Sets up `easy` for `request`.
    ///
    /// - Throws: ``InvalidHeaderField`` for a header field HTTP does not allow, and
    ///   `URLError(.unsupportedURL)` when libcurl refuses an option (for example a URL it cannot
    ///   parse).
    init(
        easy: LibCurl.Handle, request: HTTPRequest, curl: LibCurl, defaultTimeout: Duration,
        connection: CurlConnection, streamingInto buffer: StreamBuffer? = nil,
        reporting reporter: TransferProgress.Reporter? = nil, writingTo downloadFile: DownloadFile? = nil,
        pool: CurlPoolGauges? = nil
    ) throws {
        self.easy = easy
        self.pool = pool
        origin = CurlPoolGauges.origin(of: request.url)
        streamed = buffer.map { CurlStreamedBody(buffer: $0, request: request) }
        bodyLimit = buffer == nil ? request.maximumResponseBodySize : nil
        deadline = request.timeout.map { ContinuousClock.now + $0 }
        isHTTP = ["http", "https"].contains(request.url.scheme?.lowercased() ?? "")
        self.reporter = reporter
        self.downloadFile = reporter == nil ? nil : downloadFile
        reportedRequest = reporter == nil ? nil : request
        // libcurl sends header lines as given: a line break in a field would let a value smuggle
        // in headers (or a whole request) of its own. The pipeline never lets such a request
        // through; this is for a caller of the transport itself.
        if let invalid = request.headers.firstInvalidField() { throw invalid }
        var failed: Int32 = 0
        func check(_ code: Int32) { if failed == 0, code != 0 { failed = code } }
        func set(_ option: Int32, _ value: Int) { check(curl.setLong(easy, option, value)) }
        func set(_ option: Int32, _ text: String) { check(text.withCString { curl.setPointer(easy, option, $0) }) }

        set(CurlOption.noSignal, 1)
        set(CurlOption.url, request.url.absoluteString)
        set(CurlOption.protocols, CurlOption.httpAndHTTPS)
        set(CurlOption.httpVersion, CurlOption.httpVersion2OverTLS)
        if request.url.scheme?.lowercased() == "https" { set(CurlOption.pipeWait, 1) }
        set(CurlOption.tcpKeepAlive, 1)
        set(CurlOption.acceptEncoding, "")
        if buffer != nil { set(CurlOption.bufferSize, CurlOption.streamedBufferSize) }
        proxy = connection.configure(easy, for: request.url, curl: curl, check: check)
        pinnedHost = connection.tls.pinnedHost(for: request.url)
        // CURLOPT_FOLLOWLOCATION stays off: CurlTransport follows redirects itself (see
        // Redirects).
        let defaultMilliseconds = defaultTimeout.wholeMilliseconds
        if let timeout = request.timeout {
            // The request's timeout bounds the whole attempt, as URLSessionTransport does.
            set(CurlOption.timeoutMilliseconds, max(1, timeout.wholeMilliseconds))
        } else {
            // Without one, a transfer fails once it has been silent for the default timeout,
            // like URLSession's idle timeout.
            set(CurlOption.lowSpeedLimit, 1)
            set(CurlOption.lowSpeedTime, max(1, defaultMilliseconds / 1000))
        }
        set(CurlOption.connectTimeoutMilliseconds, max(1, defaultMilliseconds))

        if let body = request.body, body.data == nil {
            // Files opened (and a stream's pump started) before anything is sent.
            bodyReader = try BodyReader(body)
        }
        setMethodAndBody(request, curl: curl, check: check)

        // `Expect:` with no value stops libcurl from waiting for `100 Continue` before a body.
        var list = curl.slistAppend(nil, "Expect:")
        if let bodyReader, bodyReader.length == nil, !request.headers.contains("Transfer-Encoding") {
            // A body of unknown length goes out in chunks over HTTP/1.1 (libcurl drops the field
            // over HTTP/2, which frames bodies itself).
            list = curl.slistAppend(list, "Transfer-Encoding: chunked")
        }
        for field in request.headers {
            // "Name;" is libcurl's way to send a header whose value is empty.
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl.slistAppend(list, line)
        }
        headerList = list
        check(curl.setPointer(easy, CurlOption.httpHeader, UnsafeRawPointer(list)))

        let me = Unmanaged.passUnretained(self).toOpaque()
        pool?.install(on: easy, transfer: me, curl: curl, check: check)
        check(curl.setPointer(easy, CurlOption.writeData, me))
        check(curl.setPointer(easy, CurlOption.headerData, me))
        check(
            curl.setCallback(easy, CurlOption.writeFunction) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                let length = size * count
                if let data, length > 0 {
                    if let streamed = transfer.streamed, streamed.started {
                        return transfer.streamBody(
                            UnsafeRawBufferPointer(start: data, count: length), streamed: streamed)
                    }
                    if transfer.reportsBody {
                        return transfer.receiveObserved(UnsafeRawBufferPointer(start: data, count: length))
                    }
                    // Returning 0 aborts the transfer (the body passed its limit).
                    return transfer.keep(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
                }
                return length
            })
        check(
            curl.setCallback(easy, CurlOption.headerFunction) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                let length = size * count
                if let data, length > 0 {
                    let bytes = UnsafeRawBufferPointer(start: data, count: length)
                    transfer.headProgress.received(bytes)
                    if bytes.starts(with: "HTTP/".utf8) {
                        // A status line: the headers before it belonged to an interim response.
                        transfer.head.removeAll(keepingCapacity: true)
                        // "HTTP/2 200", "HTTP/3 200"; "HTTP/1.1 200" does not multiplex.
                        transfer.multiplexed = length > 5 && bytes[5] >= UInt8(ascii: "2")
                    } else {
                        transfer.head.append(contentsOf: bytes)
                    }
                    if let streamed = transfer.streamed { transfer.streamHeaderLine(bytes, streamed: streamed) }
                    // Returning less than `length` aborts the transfer (the download file failed,
                    // or the head announced a body past the limit).
                    if transfer.reporter != nil, !transfer.observeHeaderLine(bytes) { return 0 }
                    if transfer.bodyLimit != nil, !transfer.limitHeaderLine(bytes) { return 0 }
                }
                return length
            })
        // libcurl sends a request again by itself when a reused keep-alive connection turns out
        // dead before any response byte arrived, whatever the method, and rewinds an in-memory
        // body to do so. The server may well have received and acted on the first one, so a
        // second send is refused here: only RetryPolicy retries, knowing the method and
        // counting the attempt.
        check(curl.setPointer(easy, CurlOption.prereqData, me))
        check(
            curl.setPrereqCallback(easy, CurlOption.prereqFunction) { context, _, _, _, _ in
                guard let context else { return 0 }
                return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().willSend()
            })
        if reporter != nil {
            check(curl.setPointer(easy, CurlOption.progressData, me))
            check(
                curl.setProgressCallback(easy, CurlOption.progressFunction) { context, _, _, _, uploadedNow in
                    guard let context else { return 0 }
                    Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().didUpload(total: uploadedNow)
                    return 0
                })
            check(curl.setLong(easy, CurlOption.noProgress, 0))
        }
        if failed != 0 {
            bodyReader?.close()
            curl.slistFreeAll(headerList)
            headerList = nil
            throw URLError(
                .unsupportedURL,
                userInfo: [NSLocalizedDescriptionKey: "libcurl refused the request: " + curl.message(for: failed)])
        }
    }

    private func setMethodAndBody(_ request: HTTPRequest, curl: LibCurl, check: (Int32) -> Void) {
        switch (request.method, request.body) {
        case (.head, _):
            check(curl.setLong(easy, CurlOption.noBody, 1))
        case (.get, nil):
            check(curl.setLong(easy, CurlOption.httpGet, 1))
        case (let method, let body):
            if method != .post {
                check(method.rawValue.withCString { curl.setPointer(easy, CurlOption.customRequest, $0) })
            }
            if let body, body.data == nil {
                setUnbufferedBody(curl: curl, check: check)
            } else if body != nil || method == .post {
                let data = body?.data ?? Data()
                // The size first: COPYPOSTFIELDS copies that many bytes (binary-safe).
                check(curl.setOffset(easy, CurlOption.postFieldSizeLarge, Int64(data.count)))
                check(
                    data.withUnsafeBytes { bytes in
                        curl.setPointer(
                            easy, CurlOption.copyPostFields, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
                    })
            } else {
                check(curl.setLong(easy, CurlOption.httpGet, 1))
            }
        }
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

    /// The pre-request callback: lets the first send through and stops any other. Loop thread.
    private func willSend() -> Int32 {
        sends += 1
        guard sends > 1 else {
            sentAt = .now
            moveInPool(to: .active)
            return 0
        }
        refusedResend = true
        return CurlOption.prereqAbort
    }

    /// Resumes the caller with the response, or with the error `code` stands for. Loop thread.
    func finish(code: Int32, curl: LibCurl) {
        moveInPool(to: .none)
        releaseHeaderList(curl: curl)
        bodyReader?.close()
        if let streamed, streamed.started {
            // The caller has the head; the end (or the failure) goes to the body's reader.
            streamed.buffer.finish(
                throwing: code == 0
                    ? nil
                    : uploadError ?? (refusedResend ? URLError.refusedResend : failure(code: code, curl: curl)))
            return
        }
        guard code == 0, case .saved(let bytesWrittenToFile) = saveFile() else {
            fail(
                limitError ?? uploadError ?? fileError
                    ?? (refusedResend ? URLError.refusedResend : failure(code: code, curl: curl))
            )
            return
        }
        var status = 0
        _ = curl.getInfo(easy, CurlOption.infoResponseCode, &status)
        var outcome = Outcome(status: status, head: head, body: body)
        outcome.bytesWrittenToFile = bytesWrittenToFile
        if let addedAt, let sentAt {
            outcome.phases = CurlPhases.read(
                easy, instants: .init(added: addedAt, sent: sentAt, finished: .now), curl: curl)
        }
        head = Data()
        body = Data()
        continuation?.resume(returning: outcome)
        continuation = nil
    }

    /// Resumes the caller with `error`. Loop thread (or the caller, before the loop saw it).
    func fail(_ error: any Error, curl: LibCurl? = nil) {
        moveInPool(to: .none)
        if let curl { releaseHeaderList(curl: curl) }
        bodyReader?.close()
        file?.discard()
        file = nil
        if let streamed, streamed.started { streamed.buffer.finish(throwing: error) }
        continuation?.resume(throwing: error)
        continuation = nil
    }

    /// What became of a complete body's download file.
    private enum SavedFile {
        /// Saved with this many bytes; nil when the body went to memory (no file, or not a 2xx).
        case saved(Int64?)
        /// Its last writes failed: the file is gone.
        case failed
    }

    /// Closes a download file after a complete body.
    private func saveFile() -> SavedFile {
        // An empty body never opened its file.
        guard openDueFile() else { return .failed }
        guard let file else { return .saved(nil) }
        self.file = nil
        guard file.close() else {
            fileError = URLError(.cannotWriteToFile)
            return .failed
        }
        // A body that ended before the length its head announced is not the whole file.
        if let short = file.target.checkComplete() {
            fileError = short
            return .failed
        }
        return .saved(file.bytesWritten)
    }

    private func releaseHeaderList(curl: LibCurl) {
        curl.slistFreeAll(headerList)
        headerList = nil
    }

    /// What a failed transfer's `CURLcode` means (see ``CurlConnection/failure(code:easy:proxy:pinnedHost:isHTTP:curl:)``).
    /// Loop thread.
    private func failure(code: Int32, curl: LibCurl) -> any Error {
        if let tooLarge = headProgress.tooLarge(code: code) { return tooLarge }
        return CurlConnection.failure(
            code: code, easy: easy, proxy: proxy, pinnedHost: pinnedHost, isHTTP: isHTTP, curl: curl)
    }

    /// The `URLError` a `CURLcode` means, with libcurl's text as its description (never the URL,
    /// which may carry secrets).
    ///
    /// For an http or https URL, `CURLE_UNSUPPORTED_PROTOCOL` means the server answered with
    /// bytes that are not HTTP ("Received HTTP/0.9 when not allowed"): a bad server response,
    /// not a bad URL.
    static func urlError(code: Int32, isHTTP: Bool, curl: LibCurl) -> URLError {
        let urlCode: URLError.Code =
            switch code {
            case 1: isHTTP ? .badServerResponse : .unsupportedURL  // CURLE_UNSUPPORTED_PROTOCOL
            case 3: .badURL  // CURLE_URL_MALFORMAT
            case 5, 6: .cannotFindHost  // CURLE_COULDNT_RESOLVE_PROXY, _HOST
            case 7: .cannotConnectToHost  // CURLE_COULDNT_CONNECT
            case 8: .badServerResponse  // CURLE_WEIRD_SERVER_REPLY
            case 16: .networkConnectionLost  // CURLE_HTTP2: the HTTP/2 framing layer failed
            // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR, HTTP2_STREAM
            case 18, 52, 55, 56, 92: .networkConnectionLost
            case 28: .timedOut  // CURLE_OPERATION_TIMEDOUT
            case 35: .secureConnectionFailed  // CURLE_SSL_CONNECT_ERROR
            case 42: .cancelled  // CURLE_ABORTED_BY_CALLBACK
            case 47: .httpTooManyRedirects  // CURLE_TOO_MANY_REDIRECTS
            case 58: .clientCertificateRejected  // CURLE_SSL_CERTPROBLEM
            case 60: .serverCertificateUntrusted  // CURLE_PEER_FAILED_VERIFICATION
            case 61: .cannotDecodeContentData  // CURLE_BAD_CONTENT_ENCODING
            case 67: .userAuthenticationRequired  // CURLE_LOGIN_DENIED
            default: .unknown
            }
        return URLError(
            urlCode, userInfo: [NSLocalizedDescriptionKey: "libcurl error \(code): " + curl.message(for: code)])
    }
}

// Progress: called on the loop thread, only for a transfer with a reporter.
extension CurlTransfer {
    /// Follows the response heads line by line. When the final response's head is complete, reports
    /// it and, for a download with a 2xx status, opens the file its body goes to. False when that
    /// file cannot be created (the transfer is then aborted).
    fileprivate func observeHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        if line.starts(with: "HTTP/".utf8) {
            headStatus = Self.statusCode(ofStatusLine: line)
            headComplete = false
            // Another head after one taken as final (a proxy's answer to CONNECT): that one was
            // not the response after all.
            reportsBody = false
            fileDue = false
            return true
        }
        // Only the blank line ending a head matters (and not the one after trailers).
        guard !headComplete, line.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) else {
            return true
        }
        headComplete = true
        guard headStatus >= 200, let reporter, let request = reportedRequest else { return true }
        let response = Outcome(status: headStatus, head: head, body: Data()).response(url: request.url)
        // A redirect CurlTransport goes on to follow is not the answer: its body is not progress.
        if request.followsRedirects, Redirects.request(after: response, to: request) != nil { return true }
        reportsBody = true
        reporter.didReceiveResponse(expected: Self.expectedLength(of: response.headers))
        guard let downloadFile, (200..<300).contains(headStatus) else { return true }
        if let refused = downloadFile.plan(status: headStatus, headers: response.headers) {
            fileError = refused
            return false
        }
        fileDue = true
        return true
    }

    /// Opens the download file planned at the head; false (the transfer is aborted) when it cannot.
    private func openDueFile() -> Bool {
        guard fileDue, file == nil, let downloadFile else { return true }
        fileDue = false
        guard let opened = CurlBodyFile(target: downloadFile) else {
            fileError = URLError(.cannotCreateFile)
            return false
        }
        file = opened
        return true
    }

    /// A chunk of the final response's body: to the download file or to memory (within the
    /// limit), then counted. Returns what the write callback returns (0 aborts the transfer).
    fileprivate func receiveObserved(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard openDueFile() else { return 0 }
        if let written = file?.write(bytes) {
            guard written else {
                fileError = URLError(.cannotWriteToFile)
                return 0
            }
        } else if !keep(bytes) {
            return 0
        }
        reporter?.didReceive(count: Int64(bytes.count))
        return bytes.count
    }

    /// libcurl's count of body bytes sent so far (it only grows within a transfer).
    fileprivate func didUpload(total: Int64) {
        guard total > uploaded else { return }
        reporter?.didSend(count: total - uploaded)
        uploaded = total
    }

    /// The code in "HTTP/1.1 200 OK" or "HTTP/2 200"; 0 when there is none.
    static func statusCode(ofStatusLine line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return 0 }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3 else { return 0 }
        var code = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return 0 }
            code = code * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return code
    }

    /// The body size to expect (see ``ResponseBodyTooLarge/expectedLength(contentLength:contentEncoding:)``).
    private static func expectedLength(of headers: HTTPHeaders) -> Int64? {
        ResponseBodyTooLarge.expectedLength(
            contentLength: headers["Content-Length"], contentEncoding: headers["Content-Encoding"])
    }
}
#endif
