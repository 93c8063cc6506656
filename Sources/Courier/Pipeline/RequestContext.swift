import Foundation
import Synchronization

/// What the pipeline knows about one call while it runs, shared by its interceptors.
///
/// One context lives for one ``HTTPClient/send(_:)``, across all its attempts.
public final class RequestContext: Sendable {
    /// A number unique to this call within the process, for correlating log lines and events.
    public let id: UInt64
    /// When the call started.
    public let startedAt: ContinuousClock.Instant
    /// Where the pipeline and its interceptors report events (see ``EventMonitor``): every
    /// monitor of the client, behind a hand-off that never blocks. The client reports the
    /// call's and each attempt's events itself; an interceptor reports what only it knows, as
    /// ``RetryPolicy`` does before each retry:
    /// `context.eventMonitor.requestWillRetry(request, attempt: next, delay: wait, reason: why, requestID: context.id)`.
    public let eventMonitor: any EventMonitor
    /// Collects the attempts' timings and byte counts for ``RequestMetrics``; nil when no
    /// monitor receives the events, as metrics are not assembled for nobody.
    let metricsRecorder: MetricsRecorder?

    private struct State {
        var attempts = 0
        var trace: TraceContext?
    }

    private let state = Mutex(State())
    private static let counter = Atomic<UInt64>(0)

    /// Creates a context with a fresh id whose events are dropped.
    public convenience init() {
        self.init(eventMonitor: EventDispatcher.none)
    }

    /// Creates a context with a fresh id whose events go to `eventMonitor`.
    public convenience init(eventMonitor: any EventMonitor) {
        self.init(eventMonitor: eventMonitor, isObserved: (eventMonitor as? EventDispatcher)?.isEmpty != true)
    }

    /// Creates a context for a client's call; `events` says whether anyone listens.
    convenience init(events: EventDispatcher) {
        self.init(eventMonitor: events, isObserved: !events.isEmpty)
    }

    private init(eventMonitor: any EventMonitor, isObserved: Bool) {
        id = Self.counter.add(1, ordering: .relaxed).newValue
        startedAt = .now
        self.eventMonitor = eventMonitor
        metricsRecorder = isObserved ? MetricsRecorder() : nil
    }

    /// How many times the request has reached the transport so far.
    public var attempts: Int { state.withLock { $0.attempts } }

    /// Takes over the attempts of the call this one joined (de-duplication).
    func adopt(_ other: RequestContext) {
        let attempts = other.attempts
        state.withLock { $0.attempts = attempts }
    }

    /// The call's trace: the one `make` gives at the first ask, the same one after (see
    /// ``Interceptor/traceContext(samplesNewTraces:)``).
    func trace(_ make: () -> TraceContext) -> TraceContext {
        state.withLock { state in
            if let trace = state.trace { return trace }
            let trace = make()
            state.trace = trace
            return trace
        }
    }

    /// Records that a request is about to reach the transport; returns the attempt number (from 1).
    func beginAttempt() -> Int {
        state.withLock {
            $0.attempts += 1
            return $0.attempts
        }
    }
}

// The pipeline's bookkeeping of one call: its attempts and its end, recorded for its
// ``RequestMetrics`` and reported to its monitors.
extension RequestContext {
    /// Records that this call shared the result of an identical request already in flight
    /// instead of sending its own; shows as ``RequestMetrics/joinedInFlightRequest``.
    /// Called by the de-duplicating stage of the pipeline.
    func markJoinedInFlightRequest() {
        metricsRecorder?.markJoined()
    }

    /// The transport answered attempt `attempt`, begun at `started`, with `bytesReceived` body
    /// bytes (in memory or written to a download's file): records and reports it.
    func attemptDidReceive(
        _ response: HTTPResponse, bytesReceived: Int64, for request: HTTPRequest, attempt: Int,
        started: ContinuousClock.Instant
    ) {
        let duration = started.duration(to: .now)
        metricsRecorder?.record(
            .init(
                number: attempt, start: Date() - duration.timeInterval, duration: duration,
                bytesSent: request.body?.length ?? 0, bytesReceived: bytesReceived, statusCode: response.statusCode,
                timings: response.phases
            ))
        eventMonitor.requestDidReceive(response, for: request, attempt: attempt, duration: duration, requestID: id)
    }

    /// The transport failed attempt `attempt`, begun at `started`: records and reports it.
    func attemptDidFail(_ error: any Error, for request: HTTPRequest, attempt: Int, started: ContinuousClock.Instant) {
        let duration = started.duration(to: .now)
        metricsRecorder?.record(
            .init(
                number: attempt, start: Date() - duration.timeInterval, duration: duration,
                bytesSent: 0, bytesReceived: 0, statusCode: nil, timings: nil
            ))
        eventMonitor.attemptDidFail(error, for: request, attempt: attempt, duration: duration, requestID: id)
    }

    /// The call failed with `error` after it started: reports the failure, then its metrics.
    func callDidFail(_ error: HTTPError, request: HTTPRequest) {
        eventMonitor.requestDidFail(error, requestID: id)
        reportMetrics(of: request, statusCode: error.statusCode, error: error)
    }

    /// The call ended: reports its ``RequestMetrics`` (when anyone listens).
    func reportMetrics(of request: HTTPRequest, statusCode: Int?, error: HTTPError?) {
        guard let metricsRecorder else { return }
        let metrics = metricsRecorder.metrics(of: request, context: self, statusCode: statusCode, error: error)
        eventMonitor.requestDidFinish(metrics, requestID: id)
    }
}
