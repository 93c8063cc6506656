import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of ``URLSessionTransport``: it collects each task's response and body,
/// reports progress, writes downloads to their file, answers redirects and authentication
/// challenges, and resumes the task's caller when the task completes.
///
/// On Linux it runs on the session's own queue (see ``InlineDelegateQueue``), so it never calls
/// back into URLSession synchronously: `URLSessionTask.cancel()` and a challenge's completion
/// handler (which cancels) wait for that queue, and are sent to another queue.
///
/// `@unchecked Sendable`: `NSObject` is not `Sendable`, but this class has no state of its own
/// outside its `Mutex`, and URLSession calls it serially.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A completed transfer as URLSession reported it. The caller converts it to an
    /// ``HTTPResponse`` on its own thread, which keeps that work off the session's serial queue.
    struct Received: Sendable {
        let response: HTTPURLResponse
        let body: Data
        let url: URL
        /// Set when the body follows in the transfer's stream.
        var streamed = false
        /// Where the time went, from URLSession's task metrics (Apple platforms only).
        var phases: PhaseTimings?
        /// The body bytes written to the download's file instead of `body`, if any.
        var bytesWrittenToFile: Int64?

        var raw: HTTPResponse {
            var raw = HTTPResponse(response, body: body, url: url)
            raw.phases = phases
            raw.bytesWrittenToFile = bytesWrittenToFile
            return raw
        }
    }

    /// One attempt's state, from before its task exists until the task completes. A class, so a
    /// callback changes it in place instead of copying it out of the table and back.
    ///
    /// `@unchecked Sendable`: it is read and changed only inside `transfers`' lock (whether it is
    /// in the table yet or not), or by the completion callback after it took the transfer out of
    /// the table and marked it finished, when no one else changes it.
    final class Transfer: @unchecked Sendable {
        /// The caller, until it is resumed: by the task (its head, its completion) or, first, by
        /// ``SessionDelegate/abandon(_:with:)``.
        var continuation: CheckedContinuation<Received, any Error>?
        /// The task, once made; nil until then.
        var task: URLSessionTask?
        /// Set when the caller was answered without the task (a timeout, a cancellation): the
        /// task's later callbacks change nothing.
        var abandoned = false
        /// Set when the task completed.
        var finished = false
        /// The attempt's body reader, closed when the task completes (URLSession reads it until then).
        let reader: BodyReader?
        let followsRedirects: Bool
        /// Whether the request has a body (a 307/308 is then followed by the transport).
        let hasBody: Bool
        var response: HTTPURLResponse?
        var body = Data()
        /// The 401/407 whose authentication challenge was cancelled.
        var challengedResponse: HTTPURLResponse?
        /// Set when libcurl asked for the body again to send the request a second time; the task
        /// was cancelled instead (see ``URLError/refusedResend``).
        var refusedResend = false
        /// Receives progress.
        let reporter: TransferProgress.Reporter?
        /// Where a download's 2xx body goes (with a reporter only); nil keeps it in memory.
        let downloadFile: DownloadFile?
        /// The open temporary file of a download, and what was written to it.
        var file: FileHandle?
        var fileBytes: Int64 = 0
        /// Set when writing the download failed; the task was cancelled.
        var fileError: URLError?
        /// Where a streamed body goes (``URLSessionTransport/stream(_:)``), and whether the head
        /// was handed over already (the continuation is then resumed and the body follows there).
        var stream: StreamBuffer?
        var streaming = false
        /// The most body bytes kept in memory (``HTTPRequest/maximumResponseBodySize``; never for
        /// a streamed body), and why the body was refused (the task was cancelled).
        let bodyLimit: Int?
        var limitError: ResponseBodyTooLarge?
        /// Where the time went, once URLSession delivered the task's metrics (Apple platforms).
        var phases: PhaseTimings?
        /// Why the server's certificate was refused (Apple platforms, with ``TLSSettings``); the
        /// challenge was cancelled.
        var trustFailure: (any Error)?

        /// Why the transfer failed whatever URLSession reports: the server's certificate was
        /// refused, the download file could not be written, the body passed its limit, or the
        /// request was not sent a second time.
        var failure: (any Error)? {
            if let trustFailure { return trustFailure }
            if let fileError { return fileError }
            if let limitError { return limitError }
            return refusedResend ? URLError.refusedResend : nil
        }

        init(
            continuation: CheckedContinuation<Received, any Error>, request: HTTPRequest,
            reporter: TransferProgress.Reporter?, downloadFile: DownloadFile?, stream: StreamBuffer?,
            reader: BodyReader?
        ) {
            self.continuation = continuation
            self.reader = reader
            followsRedirects = request.followsRedirects
            hasBody = request.body != nil
            self.reporter = reporter
            self.downloadFile = reporter == nil ? nil : downloadFile
            self.stream = stream
            bodyLimit = stream == nil ? request.maximumResponseBodySize : nil
        }
    }

    private let transfers = Mutex<[Int: Transfer]>([:])
    #if canImport(Security) && !canImport(FoundationNetworking)
    /// The transport's TLS settings, applied to server trust challenges; nil for the system's.
    private let serverTrust: ServerTrustEvaluator?
    /// The identity shown to servers that ask for a client certificate; nil shows none.
    private let clientIdentity: ClientIdentity?

    init(serverTrust: ServerTrustEvaluator? = nil, clientIdentity: ClientIdentity? = nil) {
        self.serverTrust = serverTrust
        self.clientIdentity = clientIdentity
    }
    #endif
    #if !canImport(FoundationNetworking)
    /// Why the server's certificate was refused, for tasks that are not transfers (WebSocket
    /// tasks), by task identifier, until their connection takes it (``takeTrustFailure(ofTask:)``).
    private let otherTrustFailures = Mutex<[Int: any Error]>([:])

    /// Why the server's certificate was refused for the task with `identifier`, a task that is
    /// not one of this delegate's transfers; nil when it was not. Forgets it.
    func takeTrustFailure(ofTask identifier: Int) -> (any Error)? {
        otherTrustFailures.withLock { $0.removeValue(forKey: identifier) }
    }
    #endif

    /// An attempt of `request` for its caller, not started yet (see ``start(_:making:)``).
    func prepare(
        _ request: HTTPRequest, reader: BodyReader?, continuation: CheckedContinuation<Received, any Error>,
        streamingInto stream: StreamBuffer? = nil, reporting reporter: TransferProgress.Reporter? = nil,
        writingTo downloadFile: DownloadFile? = nil
    ) -> Transfer {
        reporter?.beginAttempt(expectedUpload: request.body == nil ? 0 : request.body?.length)
        return Transfer(
            continuation: continuation, request: request, reporter: reporter, downloadFile: downloadFile,
            stream: stream, reader: reader)
    }

    /// Makes the attempt's task with `makeTask`, registers it and resumes it, off the caller's
    /// thread: FoundationNetworking runs every URLSession of a process on one serial queue, and
    /// making or resuming a task waits for it, so a caller would wait behind every other
    /// session's work (a large upload elsewhere in the process) and its timeout with it. An
    /// attempt abandoned before its task was made never makes one.
    func start(_ transfer: Transfer, making makeTask: @escaping @Sendable () -> URLSessionTask) {
        Self.elsewhere { [self] in
            guard !transfers.withLock({ _ in transfer.abandoned }) else {
                transfer.reader?.close()
                return
            }
            let task = makeTask()
            let abandoned = transfers.withLock { transfers -> Bool in
                transfer.task = task
                guard !transfer.abandoned else { return true }
                transfers[task.taskIdentifier] = transfer
                return false
            }
            if abandoned {
                transfer.reader?.close()
                task.cancel()
            } else {
                task.resume()
            }
        }
    }

    /// Answers the attempt's caller with `error` now (its timeout passed, or it was cancelled),
    /// and cancels its task on another queue; nothing once the task completed.
    ///
    /// Not through the task's completion: FoundationNetworking's one queue for every session
    /// (see ``start(_:making:)``) would hold the answer behind other sessions' work (calls with a
    /// 2 s timeout waited 28 s while other tests uploaded). The task's later callbacks find the
    /// transfer abandoned and change nothing; its completion closes what it opened.
    func abandon(_ transfer: Transfer, with error: URLError) {
        let (continuation, stream, task) = transfers.withLock {
            _ -> (CheckedContinuation<Received, any Error>?, StreamBuffer?, URLSessionTask?) in
            guard !transfer.finished, !transfer.abandoned else { return (nil, nil, nil) }
            transfer.abandoned = true
            defer { transfer.continuation = nil }
            return (transfer.continuation, transfer.stream, transfer.task)
        }
        // A streamed body's reader gets the error too; a producer blocked on a full stream must
        // let the cancellation through.
        stream?.finish(throwing: error)
        continuation?.resume(throwing: error)
        if let task { Self.elsewhere { task.cancel() } }
    }

    /// Resumes a task suspended because its stream's reader fell behind (Apple platforms).
    func resumeSuspended(_ transfer: Transfer) {
        transfers.withLock { _ in transfer.abandoned || transfer.finished ? nil : transfer.task }?.resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        var head: (CheckedContinuation<Received, any Error>, Received)?
        defer { if let (continuation, received) = head { continuation.resume(returning: received) } }
        var tooLarge = false
        let failed = transfers.withLock { transfers -> Bool in
            guard let transfer = transfers[dataTask.taskIdentifier], !transfer.abandoned else { return false }
            // FoundationNetworking reports the response again after a suspended task resumes.
            if transfer.streaming { return false }
            transfer.response = http
            if transfer.stream != nil, let http, let url = http.url ?? dataTask.currentRequest?.url,
                !Redirects.urlSessionTransportFollows(
                    statusCode: http.statusCode, followsRedirects: transfer.followsRedirects, hasBody: transfer.hasBody)
            {
                // The head goes to the caller now; the body follows in the stream.
                transfer.streaming = true
                if let continuation = transfer.continuation {
                    head = (continuation, Received(response: http, body: Data(), url: url, streamed: true))
                }
                transfer.continuation = nil
                return false
            }
            if let reporter = transfer.reporter {
                reporter.didReceiveResponse(
                    expected: response.expectedContentLength >= 0 ? response.expectedContentLength : nil)
                if let file = transfer.downloadFile, let http, (200..<300).contains(http.statusCode) {
                    let headers = HTTPResponse(http, body: Data(), url: file.destination).headers
                    if let refused = file.plan(status: http.statusCode, headers: headers) {
                        transfer.fileError = refused
                    } else {
                        transfer.file = file.open().map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
                        if transfer.file == nil { transfer.fileError = URLError(.cannotCreateFile) }
                    }
                }
            }
            if transfer.file == nil, transfer.fileError == nil, let http {
                // A body that would be held in memory and announces more than the limit is
                // refused now, before any of it is read.
                let expected = ResponseBodyTooLarge.expectedLength(
                    contentLength: http.value(forHTTPHeaderField: "Content-Length"),
                    contentEncoding: http.value(forHTTPHeaderField: "Content-Encoding"))
                transfer.limitError = ResponseBodyTooLarge.announced(expected, limit: transfer.bodyLimit)
                tooLarge = transfer.limitError != nil
            }
            return transfer.fileError != nil
        }
        // The server may send the rest slowly, or never: the task is cancelled now rather than at
        // its next bytes.
        if tooLarge { Self.elsewhere { dataTask.cancel() } }
        completionHandler(failed ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var streamTo: StreamBuffer?
        let failed = transfers.withLock { transfers -> Bool in
            guard let transfer = transfers[dataTask.taskIdentifier], !transfer.abandoned else { return false }
            if transfer.streaming, let stream = transfer.stream {
                streamTo = stream
                return false
            }
            // FoundationNetworking ignores the `.cancel` answer to the response, so a download
            // whose file could not be created is cancelled at its first bytes.
            if transfer.fileError != nil { return true }
            if let file = transfer.file {
                do {
                    try file.write(contentsOf: data)
                    transfer.fileBytes += Int64(data.count)
                } catch {
                    transfer.fileError = URLError(.cannotWriteToFile)
                    return true
                }
            } else if transfer.limitError != nil {
                // Refused already; the cancellation is on its way and nothing more is kept.
                return false
            } else if let error = ResponseBodyTooLarge.receiving(
                data.count, after: transfer.body.count, limit: transfer.bodyLimit)
            {
                transfer.limitError = error
                return true
            } else if transfer.body.isEmpty {
                transfer.body = data
            } else {
                transfer.body.append(data)
            }
            transfer.reporter?.didReceive(count: Int64(data.count))
            return false
        }
        if failed { Self.elsewhere { dataTask.cancel() } }
        if let streamTo {
            #if canImport(FoundationNetworking)
            // No backpressure here: FoundationNetworking's suspend() removes the transfer from
            // libcurl and starts it again from the first byte on resume(), and blocking this
            // callback would stall every URLSession of the process (their queues share one
            // target queue). Past its bound the buffer spills to a temporary file, up to a
            // limit (see `StreamBuffer`); CurlTransport pauses the transfer instead.
            _ = streamTo.append(data)
            #else
            // A full buffer suspends the task until the reader makes room (the stream's hook).
            if streamTo.append(data) { Self.elsewhere { dataTask.suspend() } }
            #endif
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // FoundationNetworking reads `totalBytesSent` when the callback runs, not when the bytes
        // went out, so under load many callbacks report the final total; the increments are exact.
        transfers.withLock { $0[task.taskIdentifier]?.reporter }?.didSend(count: bytesSent)
    }

    /// Runs `work` off the delegate's queue: what calls into URLSession must not run on the
    /// session's own queue (see the type's documentation).
    static func elsewhere(_ work: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
        calls.async(execute: work)
        #else
        work()
        #endif
    }

    #if canImport(FoundationNetworking)
    /// Where `elsewhere` runs its work: a serial queue of its own, which Dispatch gives a thread
    /// even while every thread of the shared pool is busy, so a cancellation is not held up by
    /// the app's work.
    private static let calls = DispatchQueue(label: "Courier.URLSessionTransport.calls")
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard
            let (transfer, continuation) = transfers.withLock({
                transfers -> (Transfer, CheckedContinuation<Received, any Error>?)? in
                guard let transfer = transfers.removeValue(forKey: task.taskIdentifier) else { return nil }
                transfer.finished = true
                defer { transfer.continuation = nil }
                return (transfer, transfer.continuation)
            })
        else { return }
        transfer.reader?.close()
        if transfer.abandoned {
            // The caller was answered already, and may be making its next attempt at the same
            // download file: only this attempt's handle is closed.
            try? transfer.file?.close()
            return
        }
        if transfer.streaming, let stream = transfer.stream {
            guard let error, transfer.challengedResponse == nil else {
                // A 401 whose challenge was cancelled ends with what it sent, as `send` returns it.
                stream.finish(throwing: nil)
                return
            }
            stream.finish(
                throwing: transfer.failure
                    ?? Self.urlError(error, received: 0, of: transfer.response, url: task.originalRequest?.url))
            return
        }
        var bytesWrittenToFile: Int64?
        if let file = transfer.file {
            try? file.close()
            if error == nil, transfer.failure == nil {
                bytesWrittenToFile = transfer.fileBytes
            } else {
                // The bytes stay to be resumed when they can be.
                transfer.downloadFile?.attemptFailed()
            }
        }
        if let failure = transfer.failure {
            continuation?.resume(throwing: failure)
            return
        }
        if let error {
            if let challenged = transfer.challengedResponse,
                let url = challenged.url ?? task.originalRequest?.url
            {
                continuation?.resume(returning: Received(response: challenged, body: transfer.body, url: url))
            } else {
                let received = transfer.file == nil ? Int64(transfer.body.count) : transfer.fileBytes
                continuation?.resume(
                    throwing: Self.urlError(
                        error, received: received, of: transfer.response, url: task.originalRequest?.url)
                )
            }
            return
        }
        guard let response = transfer.response, let url = response.url ?? task.currentRequest?.url else {
            continuation?.resume(throwing: URLError(.badServerResponse))
            return
        }
        continuation?.resume(
            returning: Received(
                response: response, body: transfer.body, url: url, phases: transfer.phases,
                bytesWrittenToFile: bytesWrittenToFile))
    }

    #if !canImport(FoundationNetworking)
    /// URLSession delivers a task's metrics before its completion: kept for the response.
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        let phases = TaskMetricsPhases.phases(of: metrics)
        transfers.withLock { $0[task.taskIdentifier]?.phases = phases }
    }
    #endif

    /// libcurl asks for the body again (FoundationNetworking passes the question on here) only to
    /// send the request a second time: a reused keep-alive connection died before any answer, and
    /// it would open a new one and send everything again. Refused, as ``CurlTransport`` refuses:
    /// the task is cancelled and fails at once with ``URLError/refusedResend``, a lost
    /// connection, instead of waiting out its timeout for a body that never comes (no stream is
    /// handed over, so FoundationNetworking would go on with an exhausted one).
    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        let known = transfers.withLock { transfers -> Bool in
            guard let transfer = transfers[task.taskIdentifier] else { return false }
            transfer.refusedResend = true
            return true
        }
        completionHandler(nil)
        if known { Self.elsewhere { task.cancel() } }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let (follow, hasBody) = transfers.withLock {
            ($0[task.taskIdentifier]?.followsRedirects ?? true, $0[task.taskIdentifier]?.hasBody ?? false)
        }
        // 307/308 with a body are followed by the transport itself (see `URLSessionTransport.send`).
        guard follow,
            !Redirects.urlSessionTransportFollows(
                statusCode: response.statusCode, followsRedirects: follow, hasBody: hasBody)
        else {
            completionHandler(nil)
            return
        }
        var next = request
        if let from = response.url ?? task.currentRequest?.url, let to = request.url, !Redirects.sameOrigin(from, to) {
            // FoundationNetworking would forward credentials to the other origin.
            for name in Redirects.credentialHeaders { next.setValue(nil, forHTTPHeaderField: name) }
        }
        completionHandler(next)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if !canImport(FoundationNetworking)
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
            #if canImport(Security)
            if let serverTrust, let trust = challenge.protectionSpace.serverTrust {
                switch serverTrust.evaluate(trust, host: challenge.protectionSpace.host) {
                case .success(let credential):
                    completionHandler(.useCredential, credential)
                case .failure(let error):
                    let kept = transfers.withLock { transfers in
                        guard transfers[task.taskIdentifier] != nil else { return false }
                        transfers[task.taskIdentifier]?.trustFailure = error
                        return true
                    }
                    if !kept { otherTrustFailures.withLock { $0[task.taskIdentifier] = error } }
                    completionHandler(.cancelAuthenticationChallenge, nil)
                }
                return
            }
            #endif
            completionHandler(.performDefaultHandling, nil)
            return
        }
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodClientCertificate {
            // Without an identity the handshake goes on without a certificate, and the server
            // decides (it may ask for one only optionally).
            #if canImport(Security)
            if let clientIdentity {
                completionHandler(.useCredential, clientIdentity.credential)
                return
            }
            #endif
            completionHandler(.performDefaultHandling, nil)
            return
        }
        #endif
        // Credentials are the app's business (an interceptor adds them); never wait for one.
        let failure = challenge.failureResponse as? HTTPURLResponse
        transfers.withLock { $0[task.taskIdentifier]?.challengedResponse = failure }
        Self.elsewhere { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    /// The error of a failed transfer. A body cut short, of its `Content-Length` or of its last
    /// chunk, is reported as a lost connection, as Apple platforms and ``CurlTransport`` do;
    /// FoundationNetworking reports it as an unknown error (libcurl's "transfer closed with N
    /// bytes remaining to read" or "transfer closed with outstanding read data remaining"),
    /// which hides that it is transient and keeps ``RetryPolicy`` from retrying it.
    ///
    /// FoundationNetworking turns libcurl's codes into `URLError` codes and keeps libcurl's
    /// message as the description; two of them are corrected here. libcurl's "unsupported
    /// protocol" for an http or https URL is about the answer, not the URL ("Received HTTP/0.9
    /// when not allowed": bytes that are not HTTP), so it is a bad server response. A connection
    /// reset by the server is a lost connection whatever code it came with, so that an idempotent
    /// request is retried as on CurlTransport.
    private static func urlError(_ error: any Error, received: Int64, of response: HTTPURLResponse?, url: URL?)
        -> URLError
    {
        let urlError = urlError(error)
        let message = urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        if urlError.code != .networkConnectionLost, message.localizedCaseInsensitiveContains("connection reset") {
            return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
        }
        if urlError.code == .unsupportedURL, let scheme = url?.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        {
            return URLError(.badServerResponse, userInfo: urlError.userInfo)
        }
        if urlError.code == .unknown,
            message.localizedCaseInsensitiveContains("transfer closed")
                || response.map({ $0.expectedContentLength > received }) == true
        {
            return URLError(.networkConnectionLost, userInfo: urlError.userInfo)
        }
        return urlError
    }

    private static func urlError(_ error: any Error) -> URLError {
        if let urlError = error as? URLError { return urlError }
        let nsError = error as NSError
        #if canImport(FoundationNetworking)
        return URLError(URLError.Code(rawValue: nsError.code) ?? .unknown, userInfo: nsError.userInfo)
        #else
        return URLError(URLError.Code(rawValue: nsError.code), userInfo: nsError.userInfo)
        #endif
    }
}

extension HTTPResponse {
    /// The response as Courier's raw response, with `body`.
    init(_ response: HTTPURLResponse, body: Data, url: URL) {
        let all = response.allHeaderFields
        var fields: [HTTPHeaders.Field] = []
        fields.reserveCapacity(all.count)
        for (name, value) in all {
            // The fields are strings; `String(describing:)` (slow: Benchmarks/README.md,
            // "Measurements behind the code") only in case.
            fields.append(
                .init(
                    name: name.base as? String ?? String(describing: name),
                    value: value as? String ?? String(describing: value)))
        }
        self.init(statusCode: response.statusCode, headers: HTTPHeaders(fields), body: body, url: url)
    }
}
