public import Foundation

/// Observes what ``HTTPClient`` does with each call: logging, metrics, loading indicators.
///
/// Every method has an empty default, so a monitor implements only what it needs. Add monitors
/// with ``HTTPClient/Configuration/eventMonitors``; several compose, and each sees every event.
///
/// **Delivery.** A monitor never slows a request down: the client hands each event to a serial
/// dispatch queue of the monitor's own and goes on at once; that queue calls the monitor's
/// methods one event at a time, in the order the events happened, on a Dispatch thread, not on
/// Swift's cooperative thread pool. So a monitor may do slow or blocking work (write a file
/// synchronously, format a long line) in its methods without holding up the app's tasks, but it
/// sees an event shortly *after* it happened, not during it.
///
/// For one call the events come in this order: ``requestDidStart(_:requestID:)``; per attempt
/// ``requestWillSend(_:attempt:requestID:)`` then ``requestDidReceive(_:for:attempt:duration:requestID:)``
/// or ``attemptDidFail(_:for:attempt:duration:requestID:)``; between attempts
/// ``requestWillRetry(_:attempt:delay:reason:requestID:)`` (reported by the retrying
/// interceptor); then ``requestDidDecode(_:requestID:)`` or ``requestDidFail(_:requestID:)``;
/// and last ``requestDidFinish(_:requestID:)`` with the call's ``RequestMetrics``.
/// `requestID` is ``RequestContext/id``, the same for every event of one call.
///
/// A request that cannot even be built (a bad URL) reports only ``requestDidFail(_:requestID:)``.
public protocol EventMonitor: Sendable {
    /// A call began; `request` is the resolved request before any interceptor ran.
    func requestDidStart(_ request: HTTPRequest, requestID: UInt64)
    /// An attempt is about to reach the transport, after every interceptor; `attempt` counts from 1.
    func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64)
    /// The transport answered an attempt (any status); `duration` is the attempt's time on the wire.
    func requestDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64)
    /// The transport failed an attempt without a response (network error, timeout, cancellation).
    func attemptDidFail(
        _ error: any Error, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64)
    /// A retrying interceptor will send the request again: `attempt` is the number of the attempt
    /// that will follow, after waiting `delay`, because of `reason`.
    func requestWillRetry(_ request: HTTPRequest, attempt: Int, delay: Duration, reason: String, requestID: UInt64)
    /// The call failed; `error` is what ``HTTPClient/send(_:)`` throws.
    func requestDidFail(_ error: HTTPError, requestID: UInt64)
    /// The response was validated and decoded into `value`.
    func requestDidDecode(_ value: any Sendable, requestID: UInt64)
    /// The call ended, successfully or not (also when it was cancelled).
    func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64)
    /// An attempt sent through a ``TraceContext`` interceptor (``Interceptor/traceContext(samplesNewTraces:)``)
    /// ended: its span, for a tracing backend.
    ///
    /// - Parameters:
    ///   - span: The attempt's span: its ``TraceContext/traceID``, its own
    ///     ``TraceContext/spanID`` (sent in `traceparent`), the span the call was made from
    ///     (``TraceContext/parentSpanID``, nil when the call started the trace), and whether the
    ///     trace is sampled. Each attempt (a retry too) is a span of its own.
    ///   - attempt: Which attempt of the call it is, from 1.
    ///   - start: When the attempt started.
    ///   - end: When it ended (the response's head arrived, or it failed).
    ///   - statusCode: The response's status code; nil when the attempt failed without one.
    ///   - error: Why the attempt failed without a response; nil when a response came.
    ///   - requestID: The call's id.
    func spanDidEnd(
        _ span: TraceContext, attempt: Int, start: Date, end: Date, statusCode: Int?, error: (any Error)?,
        requestID: UInt64)
}

extension EventMonitor {
    /// Does nothing.
    public func requestDidStart(_ request: HTTPRequest, requestID: UInt64) {}
    /// Does nothing.
    public func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64) {}
    /// Does nothing.
    public func requestDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {}
    /// Does nothing.
    public func attemptDidFail(
        _ error: any Error, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {}
    /// Does nothing.
    public func requestWillRetry(
        _ request: HTTPRequest, attempt: Int, delay: Duration, reason: String, requestID: UInt64
    ) {}
    /// Does nothing.
    public func requestDidFail(_ error: HTTPError, requestID: UInt64) {}
    /// Does nothing.
    public func requestDidDecode(_ value: any Sendable, requestID: UInt64) {}
    /// Does nothing.
    public func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) {}
    /// Does nothing.
    public func spanDidEnd(
        _ span: TraceContext, attempt: Int, start: Date, end: Date, statusCode: Int?, error: (any Error)?,
        requestID: UInt64
    ) {}
}
