/// Hands events to a list of monitors without waiting for them (see ``EventMonitor``).
///
/// Each monitor has its own unbounded `AsyncStream` of deliveries and its own task draining it,
/// so a slow monitor delays only itself. The tasks end when the dispatcher is released.
final class EventDispatcher: EventMonitor {
    private typealias Delivery = @Sendable (any EventMonitor) -> Void

    private let queues: [AsyncStream<Delivery>.Continuation]

    /// A dispatcher with no monitors: every event is dropped at once.
    static let none = EventDispatcher(monitors: [])

    init(monitors: [any EventMonitor]) {
        queues = monitors.map { monitor in
            let (stream, continuation) = AsyncStream<Delivery>.makeStream()
            Task.detached {
                for await deliver in stream { deliver(monitor) }
            }
            return continuation
        }
    }

    deinit {
        for queue in queues { queue.finish() }
    }

    var isEmpty: Bool { queues.isEmpty }

    /// Hands `delivery` to every monitor; with none, the delivery is not even made.
    private func post(_ delivery: @autoclosure () -> Delivery) {
        guard !queues.isEmpty else { return }
        let delivery = delivery()
        for queue in queues { queue.yield(delivery) }
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
}
