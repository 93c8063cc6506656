extension HTTPClient {
    /// What a call does when an identical request is already in flight on the same client: set
    /// per call with ``Request/deduplicated()`` and ``Request/droppedIfInFlight()``.
    package enum DeduplicationMode: Sendable, Hashable {
        /// Always send a new request (the default).
        case alwaysCreateNew
        /// Join an identical request in flight and get its result.
        case useCurrentIfPossible
        /// Fail at once when an identical request is in flight.
        case dropIfDuplicated
    }
}

/// The ``RequestOptionKey`` holding a call's `HTTPClient.DeduplicationMode`.
package enum DeduplicationOption: RequestOptionKey {
    /// Calls are not de-duplicated unless they ask to be.
    package static let defaultValue = HTTPClient.DeduplicationMode.alwaysCreateNew
}

// What a call does when an identical request is already in flight on the same client.
//
// Only calls marked with `deduplicated()` or `droppedIfInFlight()` are tracked; any other call
// is neither joined nor seen by the others.
extension Request {
    /// This request, joining an identical request already in flight on the same client and
    /// getting its result (the same response, decoded by each caller) instead of sending its own.
    /// The shared request is cancelled only when every caller waiting for it has been
    /// cancelled; cancelling one caller ends only that caller's wait.
    ///
    /// ```swift
    /// let profile = try await client.send(Request<User>(path: "/me").deduplicated())
    /// ```
    ///
    /// "Identical" is decided by the client's request identity: method, URL, redirect handling,
    /// the statuses the call accepts, the header fields (tracing ids aside) and the body, compared
    /// exactly and taken before the interceptors run. Settings that do not change the response
    /// (timeout, per-call options, content validation, decoding) are not part of it: a joined
    /// call rides on the first call's request, and then validates and decodes the shared response
    /// as its own `Request` says. Calls are not de-duplicated unless they ask to be.
    ///
    /// A download (``HTTPClient/download(_:to:)``) is never de-duplicated: it neither joins a
    /// call in flight nor is joined, and is never dropped. Its body is written to its own file as
    /// it arrives, so there is no body to share. A streamed call (``HTTPClient/stream(_:)``) is
    /// never de-duplicated either.
    public func deduplicated() -> Self {
        deduplicated(.useCurrentIfPossible)
    }

    /// This request, failing at once with ``HTTPError/Kind/duplicateDropped`` when an identical
    /// request (as ``deduplicated()`` decides it) is in flight on the same client; otherwise it
    /// is sent, and later identical calls may join it or be dropped.
    public func droppedIfInFlight() -> Self {
        deduplicated(.dropIfDuplicated)
    }

    /// This request with de-duplication `mode`.
    package func deduplicated(_ mode: HTTPClient.DeduplicationMode) -> Self {
        option(DeduplicationOption.self, mode)
    }
}
