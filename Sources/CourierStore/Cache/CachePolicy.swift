public import Courier

/// How ``ResponseCache`` treats one request.
///
/// Set it per request with `Request.cachePolicy(_:)`; requests that do not set one use
/// ``ResponseCache/Configuration/defaultPolicy``.
public enum CachePolicy: Sendable, Hashable {
    /// Follow HTTP's rules: serve a fresh response from the cache, revalidate a stale one with
    /// `If-None-Match` / `If-Modified-Since` (a `304` serves the cached body), otherwise load.
    case useProtocolRules
    /// Serve any cached response, however old, without asking the server; load only when there is
    /// none. For content that rarely changes, or to show something at once.
    case returnCacheElseLoad
    /// Always load from the server, then store the new response.
    case reloadIgnoringCache
    /// Like ``useProtocolRules``, but when the network fails (no connection, host unreachable,
    /// timeout) or the server answers 500, 502, 503 or 504, serve the cached response even if it
    /// is stale. For apps that should keep working offline.
    case returnStaleWhenOffline
}

/// The per-request cache policy carried in `RequestOptions`.
enum CachePolicyKey: RequestOptionKey {
    static let defaultValue: CachePolicy? = nil
}

extension Request {
    /// This request with its own cache policy for ``ResponseCache``.
    ///
    /// ```swift
    /// let feed = try await client.send(Feed.latest.cachePolicy(.returnStaleWhenOffline))
    /// ```
    public func cachePolicy(_ policy: CachePolicy) -> Self {
        option(CachePolicyKey.self, policy)
    }
}

extension HTTPRequest {
    /// The cache policy the request asked for, if any.
    public var cachePolicy: CachePolicy? {
        get { options[CachePolicyKey.self] }
        set { options[CachePolicyKey.self] = newValue }
    }
}
