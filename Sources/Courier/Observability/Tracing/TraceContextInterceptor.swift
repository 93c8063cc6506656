import Foundation

/// An interceptor that sends W3C Trace Context headers (`traceparent`, `tracestate`) with every
/// attempt and reports each attempt as a ``TraceSpan`` to the client's event monitors.
///
/// Each attempt gets a new span id. The trace is, in this order: ``TraceContext/current`` when
/// the calling task set one (its `tracestate` goes along too); else the `traceparent` the
/// request already carries, when it is valid; else a new trace for the call, the same for all its
/// attempts. Put it after ``RetryPolicy`` so that it runs for every attempt:
///
/// ```swift
/// let client = HTTPClient(baseURL: api) {
///     $0.interceptors = [RetryPolicy(), TraceContextInterceptor()]
///     $0.eventMonitors = [spanExporter]
/// }
/// ```
public struct TraceContextInterceptor: Interceptor {
    /// Whether a trace this interceptor starts is sampled (a caller's trace keeps its own flag).
    public var samplesNewTraces: Bool

    /// Creates the interceptor.
    ///
    /// - Parameter samplesNewTraces: The `sampled` flag of the traces it starts (true by default).
    public init(samplesNewTraces: Bool = true) {
        self.samplesNewTraces = samplesNewTraces
    }

    /// Sends `request` as a new span of the call's trace and reports the span when the attempt ends.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        let trace = self.trace(for: request, context: context)
        let spanID = TraceContext.randomID(bytes: 8)
        var request = request
        request.headers["traceparent"] = trace.traceparent(spanID: spanID)
        request.headers["tracestate"] = trace.traceState
        let start = Date()
        var span = TraceSpan(
            traceID: trace.traceID, spanID: spanID, parentSpanID: trace.parentSpanID, sampled: trace.sampled,
            attempt: context.attempts + 1, start: start, end: start)
        do {
            let response = try await next(request)
            span.end = Date()
            span.statusCode = response.statusCode
            context.eventMonitor.spanDidEnd(span, requestID: context.id)
            return response
        } catch {
            span.end = Date()
            span.error = error
            context.eventMonitor.spanDidEnd(span, requestID: context.id)
            throw error
        }
    }

    /// The trace the call belongs to (see the type's documentation for the order), decided at
    /// its first attempt and kept for the others.
    private func trace(for request: HTTPRequest, context: RequestContext) -> TraceContext {
        if let current = TraceContext.current { return current }
        return context.trace {
            if let header = request.headers["traceparent"],
                let given = try? TraceContext(traceparent: header, tracestate: request.headers["tracestate"])
            {
                return given
            }
            return TraceContext(newTraceSampled: samplesNewTraces)
        }
    }
}
