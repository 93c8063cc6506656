import Synchronization

#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// A transport on Foundation's `URLSession` (FoundationNetworking on Linux, where
/// `CurlTransport` is the default; the default on Apple platforms).
///
/// It drives delegate-based data tasks rather than the async convenience methods, because
/// only the delegate lets it:
/// - answer authentication challenges itself: on Linux, a 401 with `WWW-Authenticate: Basic`
///   and no stored credential otherwise waits forever; here the challenge is cancelled and the
///   401 is returned as an ordinary response, body included;
/// - refuse a redirect when the request says not to follow it, and drop credentials on a
///   redirect to another origin;
/// - report upload and download progress to a ``Transfer`` and stream a download to a file
///   (on Linux only delegate-based tasks report upload progress).
///
/// On Linux the delegate runs on the session's own queue (`InlineDelegateQueue`) instead of
/// an `OperationQueue`, which saves three queue hops a request.
///
/// When a reused keep-alive connection dies before any answer, libcurl under FoundationNetworking
/// sends the request again on a new connection by itself. A request with a body needs its body
/// again for that, which the delegate refuses: the call fails at once with
/// `URLError(.networkConnectionLost)`, as on ``CurlTransport``, and a ``RetryPolicy`` decides.
/// A request without a body needs nothing from the delegate, so on Linux it can reach the server
/// twice that way (a `POST` without a body included); ``CurlTransport``, the default there,
/// never sends a request twice.
public final class URLSessionTransport: HTTPTransport {
    /// A transport on a default ephemeral session (no cookies or cache stored on disk).
    public static let shared = URLSessionTransport()

    let session: URLSession
    private let delegate: SessionDelegate
    private let defaultTimeout: Duration

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - configuration: The session configuration; an ephemeral one by default. Cookies are not
    ///     stored unless the configuration says so.
    ///   - timeout: How long an attempt may go without receiving data. A request's own
    ///     ``HTTPRequest/timeout`` is stricter: it bounds the whole attempt, measured by Courier.
    public convenience init(configuration: URLSessionConfiguration = .ephemeral, timeout: Duration = .seconds(60)) {
        self.init(configuration: configuration, timeout: timeout, delegate: SessionDelegate())
    }

    private init(configuration: URLSessionConfiguration, timeout: Duration, delegate: SessionDelegate) {
        #if canImport(FoundationNetworking)
        let queue: OperationQueue = InlineDelegateQueue()
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        #endif
        queue.name = "Courier.URLSessionTransport"
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.delegate = delegate
        defaultTimeout = timeout
    }

    /// Creates a transport with TLS settings, as far as the platform lets URLSession honour them;
    /// it throws for any other setting, so that settings are never silently ignored.
    ///
    /// - On Apple platforms the session delegate evaluates each server's trust: the extra
    ///   certificate authorities become anchors (beside the system's store, or alone when
    ///   ``TLSSettings/trustsSystemCertificates`` is false) and a pinned host's leaf key must match
    ///   one of its pins, else the request fails with
    ///   ``HTTPError/Kind/certificatePinMismatch(host:)`` before it is sent. A certificate that is not trusted fails with `URLError(.serverCertificateUntrusted)`.
    ///   A client certificate must come as a PKCS#12 bundle (``TLSSettings/useClientCertificate(pkcs12:passphrase:)``),
    ///   imported when the transport is created and shown to servers that ask for one; PEM ones
    ///   are refused, since Security makes no identity from them without the keychain.
    /// - On Linux, FoundationNetworking offers no way to add a certificate authority, choose a
    ///   client certificate or see the server's key: only the default settings are accepted.
    ///
    /// Use ``CurlTransport`` for all of them on Linux.
    ///
    /// - Throws: ``HTTPError/Kind/transportUnavailable(reason:)`` naming the first setting it
    ///   cannot honour, or a pin that is not well-formed; `URLError(.clientCertificateRejected)`
    ///   for a PKCS#12 bundle that cannot be imported.
    public convenience init(
        configuration: URLSessionConfiguration = .ephemeral, timeout: Duration = .seconds(60), tls: TLSSettings
    ) throws {
        let tls = try tls.checked()
        #if canImport(Security) && !canImport(FoundationNetworking)
        let identity = try tls.clientCertificate.map { try ClientIdentity($0) }
        var trust = tls
        trust.clientCertificate = nil
        let evaluator: ServerTrustEvaluator?
        do {
            evaluator = trust.isDefault ? nil : try ServerTrustEvaluator(trust)
        } catch {
            throw HTTPError.transportUnavailable(error.description)
        }
        let delegate = SessionDelegate(serverTrust: evaluator, clientIdentity: identity)
        self.init(configuration: configuration, timeout: timeout, delegate: delegate)
        #else
        let unsupported: String? =
            if !tls.authoritySources.isEmpty {
                "extra certificate authorities"
            } else if !tls.trustsSystemCertificates {
                "turning the system's certificate store off"
            } else if tls.clientCertificate != nil {
                "client certificates (mutual TLS)"
            } else if !tls.pins.isEmpty {
                "public-key pinning"
            } else {
                nil
            }
        if let unsupported {
            throw HTTPError.transportUnavailable("URLSessionTransport does not support \(unsupported) on this platform")
        }
        self.init(configuration: configuration, timeout: timeout)
        #endif
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends the request and waits for the whole response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await followingRedirects(request) { attempt in try await withAttempt(attempt, receive) }
    }

