import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns the timeline URLSession reports for a task (`URLSessionTaskTransactionMetrics`, on Apple
/// platforms only: FoundationNetworking on Linux never delivers task metrics) into
/// ``RequestMetrics/Phases``.
enum TaskMetricsPhases {
    /// The moments of one request–response exchange, as `URLSessionTaskTransactionMetrics` has
    /// them; nil where the step did not happen (no lookup or connection on a reused connection,
    /// no TLS over plain HTTP).
    struct Timeline {
        var fetchStart: Date?
        var domainLookupStart: Date?
        var domainLookupEnd: Date?
        var connectStart: Date?
        var connectEnd: Date?
        var secureConnectionStart: Date?
        var secureConnectionEnd: Date?
        var requestStart: Date?
        var requestEnd: Date?
        var responseStart: Date?
        var responseEnd: Date?
        var reusedConnection: Bool
    }

    /// The phases of `timeline`; nil when it lacks the request and response moments (a task that
    /// failed before them).
    static func phases(of timeline: Timeline) -> PhaseTimings? {
        guard let fetchStart = timeline.fetchStart, let requestStart = timeline.requestStart,
            let requestEnd = timeline.requestEnd, let responseStart = timeline.responseStart,
            let responseEnd = timeline.responseEnd
        else { return nil }
        func span(_ from: Date?, _ to: Date?) -> Duration {
            guard let from, let to, to > from else { return .zero }
            return .microseconds(Int64((to.timeIntervalSince(from) * 1_000_000).rounded()))
        }
        let reused = timeline.reusedConnection
        // Until the first step of making a connection (or, reused, until the request went out).
        let firstStep = reused ? requestStart : timeline.domainLookupStart ?? timeline.connectStart ?? requestStart
        return PhaseTimings(
            queued: span(fetchStart, firstStep),
            domainLookup: reused ? .zero : span(timeline.domainLookupStart, timeline.domainLookupEnd),
            connect: reused
                ? .zero : span(timeline.connectStart, timeline.secureConnectionStart ?? timeline.connectEnd),
            secureConnection: reused ? .zero : span(timeline.secureConnectionStart, timeline.secureConnectionEnd),
            requestSent: span(requestStart, requestEnd),
            firstResponseByte: span(requestEnd, responseStart),
            bodyReceived: span(responseStart, responseEnd),
            reusedConnection: reused)
    }

    /// The phases of the exchange that gave a task's final response.
    static func phases(of metrics: URLSessionTaskMetrics) -> PhaseTimings? {
        guard let last = metrics.transactionMetrics.last else { return nil }
        return phases(
            of: Timeline(
                fetchStart: last.fetchStartDate, domainLookupStart: last.domainLookupStartDate,
                domainLookupEnd: last.domainLookupEndDate, connectStart: last.connectStartDate,
                connectEnd: last.connectEndDate, secureConnectionStart: last.secureConnectionStartDate,
                secureConnectionEnd: last.secureConnectionEndDate, requestStart: last.requestStartDate,
                requestEnd: last.requestEndDate, responseStart: last.responseStartDate,
                responseEnd: last.responseEndDate, reusedConnection: last.isReusedConnection))
    }
}
