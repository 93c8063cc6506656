/// The pipeline's de-duplication stage: calls that asked for it share one run of the rest of the
/// pipeline with identical calls in flight, or are refused.
///
/// A gate in front of the interceptors rather than an interceptor, so that a per-call
/// `HTTPClient.DeduplicationMode` works on every client without configuration, and so that
/// joined callers share everything the chain does (retries included) once. The response is
/// shared raw; each caller validates and decodes it as its own `Request` says.
final class DeduplicationGate: Sendable {
    /// The outcome of a shared call, with the context that recorded its attempts.
    struct SharedOutcome: Sendable {
        let result: Result<HTTPResponse, any Error>
        let context: RequestContext
    }

    /// Calls in flight, by request identity.
    let inFlight = InFlightRequests<RequestIdentity, SharedOutcome>()

    /// Runs `work` for `request`, or joins (or refuses, per `mode`) an identical call in flight.
    func pass(
        _ request: HTTPRequest, mode: HTTPClient.DeduplicationMode, context: RequestContext,
        work: @escaping @Sendable () async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let shared: SharedOutcome
        do {
            shared = try await inFlight.value(for: RequestIdentity(request), joins: mode == .useCurrentIfPossible) {
                do {
                    return SharedOutcome(result: .success(try await work()), context: context)
                } catch {
                    return SharedOutcome(result: .failure(error), context: context)
                }
            }
        } catch InFlightStateMachine<RequestIdentity, SharedOutcome>.Rejection.duplicate {
            throw HTTPError.duplicateDropped(request)
        }
        if shared.context !== context {
            context.adopt(shared.context)
            context.markJoinedInFlightRequest()
        }
        return try shared.result.get()
    }
}
