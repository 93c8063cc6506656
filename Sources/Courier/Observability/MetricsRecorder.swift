import Foundation
import Synchronization

/// Collects one call's attempts for its ``RequestMetrics``.
final class MetricsRecorder: Sendable {
    private struct State {
        var attempts: [RequestMetrics.Attempt] = []
        var joinedInFlightRequest = false
    }

    /// Wall-clock start of the call, for ``RequestMetrics/start``.
    let start = Date()
    private let state = Mutex(State())

    func record(_ attempt: RequestMetrics.Attempt) {
        state.withLock { $0.attempts.append(attempt) }
    }

    func markJoined() {
        state.withLock { $0.joinedInFlightRequest = true }
    }

    func metrics(of request: HTTPRequest, context: RequestContext, statusCode: Int?, error: HTTPError?)
        -> RequestMetrics
    {
        let snapshot = state.withLock { $0 }
        return RequestMetrics(
            requestID: context.id, method: request.method, url: request.url, start: start, end: Date(),
            duration: context.startedAt.duration(to: .now), attempts: snapshot.attempts,
            joinedInFlightRequest: snapshot.joinedInFlightRequest, statusCode: statusCode, error: error
        )
    }
}

extension RequestContext {
    /// Records that this call shared the result of an identical request already in flight
    /// instead of sending its own; shows as ``RequestMetrics/joinedInFlightRequest``.
    /// Called by the de-duplicating stage of the pipeline.
    public func markJoinedInFlightRequest() {
        metricsRecorder?.markJoined()
    }

    /// The transport answered attempt `attempt`, begun at `started`: records and reports it.
    func attemptDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, started: ContinuousClock.Instant
    ) {
        let duration = started.duration(to: .now)
        if let metricsRecorder {
            let received = request.options[TransferObserverKey.self]?.bytesWrittenToFile ?? Int64(response.body.count)
            metricsRecorder.record(
                .init(
                    number: attempt, start: Date() - duration.timeInterval, duration: duration,
                    bytesSent: request.body?.length ?? 0, bytesReceived: received, statusCode: response.statusCode
                ))
        }
        eventMonitor.requestDidReceive(response, for: request, attempt: attempt, duration: duration, requestID: id)
    }

    /// The transport failed attempt `attempt`, begun at `started`: records and reports it.
    func attemptDidFail(_ error: any Error, for request: HTTPRequest, attempt: Int, started: ContinuousClock.Instant) {
        let duration = started.duration(to: .now)
        if let metricsRecorder {
            metricsRecorder.record(
                .init(
                    number: attempt, start: Date() - duration.timeInterval, duration: duration,
                    bytesSent: 0, bytesReceived: 0, statusCode: nil
                ))
        }
        eventMonitor.attemptDidFail(error, for: request, attempt: attempt, duration: duration, requestID: id)
    }

    /// The call ended: reports its ``RequestMetrics`` (when anyone listens).
    func reportMetrics(of request: HTTPRequest, statusCode: Int?, error: HTTPError?) {
        guard let metricsRecorder else { return }
        let metrics = metricsRecorder.metrics(of: request, context: self, statusCode: statusCode, error: error)
        eventMonitor.requestDidFinish(metrics, requestID: id)
    }
}
