import Courier
import Foundation
import Synchronization
import TestSupport

/// A monitor for tests: records every event of every call, in the order it was delivered.
final class RecordingMonitor: EventMonitor {
    enum Event: Equatable, CustomStringConvertible {
        case start
        case send(attempt: Int)
        case receive(attempt: Int, status: Int)
        case attemptFailed(attempt: Int)
        case retry(attempt: Int, reason: String)
        case failed
        case decoded
        case finish(attempts: Int)

        var description: String {
            switch self {
            case .start: "start"
            case .send(let attempt): "send \(attempt)"
            case .receive(let attempt, let status): "receive \(attempt) \(status)"
            case .attemptFailed(let attempt): "attemptFailed \(attempt)"
            case .retry(let attempt, let reason): "retry \(attempt) \(reason)"
            case .failed: "failed"
            case .decoded: "decoded"
            case .finish(let attempts): "finish \(attempts)"
            }
        }
    }

    private let log = Mutex<[(id: UInt64, event: Event)]>([])
    private let finished = Mutex<[RequestMetrics]>([])
    private let endedSpans = Mutex<[Span]>([])

    /// A span as ``EventMonitor/spanDidEnd(_:attempt:start:end:statusCode:error:requestID:)``
    /// reported it.
    struct Span: Sendable {
        let traceID: String
        let spanID: String?
        let parentSpanID: String?
        let sampled: Bool
        let attempt: Int
        let start: Date
        let end: Date
        let statusCode: Int?
        let error: (any Error)?
    }

    /// The spans reported so far, in the order they ended.
    var spans: [Span] { endedSpans.withLock { $0 } }

    func events(of id: UInt64? = nil) -> [Event] {
        log.withLock { $0.filter { id == nil || $0.id == id }.map(\.event) }
    }

    var metrics: [RequestMetrics] { finished.withLock { $0 } }

    /// Waits until `count` calls have finished (the monitor sees events just after they happen).
    func waitForFinishes(_ count: Int) async throws {
        try await waitUntil("\(count) finished calls") { self.metrics.count >= count }
    }

    private func record(_ id: UInt64, _ event: Event) { log.withLock { $0.append((id, event)) } }

    func requestDidStart(_ request: HTTPRequest, requestID: UInt64) { record(requestID, .start) }
    func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64) {
        record(requestID, .send(attempt: attempt))
    }
    func requestDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {
        record(requestID, .receive(attempt: attempt, status: response.statusCode))
    }
    func attemptDidFail(
        _ error: any Error, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {
        record(requestID, .attemptFailed(attempt: attempt))
    }
    func requestWillRetry(_ request: HTTPRequest, attempt: Int, delay: Duration, reason: String, requestID: UInt64) {
        record(requestID, .retry(attempt: attempt, reason: reason))
    }
    func requestDidFail(_ error: HTTPError, requestID: UInt64) { record(requestID, .failed) }
    func requestDidDecode(_ value: any Sendable, requestID: UInt64) { record(requestID, .decoded) }
    func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) {
        record(requestID, .finish(attempts: metrics.attempts.count))
        finished.withLock { $0.append(metrics) }
    }
    func spanDidEnd(
        _ span: TraceContext, attempt: Int, start: Date, end: Date, statusCode: Int?, error: (any Error)?,
        requestID: UInt64
    ) {
        let ended = Span(
            traceID: span.traceID, spanID: span.spanID, parentSpanID: span.parentSpanID, sampled: span.sampled,
            attempt: attempt, start: start, end: end, statusCode: statusCode, error: error)
        endedSpans.withLock { $0.append(ended) }
    }
}

/// Collects output lines, for asserting on what a logger wrote.
final class LineCollector: Sendable {
    private let lines = Mutex<[String]>([])
    var output: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
    var text: String { all.joined(separator: "\n") }

    /// Waits until the `LoggingMonitor` writing here has written `count` `finish` lines, each
    /// call's last. Every monitor drains its own queue, so another monitor having seen a call
    /// end says nothing about this one's lines.
    func waitForFinishLines(_ count: Int) async throws {
        try await waitUntil("\(count) finish lines") { self.all.filter { $0.contains(" finish ") }.count >= count }
    }
}

/// A retrying interceptor for tests only: sends again at once after a 5xx, up to `maxAttempts`,
/// reporting each retry to the monitors through the request context.
struct RetryOnServerError: Interceptor {
    let maxAttempts: Int

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        var attempt = 1
        while true {
            let response = try await next(request)
            guard response.statusCode >= 500, attempt < maxAttempts else { return response }
            attempt += 1
            context.eventMonitor.requestWillRetry(
                request, attempt: attempt, delay: .zero, reason: "status \(response.statusCode)", requestID: context.id
            )
        }
    }
}
