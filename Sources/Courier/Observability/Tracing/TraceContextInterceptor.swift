import Foundation

extension Interceptor where Self == HTTPClient.ClosureInterceptor {
    /// An interceptor that sends W3C Trace Context headers (`traceparent`, `tracestate`) with
    /// every attempt and reports each attempt's span to the client's event monitors
    /// (``EventMonitor/spanDidEnd(_:attempt:start:end:statusCode:error:requestID:)``).
    ///
    /// Each attempt gets a new span id. The trace is, in this order: ``TraceContext/current`` when
    /// the calling task set one (its `tracestate` goes along too); else the `traceparent` the
    /// request already carries, when it is valid; else a new trace for the call, the same for all
    /// its attempts. Put it after ``RetryPolicy`` so that it runs for every attempt:
    ///
    /// ```swift
    /// let client = HTTPClient(baseURL: api) {
    ///     $0.interceptors = [RetryPolicy(), .traceContext()]
    ///     $0.eventMonitors = [spanExporter]
    /// }
    /// ```
    ///
    /// - Parameter samplesNewTraces: The `sampled` flag of the traces it starts (true by
    ///   default); a caller's trace keeps its own flag.
    public static func traceContext(samplesNewTraces: Bool = true) -> HTTPClient.ClosureInterceptor {
        let tracer = TraceContextInterceptor(samplesNewTraces: samplesNewTraces)
        return HTTPClient.ClosureInterceptor { request, context, next in
            try await tracer.intercept(request, context: context, next: next)
        }
    }
}

/// The work of ``Interceptor/traceContext(samplesNewTraces:)``.
struct TraceContextInterceptor: Sendable {
    /// Whether a trace this interceptor starts is sampled (a caller's trace keeps its own flag).
    let samplesNewTraces: Bool

    /// Sends `request` as a new span of the call's trace and reports the span when the attempt ends.
    func intercept(
        _ request: HTTPRequest, context: RequestContext, next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws
        -> HTTPResponse
    {
        let trace = self.trace(for: request, context: context)
        let spanID = TraceContext.randomID(bytes: 8)
        var request = request
        request.headers["traceparent"] = trace.traceparent(spanID: spanID)
        request.headers["tracestate"] = trace.traceState
        let start = Date()
        var span = trace
        span.spanID = spanID
        let attempt = context.attempts + 1
        do {
            let response = try await next(request)
            context.eventMonitor.spanDidEnd(
                span, attempt: attempt, start: start, end: Date(), statusCode: response.statusCode, error: nil,
                requestID: context.id)
            return response
        } catch {
            context.eventMonitor.spanDidEnd(
                span, attempt: attempt, start: start, end: Date(), statusCode: nil, error: error,
                requestID: context.id)
            throw error
        }
    }

    /// The trace the call belongs to (see the type's documentation for the order), decided at
    /// its first attempt and kept for the others.
    private func trace(for request: HTTPRequest, context: RequestContext) -> TraceContext {
        if let current = TraceContext.current { return current }
        return context.trace {
            if let header = request.headers["traceparent"],
                let given = TraceContext(traceparent: header, tracestate: request.headers["tracestate"])
            {
                return given
            }
            return TraceContext(newTraceSampled: samplesNewTraces)
        }
    }
}
