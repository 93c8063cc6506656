extension RetryPolicy {
    /// What to do after a failed attempt.
    public enum Decision: Sendable {
        /// Send the same request again at once.
        case retryNow
        /// Send the same request again after waiting this long (on the policy's clock).
        case retryAfter(Duration)
        /// Send this request instead, at once (for example with a fresh token or another host).
        case retry(with: HTTPRequest)
        /// Stop. With a reason, the call fails with ``HTTPError/Kind/retryStopped(reason:last:)``;
        /// without one, the failure reaches the caller as it is.
        case doNotRetry(reason: String? = nil)
    }

    /// Decides, failure by failure, whether a call is tried again: a closure the policy asks,
    /// given the failure (a thrown error, or ``HTTPError/Kind/unacceptableStatus(_:)`` with the
    /// response for a response whose status the request does not accept), the request that
    /// failed as this interceptor sent it, and the number of the attempt that failed (from 1).
    /// It returns nil to leave the failure to the next retrier; any error it throws stops the
    /// retries with ``HTTPError/Kind/retryStopped(reason:last:)``.
    ///
    /// A ``RetryPolicy`` asks its retriers in order; the first one that returns a decision wins, and
    /// returning nil leaves the failure to the next retrier and finally to the policy's own rules.
    /// Whatever a retrier decides, the policy's ``RetryPolicy/maxAttempts`` and
    /// ``RetryPolicy/deadline`` still apply. A retrier sees every request it is asked about and may
    /// retry a non-idempotent one; that is its call to make.
    ///
    /// ```swift
    /// let refreshOn401: RetryPolicy.Retrier = { error, request, attempt in
    ///     guard error.statusCode == 401, attempt == 1 else { return nil }
    ///     var retried = request
    ///     retried.headers["Authorization"] = "Bearer \(try await tokens.refresh())"
    ///     return .retry(with: retried)
    /// }
    /// let policy = RetryPolicy(retriers: [refreshOn401])
    /// ```
    public typealias Retrier =
        @Sendable (_ error: HTTPError, _ request: HTTPRequest, _ attempt: Int) async throws -> Decision?
}
