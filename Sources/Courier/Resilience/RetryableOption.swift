/// The ``RequestOptionKey`` saying whether a call may be retried by ``RetryPolicy``'s own rules,
/// whatever its method.
package enum RetryableOption: RequestOptionKey {
    /// nil: the policy decides by the method (idempotent methods only).
    package static let defaultValue: Bool? = nil
}

extension Request {
    /// This request, opted in to (or out of) the retry policy's default rules.
    ///
    /// By default only idempotent methods are retried, because sending a `POST` twice may do
    /// its work twice. Opt a non-idempotent request in when the server makes it safe (an
    /// idempotency key, a create that detects duplicates); opt an idempotent one out when a
    /// retry is pointless. Custom ``RetryPolicy/Retrier``s still see the call and decide for themselves.
    public func retryable(_ retryable: Bool = true) -> Self {
        option(RetryableOption.self, retryable)
    }
}

/// The ``RequestOptionKey`` holding a call's own ``RetryPolicy/Retrier``s, asked before the policy's.
package enum RetriersOption: RequestOptionKey {
    /// No retriers of the call's own.
    package static let defaultValue: [RetryPolicy.Retrier] = []
}

extension Request {
    /// This request with its own retry decision, asked before the ``RetryPolicy``'s retriers and
    /// rules (the client needs a `RetryPolicy` among its interceptors). Return nil to leave the
    /// decision to the policy.
    ///
    /// ```swift
    /// let upload = Request<Receipt>(method: .post, path: "/uploads", body: .data(file, contentType: "image/png"))
    ///     .retryDecision { error, _, attempt in
    ///         error.statusCode == 503 && attempt < 3 ? .retryAfter(.seconds(1)) : .doNotRetry(reason: "not retrying uploads")
    ///     }
    /// ```
    public func retryDecision(
        _ decide:
            @escaping @Sendable (_ error: HTTPError, _ request: HTTPRequest, _ attempt: Int) async throws -> RetryPolicy
            .Decision?
    ) -> Self {
        option(RetriersOption.self, options[RetriersOption.self] + [decide])
    }
}
