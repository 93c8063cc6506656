import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// It drives delegate-based data tasks rather than the async convenience methods, because
/// only the delegate lets it:
/// - answer authentication challenges itself: on Linux, a 401 with `WWW-Authenticate: Basic`
///   and no stored credential otherwise waits forever; here the challenge is cancelled and the
///   401 is returned as an ordinary response;
/// - refuse a redirect when the request says not to follow it;
/// - cancel the task as soon as the calling Swift task is cancelled;
/// - report upload and download progress to a ``Transfer`` and stream a download to a file
///   (on Linux only delegate-based tasks report upload progress).
public final class URLSessionTransport: HTTPTransport {
    /// A transport on a default ephemeral session (no cookies or cache stored on disk).
    public static let shared = URLSessionTransport()

    private let session: URLSession
    private let delegate: SessionDelegate
    private let defaultTimeout: Duration

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - configuration: The session configuration; an ephemeral one by default. Cookies are not
    ///     stored unless the configuration says so.
    ///   - timeout: How long an attempt may go without receiving data. A request's own
    ///     ``HTTPRequest/timeout`` is stricter: it bounds the whole attempt, measured by Courier.
    public init(configuration: URLSessionConfiguration = .ephemeral, timeout: Duration = .seconds(60)) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.name = "Courier.URLSessionTransport"
        queue.maxConcurrentOperationCount = 1
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.delegate = delegate
        defaultTimeout = timeout
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends the request and waits for the whole response.
    public func send(_ request: HTTPRequest) async throws -> HTTPRawResponse {
        // FoundationNetworking drops the body when it follows a 307/308 itself, so those
        // redirects of requests with a body are followed here (the delegate refuses them).
        var current = request
        for _ in 0..<Redirects.maximumHops {
            let response = try await sendOnce(current)
            guard current.followsRedirects, current.body != nil, [307, 308].contains(response.statusCode),
                  let next = Redirects.request(after: response, to: current)
            else { return response }
            current = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    private func sendOnce(_ request: HTTPRequest) async throws -> HTTPRawResponse {
        try Task.checkCancellation()
        let task = session.dataTask(with: urlRequest(for: request))
        // FoundationNetworking truncates `timeoutInterval` to whole seconds (0.5 s fires at once),
        // and it is an idle timeout anyway; a per-request timeout is enforced here instead.
        let deadline = request.timeout.map { timeout in
            let expiry = DispatchWorkItem { [delegate] in delegate.expire(task) }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout), execute: expiry)
            return expiry
        }
        defer { deadline?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.start(task, request: request, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        // With a per-request timeout, the session's own timer is only a backstop.
        urlRequest.timeoutInterval = request.timeout.map { Self.seconds($0).rounded(.up) + 1 } ?? Self.seconds(defaultTimeout)
        urlRequest.httpShouldHandleCookies = false
        return urlRequest
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// Collects each task's response and body and resumes its caller when the task completes.
///
/// `@unchecked Sendable`: `NSObject` is not `Sendable`, but this class has no state of its own
/// outside the `Mutex`, and URLSession calls it on its serial delegate queue.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<HTTPRawResponse, any Error>
        var followsRedirects: Bool
        /// Whether the request has a body (a 307/308 is then followed by the transport).
        var hasBody: Bool
        var response: HTTPURLResponse?
        var body = Data()
        /// The 401/407 whose authentication challenge was cancelled.
        var challengedResponse: HTTPURLResponse?
        /// Set when the request's own timeout cancelled the task.
        var timedOut = false
        /// Receives progress; its temporary file receives a 2xx body.
        var observer: TransferObserver?
        /// The open temporary file of a download, and what was written to it.
        var file: FileHandle?
        var fileBytes: Int64 = 0
        /// Set when writing the download failed; the task was cancelled.
        var fileError: URLError?
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    func start(_ task: URLSessionDataTask, request: HTTPRequest, continuation: CheckedContinuation<HTTPRawResponse, any Error>) {
        let observer = request.options[TransferObserverKey.self]
        observer?.beginAttempt(uploadSize: Int64(request.body?.count ?? 0))
        transfers.withLock {
            $0[task.taskIdentifier] = Transfer(
                continuation: continuation, followsRedirects: request.followsRedirects, hasBody: request.body != nil, observer: observer
            )
        }
        task.resume()
    }

    /// Cancels a task whose per-request timeout has passed; it then fails with `.timedOut`.
    func expire(_ task: URLSessionTask) {
        let running = transfers.withLock { transfers -> Bool in
            guard transfers[task.taskIdentifier] != nil else { return false }
            transfers[task.taskIdentifier]?.timedOut = true
            return true
        }
        if running { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let failed = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.response = http
            if let observer = transfer.observer {
                observer.didReceiveResponse(expected: response.expectedContentLength >= 0 ? response.expectedContentLength : nil)
                if let file = observer.temporaryFile, let status = http?.statusCode, (200..<300).contains(status) {
                    transfer.file = Self.createFile(at: file)
                    if transfer.file == nil { transfer.fileError = URLError(.cannotCreateFile) }
                }
            }
            transfers[dataTask.taskIdentifier] = transfer
            return transfer.fileError != nil
        }
        completionHandler(failed ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let failed = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers.removeValue(forKey: dataTask.taskIdentifier) else { return false }
            defer { transfers[dataTask.taskIdentifier] = transfer }
            if let file = transfer.file {
                do {
                    try file.write(contentsOf: data)
                    transfer.fileBytes += Int64(data.count)
                } catch {
                    transfer.fileError = URLError(.cannotWriteToFile)
                    return true
                }
            } else {
                transfer.body.append(data)
            }
            transfer.observer?.didReceive(count: Int64(data.count))
            return false
        }
        if failed { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // FoundationNetworking reads `totalBytesSent` when the callback runs, not when the bytes
        // went out, so under load many callbacks report the final total; the increments are exact.
        transfers.withLock { $0[task.taskIdentifier]?.observer }?.didSend(count: bytesSent)
    }

    private static func createFile(at url: URL) -> FileHandle? {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { return nil }
        return try? FileHandle(forWritingTo: url)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let (follow, hasBody) = transfers.withLock {
            ($0[task.taskIdentifier]?.followsRedirects ?? true, $0[task.taskIdentifier]?.hasBody ?? false)
        }
        // 307/308 with a body are followed by the transport itself (see `send`).
        guard follow, !(hasBody && [307, 308].contains(response.statusCode)) else {
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
            completionHandler(.performDefaultHandling, nil)
            return
        }
        #endif
        // Credentials are the app's business (an interceptor adds them); never wait for one.
        let failure = challenge.failureResponse as? HTTPURLResponse
        transfers.withLock { $0[task.taskIdentifier]?.challengedResponse = failure }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let file = transfer.file {
            try? file.close()
            if error == nil, transfer.fileError == nil {
                transfer.observer?.didWriteFile(bytes: transfer.fileBytes)
            } else if let path = transfer.observer?.temporaryFile {
                try? FileManager.default.removeItem(at: path)
            }
        }
        if let error {
            if let fileError = transfer.fileError {
                transfer.continuation.resume(throwing: fileError)
            } else if transfer.timedOut {
                transfer.continuation.resume(throwing: URLError(.timedOut))
            } else if let challenged = transfer.challengedResponse, let url = challenged.url ?? task.originalRequest?.url {
                transfer.continuation.resume(returning: HTTPRawResponse(
                    statusCode: challenged.statusCode, headers: Self.headers(of: challenged), body: transfer.body, url: url
                ))
            } else {
                transfer.continuation.resume(throwing: Self.urlError(error, received: transfer.file == nil ? Int64(transfer.body.count) : transfer.fileBytes, of: transfer.response))
            }
            return
        }
        guard let response = transfer.response, let url = response.url ?? task.currentRequest?.url else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
            return
        }
        transfer.continuation.resume(returning: HTTPRawResponse(
            statusCode: response.statusCode, headers: Self.headers(of: response), body: transfer.body, url: url
        ))
    }

    /// The error of a failed transfer. A body cut short of its `Content-Length` is reported as a
    /// lost connection, as Apple platforms do; FoundationNetworking reports it as an unknown
    /// error (curl's "transfer closed with N bytes remaining"), which hides that it is transient.
    private static func urlError(_ error: any Error, received: Int64, of response: HTTPURLResponse?) -> URLError {
        let urlError = urlError(error)
        if urlError.code == .unknown, let expected = response?.expectedContentLength, expected > received {
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

    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            headers.add(name: String(describing: name), value: String(describing: value))
        }
        return headers
    }
}
