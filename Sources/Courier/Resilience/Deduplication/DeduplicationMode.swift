extension HTTPClient {
    /// What a call does when an identical request is already in flight on the same client.
    ///
    /// Set it per call with ``Request/deduplicated(_:)``:
    ///
    /// ```swift
    /// let profile = try await client.send(Request<User>(path: "/me").deduplicated(.useCurrentIfPossible))
    /// ```
    ///
    /// Only calls sent with ``useCurrentIfPossible`` or ``dropIfDuplicated`` are tracked; a call with
    /// ``alwaysCreateNew`` is neither joined nor seen by the others. "Identical" is decided by
    /// ``HTTPClient``'s request identity: method, URL, redirect handling, the statuses the call
    /// accepts, the header fields (tracing ids aside) and the body, compared exactly and taken
    /// before the interceptors run. Settings that do not change the response (timeout, per-call
    /// options, content validation, decoding) are not part of it: a
    /// joined call rides on the first call's request, and then validates and decodes the shared
    /// response as its own `Request` says.
    ///
    /// A download (``HTTPClient/download(_:to:)``) is never de-duplicated, whatever its mode: it
    /// neither joins a call in flight nor is joined, and is never dropped. Its body is written to
    /// its own file as it arrives, so there is no body to share; each download sends its own
    /// request and gets its own file. A streamed call (``HTTPClient/stream(_:)``) is never
    /// de-duplicated either.
    public enum DeduplicationMode: Sendable, Hashable {
        /// Always send a new request (the default).
        case alwaysCreateNew
        /// Join an identical request in flight and get its result (the same response, decoded by
        /// each caller). The shared request is cancelled only when every caller waiting for it has
        /// been cancelled; cancelling one caller ends only that caller's wait.
        case useCurrentIfPossible
        /// Fail at once with ``HTTPError/Kind/duplicateDropped`` when an identical request is in
        /// flight; otherwise send it (and let later identical calls join or be dropped).
        case dropIfDuplicated
    }
}

/// The ``RequestOptionKey`` holding a call's ``HTTPClient/DeduplicationMode``.
package enum DeduplicationOption: RequestOptionKey {
    /// Calls are not de-duplicated unless they ask to be.
    package static let defaultValue = HTTPClient.DeduplicationMode.alwaysCreateNew
}

extension Request {
    /// This request, de-duplicated against identical requests in flight on the same client.
    public func deduplicated(_ mode: HTTPClient.DeduplicationMode = .useCurrentIfPossible) -> Self {
        option(DeduplicationOption.self, mode)
    }
}
