/// The ``RequestOptionKey`` saying whether a call may be retried by ``RetryPolicy``'s own rules,
/// whatever its method.
public enum RetryableOption: RequestOptionKey {
    /// nil: the policy decides by the method (idempotent methods only).
    public static let defaultValue: Bool? = nil
}

extension Request {
    /// This request, opted in to (or out of) the retry policy's default rules.
    ///
    /// By default only idempotent methods are retried, because sending a `POST` twice may do
    /// its work twice. Opt a non-idempotent request in when the server makes it safe (an
    /// idempotency key, a create that detects duplicates); opt an idempotent one out when a
    /// retry is pointless. Custom ``Retrier``s still see the call and decide for themselves.
    public func retryable(_ retryable: Bool = true) -> Self {
        option(RetryableOption.self, retryable)
    }
}
