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

    func metrics(of request: HTTPRequest, context: RequestContext, statusCode: Int?, error: HTTPError?) -> RequestMetrics {
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

    /// Sends one attempt through `transport`: counts it, reports it to the monitors and records
    /// its metrics. This is the innermost stage of the pipeline.
    func sendAttempt(_ request: HTTPRequest, through transport: any HTTPTransport) async throws -> HTTPRawResponse {
        let attempt = beginAttempt(request)
        eventMonitor.requestWillSend(request, attempt: attempt, requestID: id)
        let wallStart = Date()
        let start = ContinuousClock.now
        let sent = Int64(request.body?.count ?? 0)
        do {
            let response = try await transport.send(request)
            let duration = start.duration(to: .now)
            if let metricsRecorder {
                let received = request.options[TransferObserverKey.self]?.bytesWrittenToFile ?? Int64(response.body.count)
                metricsRecorder.record(.init(
                    number: attempt, start: wallStart, duration: duration, bytesSent: sent,
                    bytesReceived: received, statusCode: response.statusCode
                ))
            }
            eventMonitor.requestDidReceive(response, for: request, attempt: attempt, duration: duration, requestID: id)
            return response
        } catch {
            let duration = start.duration(to: .now)
            if let metricsRecorder {
                metricsRecorder.record(.init(
                    number: attempt, start: wallStart, duration: duration, bytesSent: 0, bytesReceived: 0, statusCode: nil
                ))
            }
            eventMonitor.attemptDidFail(error, for: request, attempt: attempt, duration: duration, requestID: id)
            switch error {
            case is URLError, is CancellationError, is HTTPError:
                throw error
            default:
                // A transport's own error (a stub with no route, a cassette with no match).
                throw HTTPError(.transportFailed(error), method: request.method, url: request.url, attempts: attempt)
            }
        }
    }

    /// Runs a whole call, reporting its start, its decoded value or failure, and its metrics.
    func observe<Value: Sendable>(
        _ request: HTTPRequest, _ body: () async throws(HTTPError) -> HTTPResponse<Value>
    ) async throws(HTTPError) -> HTTPResponse<Value> {
        eventMonitor.requestDidStart(request, requestID: id)
        do {
            let response = try await body()
            eventMonitor.requestDidDecode(response.value, requestID: id)
            if let metricsRecorder {
                let metrics = metricsRecorder.metrics(of: response.request, context: self, statusCode: response.statusCode, error: nil)
                eventMonitor.requestDidFinish(metrics, requestID: id)
            }
            return response
        } catch {
            eventMonitor.requestDidFail(error, requestID: id)
            if let metricsRecorder {
                let metrics = metricsRecorder.metrics(of: lastRequest ?? request, context: self, statusCode: error.statusCode, error: error)
                eventMonitor.requestDidFinish(metrics, requestID: id)
            }
            throw error
        }
    }
}
