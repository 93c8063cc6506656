import Dispatch
import Foundation

/// Hands events to a list of monitors without waiting for them (see ``EventMonitor``).
///
/// Each monitor has a serial dispatch queue of its own, so a slow monitor delays only itself and
/// sees its events one at a time, in order. Dispatch queues rather than tasks: a monitor's
/// methods are synchronous code of the app's, which may block (a file written synchronously, a
/// lock), and a blocked task would hold one of the few threads of Swift's cooperative pool
/// (two on a 2-core machine) that every other task of the process needs, where a blocked queue
/// holds only a Dispatch thread of its own. Events queued when the dispatcher is released are
/// still delivered.
final class EventDispatcher: EventMonitor {
    private typealias Delivery = @Sendable (any EventMonitor) -> Void

    /// The monitors, each with its queue.
    private let targets: [(monitor: any EventMonitor, queue: DispatchQueue)]

    /// A dispatcher with no monitors: every event is dropped at once.
    static let none = EventDispatcher(monitors: [])

    init(monitors: [any EventMonitor]) {
        targets = monitors.map { ($0, DispatchQueue(label: "Courier.EventMonitor")) }
    }

    var isEmpty: Bool { targets.isEmpty }

    /// Hands `delivery` to every monitor; with none, the delivery is not even made.
    private func post(_ delivery: @autoclosure () -> Delivery) {
        guard !targets.isEmpty else { return }
        let delivery = delivery()
        for (monitor, queue) in targets { queue.async { delivery(monitor) } }
    }

    func requestDidStart(_ request: HTTPRequest, requestID: UInt64) {
        post({ $0.requestDidStart(request, requestID: requestID) })
    }

    func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64) {
        post({ $0.requestWillSend(request, attempt: attempt, requestID: requestID) })
    }

    func requestDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {
        post({
            $0.requestDidReceive(response, for: request, attempt: attempt, duration: duration, requestID: requestID)
        })
    }

    func attemptDidFail(
        _ error: any Error, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {
        post({ $0.attemptDidFail(error, for: request, attempt: attempt, duration: duration, requestID: requestID) })
    }

    func requestWillRetry(_ request: HTTPRequest, attempt: Int, delay: Duration, reason: String, requestID: UInt64) {
        post({ $0.requestWillRetry(request, attempt: attempt, delay: delay, reason: reason, requestID: requestID) })
    }

    func requestDidFail(_ error: HTTPError, requestID: UInt64) {
        post({ $0.requestDidFail(error, requestID: requestID) })
    }

    func requestDidDecode(_ value: any Sendable, requestID: UInt64) {
        post({ $0.requestDidDecode(value, requestID: requestID) })
    }

    func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) {
        post({ $0.requestDidFinish(metrics, requestID: requestID) })
    }

    func spanDidEnd(
        _ span: TraceContext, attempt: Int, start: Date, end: Date, statusCode: Int?, error: (any Error)?,
        requestID: UInt64
    ) {
        post({
            $0.spanDidEnd(
                span, attempt: attempt, start: start, end: end, statusCode: statusCode, error: error,
                requestID: requestID)
        })
    }
}
