/// The outcome of a shared call, with the context that recorded its attempts.
struct SharedOutcome: Sendable {
    let result: Result<HTTPRawResponse, any Error>
    let context: RequestContext
}

extension HTTPClient {
    /// Runs the interceptor chain for a call, or joins (or refuses) an identical call in flight
    /// when the call asked for de-duplication.
    ///
    /// De-duplication is a gate in front of the interceptors rather than an interceptor, so that
    /// a per-call ``DeduplicationMode`` works on every client without configuration, and so that
    /// joined callers share everything the chain does (retries included) once. The response is
    /// shared raw; each caller validates and decodes it as its own `Request` says.
    func dispatch(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPRawResponse {
        let mode = request.options[DeduplicationOption.self]
        if mode == .alwaysCreateNew { return try await run(request, context: context, from: 0) }
        let shared: SharedOutcome
        do {
            shared = try await inFlight.value(for: RequestIdentity(request), joins: mode == .useCurrentIfPossible) {
                do {
                    return SharedOutcome(result: .success(try await self.run(request, context: context, from: 0)), context: context)
                } catch {
                    return SharedOutcome(result: .failure(error), context: context)
                }
            }
        } catch InFlightStateMachine<RequestIdentity, SharedOutcome>.Rejection.duplicate {
            throw HTTPError(.duplicateDropped, method: request.method, url: request.url)
        }
        if shared.context !== context {
            context.adopt(shared.context)
            context.markJoinedInFlightRequest()
        }
        return try shared.result.get()
    }
}
