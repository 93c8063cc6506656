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