    /// Sends the request and waits for the whole response, reporting its progress as bytes move
    /// and writing a successful body to `file` while it arrives, when set (see
    /// `ProgressReportingTransport`).
    func send(_ request: HTTPRequest, reporting progress: TransferProgress.Reporter, writingTo file: DownloadFile?)
        async throws -> HTTPResponse
    {
        try await followingRedirects(request) { attempt in
            try await withAttempt(attempt) { request in
                try await run(request, reporting: progress, writingTo: file).raw
            }
        }
    }

    /// Runs `attempt` for `request` and for each 307/308 redirect of a request with a body:
    /// FoundationNetworking drops the body when it follows those itself, so the delegate refuses
    /// them and they are followed here. A streamed response is never a redirect to follow.
    private func followingRedirects(
        _ request: HTTPRequest, _ attempt: (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var current = request
        for _ in 0..<Redirects.maximumHops {
            let response = try await attempt(current)
            guard response.bodyStream == nil,
                Redirects.urlSessionTransportFollows(
                    statusCode: response.statusCode, followsRedirects: current.followsRedirects,
                    hasBody: current.body != nil),
                let next = Redirects.request(after: response, to: current)
            else { return response }
            current = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// Runs `body` with the request one attempt sends (on Linux, a stream body replaced by a
    /// temporary file; see `StreamBodySpool`), removing that file afterwards.
    private func withAttempt<T>(_ attempt: HTTPRequest, _ body: (HTTPRequest) async throws -> T) async throws -> T {
        try Task.checkCancellation()
        #if canImport(FoundationNetworking)
        let spool = try await StreamBodySpool(attempt)
        defer { spool.remove() }
        return try await body(spool.request)
        #else
        return try await body(attempt)
        #endif
    }

    /// Runs one attempt of `request` to its head (`stream` set: the body follows there) or to
    /// its end, and answers at its timeout or cancellation even while FoundationNetworking is
    /// busy elsewhere (see ``SessionDelegate/abandon(_:with:)``).
    ///
    /// - Parameter timer: Whether the request's timeout is cancelled once the attempt returns (a
    ///   streamed body's timeout runs on: it bounds the whole attempt, body included).
    private func run(
        _ request: HTTPRequest, streamingInto stream: StreamBuffer? = nil, cancelTimerOnReturn: Bool = true,
        reporting progress: TransferProgress.Reporter? = nil, writingTo file: DownloadFile? = nil
    ) async throws -> SessionDelegate.Received {
        let (makeTask, reader) = try taskMaker(for: request)
        let attempt = AttemptHandle()
        let delegate = delegate
        defer { if cancelTimerOnReturn { attempt.cancelTimer() } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let transfer = delegate.prepare(
                    request, reader: reader, continuation: continuation, streamingInto: stream,
                    reporting: progress, writingTo: file)
                // A streamed body's timeout runs until the body ends, and stops then.
                stream?.connect(
                    resume: { delegate.resumeSuspended(transfer) },
                    cancel: { delegate.abandon(transfer, with: URLError(.cancelled)) },
                    ended: { attempt.cancelTimer() })
                // FoundationNetworking truncates `timeoutInterval` to whole seconds (0.5 s fires
                // at once), and it is an idle timeout anyway; a per-request timeout is enforced
                // here instead. The timer holds the transfer weakly: Dispatch keeps a cancelled
                // work item, and what it captured, until its deadline. The transfer is held
                // elsewhere while it can still time out (the session's table, the caller).
                if let timeout = request.timeout {
                    let expiry = DispatchWorkItem { [weak transfer] in
                        if let transfer { delegate.abandon(transfer, with: URLError(.timedOut)) }
                    }
                    attempt.setTimer(expiry)
                    Self.timers.asyncAfter(deadline: .now() + timeout.timeInterval, execute: expiry)
                }
                if attempt.begin(transfer) {
                    delegate.start(transfer, making: makeTask)
                } else {
                    delegate.abandon(transfer, with: URLError(.cancelled))
                    reader?.close()
                }
            }
        } onCancel: {
            if let transfer = attempt.cancel() { delegate.abandon(transfer, with: URLError(.cancelled)) }
        }
    }

    private func receive(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await run(request).raw
    }

    /// Sends the request and returns at the final response's head; the body follows in
    /// ``HTTPResponse/bodyStream``. On Apple platforms the task is suspended whenever about 1 MiB
    /// waits unread. On Linux FoundationNetworking offers no way to pause a transfer: beyond
    /// about 1 MiB in memory, the bytes a slow reader has not taken wait in a temporary file
    /// (unlinked at once, gone when the stream ends) and are read back in order, so memory stays
    /// bounded and disk takes the difference. A reader more than 1 GiB behind gets the bytes
    /// received so far and then an ``HTTPError`` of kind ``HTTPError/Kind/transport(_:)``, and
    /// the transfer stops: a stream nobody reads or cancels cannot fill the disk.
    public func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await followingRedirects(request) { attempt in try await withAttempt(attempt, receiveHead) }
    }

    private func receiveHead(_ request: HTTPRequest) async throws -> HTTPResponse {
        #if canImport(FoundationNetworking)
        // No pausing on Linux (see `SessionDelegate`): past the bound, bytes wait in a temporary
        // file, and the task is never suspended, so there is nothing to resume.
        let buffer = StreamBuffer(spillsToDisk: true)
        #else
        let buffer = StreamBuffer()
        #endif
        let received: SessionDelegate.Received
        do {
            received = try await run(request, streamingInto: buffer, cancelTimerOnReturn: false)
        } catch {
            // No body follows: the buffer ends here, which stops the timer and drops its hooks.
            buffer.finish(throwing: error)
            throw error
        }
        var response = received.raw
        if received.streamed {
            response.bodyStream = HTTPResponse.ByteStream(source: buffer)
        } else {
            buffer.finish(throwing: nil)
        }
        return response
    }

    /// What makes the task that sends `request`, and the reader of its file or stream body
    /// (opened for this attempt or hop only, on the caller's thread, so that a file that cannot be
    /// read fails before anything is sent; closed when the task completes).
    private func taskMaker(for request: HTTPRequest) throws -> (@Sendable () -> URLSessionTask, BodyReader?) {
        // FoundationNetworking would send a line break in a field as it is (a header of the
        // attacker's) and drop a field holding CR or NUL silently. The pipeline never lets such a
        // request through; this is for a caller of the transport itself.
        if let invalid = request.headers.firstInvalidField() { throw invalid }
        let reader = try request.body.flatMap { body in body.data == nil ? try BodyReader(body) : nil }
        if let file = request.body?.fileURL {
            // One file: URLSession reads it from disk itself and sends it with its
            // Content-Length (the reader only proved it readable, before anything is sent).
            reader?.close()
            let urlRequest = urlRequest(for: request, reader: nil)
            return ({ [session] in session.uploadTask(with: urlRequest, fromFile: file) }, nil)
        }
        let urlRequest = urlRequest(for: request, reader: reader)
        return ({ [session] in session.dataTask(with: urlRequest) }, reader)
    }

    private func urlRequest(for request: HTTPRequest, reader: BodyReader?) -> URLRequest {
        // With a per-request timeout, the session's own timer is only a backstop.
        let timeout = request.timeout.map { $0.timeInterval.rounded(.up) + 1 } ?? defaultTimeout.timeInterval
        var urlRequest = URLRequest(url: request.url, cachePolicy: .useProtocolCachePolicy, timeoutInterval: timeout)
        // Only what differs from a new request's defaults is set: FoundationNetworking's
        // `httpMethod` setter alone compares the name against six methods through NSString
        // (its cost: Benchmarks/README.md, "Measurements behind the code").
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let reader {
            urlRequest.httpBodyStream = BodyInputStream(reader)
            #if canImport(FoundationNetworking)
            // FoundationNetworking sends every body stream chunked, and with a Content-Length
            // beside it when one is set (a message HTTP forbids, which nginx refuses): a
            // multipart or stream body goes out chunked here, whatever its length.
            urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
            #else
            if let length = reader.length, !request.headers.contains("Content-Length") {
                urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
            }
            #endif
        } else if let body = request.body?.data {
            urlRequest.httpBody = body
        }
        urlRequest.httpShouldHandleCookies = false
        return urlRequest
    }

    /// Where per-request timeouts fire. A serial queue of its own, not the global one: Dispatch
    /// gives it a thread even while every thread of the shared pool is busy (a long computation, a
    /// backlog of jobs), so a timeout does not wait behind the app's work and fire after the answer.
    private static let timers = DispatchQueue(label: "Courier.URLSessionTransport.timeouts")
}
