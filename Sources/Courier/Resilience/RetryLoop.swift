import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension RetryPolicy {
    /// Sends the request, retrying failures as the policy and its retriers decide.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping Next) async throws
        -> HTTPResponse
    {
        try await retrying(request, context: context, next: next, clock: self.clock)
    }

    private func retrying<C: Clock<Duration>>(
        _ request: HTTPRequest, context: RequestContext, next: @escaping Next, clock: C
    ) async throws -> HTTPResponse {
        let limit = Self.earlier(self.deadline, request.options[CallDeadlineOption.self])
        let deadline = limit.map { clock.now.advanced(by: $0) }
        let lastFailure = LastFailure()
        do {
            return try await Deadline.run(until: deadline, on: clock) {
                try await attempts(
                    of: request, context: context, next: next, clock: clock, deadline: deadline,
                    lastFailure: lastFailure)
            }
        } catch is Deadline.Exceeded {
            throw deadlineError(
                request, limit: limit, attempts: context.attempts, last: lastFailure.value.withLock { $0 })
        }
    }

    /// The attempt loop: send, decide, wait, send again.
    private func attempts<C: Clock<Duration>>(
        of original: HTTPRequest, context: RequestContext, next: @escaping Next, clock: C, deadline: C.Instant?,
        lastFailure: LastFailure
    ) async throws -> HTTPResponse {
        var request = original
        var attempt = 0
        while true {
            attempt += 1
            let outcome: Result<HTTPResponse, any Error>
            do { outcome = .success(try await next(request)) } catch { outcome = .failure(error) }
            guard let failure = Self.failure(of: outcome, request: request, attempt: attempt) else {
                return try outcome.get()
            }
            lastFailure.value.withLock { $0 = failure }

            let decision: RetryPolicy.Decision
            do {
                decision = try await decide(failure, request: request, attempt: attempt)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw HTTPError(
                    .retryStopped(reason: "the retrier failed: \(HTTPError.describe(error))", last: failure),
                    method: request.method, url: request.url, response: failure.response, attempts: attempt
                )
            }

            let wait: Duration
            switch decision {
            case .doNotRetry(let reason?):
                throw HTTPError(
                    .retryStopped(reason: reason, last: failure), method: request.method, url: request.url,
                    response: failure.response, attempts: attempt)
            case .doNotRetry(nil):
                return try outcome.get()
            case .retryNow:
                wait = .zero
            case .retryAfter(let delay):
                wait = max(delay, .zero)
            case .retry(with: let replacement):
                wait = .zero
                request = replacement
            }
            guard attempt < maxAttempts else {
                // With a single attempt allowed there were no retries to exhaust.
                if maxAttempts == 1 { return try outcome.get() }
                throw HTTPError(
                    .retriesExhausted(attempts: attempt, last: failure), method: request.method,
                    url: request.url, response: failure.response, attempts: attempt)
            }
            if let deadline, clock.now.advanced(by: wait) > deadline {
                // Waiting would end after the deadline: fail now rather than sleep to fail.
                throw Deadline.Exceeded()
            }
            context.eventMonitor.requestWillRetry(
                request, attempt: attempt + 1, delay: wait, reason: failure.reason, requestID: context.id)
            if wait > .zero { try await clock.sleep(for: wait, tolerance: nil) }
        }
    }

    /// The failure an outcome stands for, or nil when it is a success (or a cancellation, which
    /// is never retried). A response fails when its status is not one the request accepts: the
    /// same rule the client's status validation applies (``HTTPRequest/accepts(statusCode:)``).
    private static func failure(of outcome: Result<HTTPResponse, any Error>, request: HTTPRequest, attempt: Int)
        -> HTTPError?
    {
        switch outcome {
        case .success(let response):
            guard !request.accepts(statusCode: response.statusCode) else { return nil }
            return HTTPError.unacceptableStatus(response, request: request, attempts: attempt)
        case .failure(let error):
            if error is CancellationError || Task.isCancelled { return nil }
            if let error = error as? HTTPError, error.isCancelled { return nil }
            return HTTPError(wrapping: error, request: request, attempts: attempt)
        }
    }

    /// Asks the call's own retriers, then the policy's, then the policy's own rules.
    private func decide(_ failure: HTTPError, request: HTTPRequest, attempt: Int) async throws -> RetryPolicy.Decision {
        for retrier in request.options[RetriersOption.self] + retriers {
            if let decision = try await retrier(failure, request, attempt) {
                return decision
            }
        }
        return defaultDecision(for: failure, request: request, attempt: attempt)
    }

    /// The policy's own rules: method, status or network error, then `Retry-After` or backoff.
    func defaultDecision(for failure: HTTPError, request: HTTPRequest, attempt: Int) -> RetryPolicy.Decision {
        guard request.options[RetryableOption.self] ?? retryableMethods.contains(request.method) else {
            return .doNotRetry()
        }
        switch failure.kind {
        case .unacceptableStatus(let status):
            guard retryableStatusCodes.contains(status) else { return .doNotRetry() }
            if let asked = failure.response.flatMap({ RetryAfter.delay(in: $0.headers) }) {
                return .retryAfter(min(asked, maximumRetryAfter))
            }
            return .retryAfter(backoff.delay(forRetry: attempt))
        case .transport(let error as URLError):
            return retryableErrorCodes.contains(error.code)
                ? .retryAfter(backoff.delay(forRetry: attempt)) : .doNotRetry()
        default:
            return .doNotRetry()
        }
    }

    /// The timeout error of a call whose deadline passed.
    private func deadlineError(_ request: HTTPRequest, limit: Duration?, attempts: Int, last: HTTPError?) -> HTTPError {
        var message = "the overall deadline of \(limit.map(Self.describe) ?? "?") passed"
        if attempts > 0 { message += " after \(attempts) attempt" + (attempts == 1 ? "" : "s") }
        if let last { message += "; the last one failed: \(last.reason)" }
        return HTTPError(
            .transport(URLError(.timedOut, userInfo: [NSLocalizedDescriptionKey: message])),
            method: request.method, url: request.url, response: last?.response, attempts: max(attempts, 1)
        )
    }

    /// The shorter of two optional limits.
    private static func earlier(_ first: Duration?, _ second: Duration?) -> Duration? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    private static func describe(_ duration: Duration) -> String {
        let seconds = duration.timeInterval
        return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.3g s", seconds)
    }
}

/// The latest failure of a call, kept for the deadline's error message.
private final class LastFailure: Sendable {
    let value = Mutex<HTTPError?>(nil)
}
