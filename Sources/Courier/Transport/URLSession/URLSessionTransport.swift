import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A transport on Foundation's `URLSession` (FoundationNetworking on Linux, where
/// `CurlTransport` is the default; the default on Apple platforms).
///
/// Its session has a delegate that
/// - answers authentication challenges: on Linux, a 401 with `WWW-Authenticate: Basic` and no
///   stored credential otherwise waits forever; here the challenge is cancelled and the 401 is
///   returned as an ordinary response, body included;
/// - refuses a redirect when the request says not to follow it, and drops credentials on a
///   redirect to another origin;
/// - reports upload and download progress to a ``Transfer`` and streams a download to a file
///   (on Linux only delegate-based tasks report upload progress).
///
/// A request runs one of two ways. When nobody observes its progress, its task has a completion
/// handler, which gets the whole response at once: on Linux a task that streams to the delegate
/// costs three hops through the delegate queue (response, data, completion) where this costs one,
/// about 5% of a small loopback request in `courier-bench`. Otherwise its task streams to the
/// delegate. The convenience `URLSession.data(for:)` would save the last hop, but in
/// FoundationNetworking it can deadlock when its task is cancelled while it completes (its
/// cancellation handler waits for the session's queue, which waits to resume the task), and
/// Courier cancels tasks all the time (timeouts, de-duplication, callers going away).
///
/// FoundationNetworking drops the body of a 401 whose challenge is cancelled when the task has a
/// completion handler. So the first time an origin sends a challenge (`WWW-Authenticate: Basic`)
/// to such a task, the request is sent once more, streaming, which keeps the body, and that
/// origin's requests stream from then on. The server sees that first request twice; a 401 means
/// it did not apply it.
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
        let streams = request.options[TransferObserverKey.self] != nil || delegate.hasChallenged(request.url)
        do {
            return try await sendOnce(request, streaming: streams)
        } catch is BodyDroppedByChallenge {
            return try await sendOnce(request, streaming: true)
        }
    }

    /// One attempt, with a task that streams to the delegate or one with a completion handler.
    private func sendOnce(_ request: HTTPRequest, streaming: Bool) async throws -> HTTPRawResponse {
        let urlRequest = urlRequest(for: request)
        let task: URLSessionDataTask
        if streaming {
            task = session.dataTask(with: urlRequest)
        } else {
            // The handler can only run after `resume()`, by which time the identifier is set.
            let identifier = TaskIdentifier()
            task = session.dataTask(with: urlRequest) { [delegate] body, response, error in
                delegate.complete(identifier.value, body: body, response: response, error: error)
            }
            identifier.value = task.taskIdentifier
        }
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
                delegate.start(task, request: request, hasCompletionHandler: !streaming, continuation: continuation)
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

/// A task's identifier, known only once the task exists, for its own completion handler.
private final class TaskIdentifier: Sendable {
    private let storage = Atomic<Int>(-1)

    var value: Int {
        get { storage.load(ordering: .acquiring) }
        set { storage.store(newValue, ordering: .releasing) }
    }
}
