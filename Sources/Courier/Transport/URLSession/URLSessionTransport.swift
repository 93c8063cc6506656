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
/// A request runs one of two ways:
/// - *inline*, through `URLSession.data(for:)`, when nobody observes its progress, it follows
///   redirects, and its origin has never sent an authentication challenge on this transport. The
///   response is handed over once, straight from URLSession's own thread. On Linux a
///   delegate-based task costs three hops through the delegate queue per request (response, data,
///   completion), which `courier-bench` measured at about 10% of a small loopback request;
/// - *through the delegate* otherwise, piece by piece.
///
/// FoundationNetworking drops the body of a 401 whose challenge is cancelled when the task was
/// started inline. So the first time an origin sends a challenge (`WWW-Authenticate: Basic`) to an
/// inline request, the request is sent once more through the delegate, which keeps the body, and
/// that origin's requests go through the delegate from then on. The server sees that first request
/// twice; a 401 means it did not apply it.
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
        if request.options[TransferObserverKey.self] == nil, request.followsRedirects, !delegate.hasChallenged(request.url) {
            do {
                return try await sendInline(request)
            } catch let error as URLError where error.code == .cancelled && !Task.isCancelled && delegate.hasChallenged(request.url) {
                // The delegate cancelled an authentication challenge and the 401's body was
                // dropped with it: ask again through the delegate, which keeps the body.
            }
        }
        return try await sendThroughDelegate(request)
    }

    /// One attempt through `URLSession.data(for:)`.
    private func sendInline(_ request: HTTPRequest) async throws -> HTTPRawResponse {
        let urlRequest = urlRequest(for: request)
        let (body, response): (Data, URLResponse)
        do {
            if let timeout = request.timeout {
                (body, response) = try await Self.withTimeout(timeout) { [session] in try await session.data(for: urlRequest) }
            } else {
                (body, response) = try await session.data(for: urlRequest)
            }
        } catch {
            throw URLErrors.urlError(error)
        }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return HTTPRawResponse(http, body: body, url: http.url ?? request.url)
    }

    /// One attempt through a delegate-based task.
    private func sendThroughDelegate(_ request: HTTPRequest) async throws -> HTTPRawResponse {
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

    /// Runs `operation` in a task of its own that is cancelled after `timeout` (then this throws
    /// `URLError(.timedOut)`) or when the calling task is cancelled.
    private static func withTimeout<T: Sendable>(
        _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let expired = ExpiryFlag()
        let work = Task { try await operation() }
        let expiry = DispatchWorkItem {
            expired.set()
            work.cancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds(timeout), execute: expiry)
        defer { expiry.cancel() }
        do {
            return try await withTaskCancellationHandler { try await work.value } onCancel: { work.cancel() }
        } catch where expired.isSet && !Task.isCancelled {
            throw URLError(.timedOut)
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

/// Set once when a request's timeout fires.
private final class ExpiryFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }
}
