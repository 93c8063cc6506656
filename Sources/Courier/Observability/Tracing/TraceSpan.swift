public import Foundation

/// One attempt of a call as a span of a W3C trace, reported by ``TraceContextInterceptor`` to
/// ``EventMonitor/spanDidEnd(_:requestID:)`` once the attempt has ended.
///
/// Each attempt (a retry too) is a span of its own, with the same ``traceID`` and
/// ``parentSpanID``; its ``spanID`` is what the request carried in `traceparent`.
public struct TraceSpan: Sendable {
    /// The trace: 32 lowercase hexadecimal digits.
    public var traceID: String
    /// This attempt's span: 16 lowercase hexadecimal digits, sent in `traceparent`.
    public var spanID: String
    /// The span the call was made from (``TraceContext/parentSpanID``); nil when the call
    /// started the trace.
    public var parentSpanID: String?
    /// Whether the trace is recorded.
    public var sampled: Bool
    /// Which attempt of the call this span is, from 1.
    public var attempt: Int
    /// When the attempt started.
    public var start: Date
    /// When the attempt ended (the response's head arrived, or it failed).
    public var end: Date
    /// The response's status code; nil when the attempt failed without one.
    public var statusCode: Int?
    /// Why the attempt failed without a response; nil when a response came.
    public var error: (any Error)?
}
