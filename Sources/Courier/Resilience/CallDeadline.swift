/// The longest a call may take, all attempts and waits included, set per request with
/// ``Request/deadline(_:)`` and kept by ``RetryPolicy``.
package enum CallDeadlineOption: RequestOptionKey {
    package static let defaultValue: Duration? = nil
}

extension Request {
    /// This request with a limit on the whole call: every attempt and every wait between them
    /// together. ``RetryPolicy`` keeps it (the earlier of this and its own
    /// ``RetryPolicy/deadline``): the call ends with a timeout (``HTTPError/isTimeout``) naming
    /// the deadline and the last failure when it passes, and a retry whose wait would end after
    /// it is not made. ``timeout(_:)`` limits each attempt; together:
    ///
    /// ```swift
    /// // At most 0.5 s an attempt, and 1.2 s for all of them: two or three attempts, not four.
    /// let call = Request<Data>(path: "/slow").timeout(.milliseconds(500)).deadline(.milliseconds(1200))
    /// ```
    ///
    /// Without a ``RetryPolicy`` in the client's interceptors a call makes one attempt, which
    /// ``timeout(_:)`` alone limits.
    public func deadline(_ duration: Duration) -> Self {
        option(CallDeadlineOption.self, duration)
    }
}
