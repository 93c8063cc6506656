public import Courier
public import Foundation

/// An HTTP response cache, used as an `Interceptor`: it answers from its storage when HTTP's
/// caching rules allow, revalidates stale responses, and can keep an app working offline.
///
/// The storage is an SQLite file (``init(fileURL:configuration:)``) or any
/// ``ResponseCacheStorage`` (``init(storage:configuration:)``), such as CourierRedis's
/// `RedisCacheStorage`, which the processes of a fleet share.
///
/// ```swift
/// let cache = try ResponseCache(application: "MyApp")
/// let client = HTTPClient(baseURL: api) { $0.interceptors = [cache] }
/// let posts = try await client.send(Request<[Post]>(path: "/posts").cachePolicy(.returnStaleWhenOffline))
/// ```
///
/// What it does:
/// - Stores `GET` and `HEAD` responses keyed by method, URL and the request's values of the
///   headers the response names in `Vary` (`Vary: *` is never stored).
/// - Honours `Cache-Control` `max-age`, `s-maxage` (shared caches), `no-cache` (always
///   revalidate), `no-store` (never written, on request or response) and `private` (not stored
///   by a shared cache), and `Expires`. A response without freshness information is stored but
///   is stale at once: it is revalidated, or served by ``CachePolicy/returnCacheElseLoad`` and
///   when offline.
/// - Revalidates with `If-None-Match` / `If-Modified-Since`; a `304 Not Modified` serves the cached
///   body with refreshed headers and freshness.
/// - Never stores or serves responses to requests that carry `Authorization` unless
///   ``Configuration/isPrivate`` says the cache belongs to one user.
/// - A successful `POST`, `PUT`, `PATCH` or `DELETE` removes the cached responses for its URL.
/// - Stays under ``Configuration/maximumSize`` bytes by evicting the least recently used responses.
///
/// A failure of the storage never fails a request: the request goes to the network and the
/// error is reported to ``Configuration/onError``. Safe to share between tasks.
///
/// The SQLite database is in WAL mode; a process killed mid-write leaves it consistent. It
/// heals: a damaged database (or a file that is not one) is moved aside and replaced by an
/// empty one, and a database file deleted while the app runs is recreated at the next
/// access; both are reported to ``Configuration/onEvent``. Its costs stay flat as it grows:
/// running totals and batched eviction through an index, no scan per stored response.
public final class ResponseCache: Interceptor {
    /// How a cache behaves.
    public struct Configuration: Sendable {
        /// The most bytes (bodies, headers and keys) the cache keeps; default 50 MB.
        public var maximumSize: Int
        /// Whether the cache belongs to a single user, like a browser's. A private cache may store
        /// responses to requests with `Authorization` and responses marked `private`; a shared
        /// one (the default) never does.
        public var isPrivate: Bool
        /// The policy for requests that do not set one.
        public var defaultPolicy: CachePolicy
        /// The current time, for freshness; injectable for tests.
        public var now: @Sendable () -> Date
        /// Told when the storage fails (the database, or an unreachable Redis); the request itself
        /// then goes on without the cache.
        public var onError: (@Sendable (ResponseCacheError) -> Void)?
        /// Told when the cache healed itself: a damaged database moved aside, a deleted one
        /// recreated. Called under the cache's lock: keep it short and do not use the cache from it.
        public var onEvent: (@Sendable (ResponseCacheEvent) -> Void)?

        /// Creates a configuration; every parameter has a sensible default.
        public init(
            maximumSize: Int = 50 * 1024 * 1024,
            isPrivate: Bool = false,
            defaultPolicy: CachePolicy = .useProtocolRules,
            now: @escaping @Sendable () -> Date = { Date() },
            onError: (@Sendable (ResponseCacheError) -> Void)? = nil,
            onEvent: (@Sendable (ResponseCacheEvent) -> Void)? = nil
        ) {
            self.maximumSize = maximumSize
            self.isPrivate = isPrivate
            self.defaultPolicy = defaultPolicy
            self.now = now
            self.onError = onError
            self.onEvent = onEvent
        }
    }

    /// How much the cache holds.
    public struct Usage: Sendable, Equatable {
        /// Number of stored responses.
        public var entries: Int
        /// Their total size in bytes, as counted against ``Configuration/maximumSize``.
        public var bytes: Int

        /// A count of `entries` responses of `bytes` bytes in all.
        public init(entries: Int, bytes: Int) {
            self.entries = entries
            self.bytes = bytes
        }
    }

    /// The SQLite database file; nil when the cache keeps its responses in another storage.
    public var fileURL: URL? { (storage as? SQLiteCacheStorage)?.fileURL }
    /// Where the responses are kept.
    public let storage: any ResponseCacheStorage
    /// How the cache behaves.
    public let configuration: Configuration

    /// A cache that keeps its responses in `storage`: for example CourierRedis's
    /// `RedisCacheStorage`, shared by the processes of a fleet.
    ///
    /// ``Configuration/maximumSize`` is the budget each store asks the storage to keep; a
    /// storage shared by several caches should be given the same budget by each.
    /// ``Configuration/onEvent`` is not called by this cache for other storages (it reports the
    /// SQLite file's healing); a storage's failures reach ``Configuration/onError``.
    public init(storage: any ResponseCacheStorage, configuration: Configuration = Configuration()) {
        self.storage = storage
        self.configuration = configuration
    }

    /// Opens (or creates) the cache database at `fileURL`, creating its directory if needed.
    ///
    /// A damaged database, or a file that is not an SQLite database, is moved aside to
    /// `<name>.corrupt-<milliseconds>` and an empty one is created; see
    /// ``ResponseCacheEvent/damagedDatabaseMovedAside(file:movedTo:reason:)``.
    ///
    /// - Throws: ``ResponseCacheError`` when the directory or database cannot be created or
    ///   opened (permissions, a read-only volume, a damaged file that cannot be moved aside).
    public convenience init(fileURL: URL, configuration: Configuration = Configuration()) throws(ResponseCacheError) {
        self.init(
            storage: try SQLiteCacheStorage(fileURL: fileURL, onEvent: configuration.onEvent),
            configuration: configuration)
    }

    /// Opens the cache `responses.sqlite` in the platform's cache directory for `application`
    /// (see ``StorageLocation/cacheDirectory(application:)``).
    public convenience init(application: String, configuration: Configuration = Configuration())
        throws(ResponseCacheError)
    {
        let url = StorageLocation.cacheDirectory(application: application).appendingPathComponent("responses.sqlite")
        try self.init(fileURL: url, configuration: configuration)
    }

    /// Removes every stored response.
    public func removeAll() async throws(ResponseCacheError) {
        try await storage.removeAll()
    }

    /// How many responses the cache holds and their size.
    public func usage() async throws(ResponseCacheError) -> Usage {
        try await storage.usage()
    }

    /// The result of SQLite's `PRAGMA integrity_check`: `"ok"` for a sound database.
    package func integrityCheck() throws(ResponseCacheError) -> String {
        guard let database = storage as? SQLiteCacheStorage else {
            throw ResponseCacheError(path: "\(storage)", reason: "not an SQLite cache")
        }
        return try database.integrityCheck()
    }

    // MARK: - Interceptor

    /// Answers from the cache, revalidates, or loads and stores, as the request's policy says.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            let response = try await next(request)
            if request.method != .options && request.method != .trace && (200..<400).contains(response.statusCode) {
                await invalidate(request.url)
            }
            return response
        }
        guard isCacheable(request) else { return try await next(request) }

        let policy = request.cachePolicy ?? configuration.defaultPolicy
        let cached = policy == .reloadIgnoringCache ? nil : await lookup(request)
        if let cached {
            let usable = policy == .returnCacheElseLoad || isFreshEnough(cached, for: request)
            if usable {
                await report { () throws(ResponseCacheError) in try await storage.markUsed(cached.key) }
                return cached.response
            }
        }

        let sent = cached?.conditional(request) ?? request
        let requestTime = configuration.now()
        let response: HTTPResponse
        do {
            response = try await next(sent)
        } catch {
            if policy == .returnStaleWhenOffline, let cached, Self.isConnectivityFailure(error, request: request) {
                await report { () throws(ResponseCacheError) in try await storage.markUsed(cached.key) }
                return cached.response
            }
            throw error
        }
        let responseTime = configuration.now()

        if let cached, response.statusCode == 304 {
            let refreshed = cached.refreshed(by: response, requestTime: requestTime, responseTime: responseTime)
            await report { () throws(ResponseCacheError) in try await storage.store(refreshed, budget: budget) }
            return refreshed.response
        }
        if let cached, policy == .returnStaleWhenOffline, [500, 502, 503, 504].contains(response.statusCode) {
            return cached.response
        }
        await store(response, for: request, requestTime: requestTime, responseTime: responseTime)
        return response
    }

    // MARK: - Rules

    /// Whether the cache may take part in this request at all.
    private func isCacheable(_ request: HTTPRequest) -> Bool {
        if request.headers["Authorization"] != nil && !configuration.isPrivate { return false }
        if CacheControl(request.headers).noStore { return false }
        // The caller revalidates by itself: its 304 must reach it unchanged.
        if request.headers["If-None-Match"] != nil || request.headers["If-Modified-Since"] != nil { return false }
        return true
    }

    /// Whether a stored response may answer without asking the server: fresh, and within what
    /// the request itself accepts (`no-cache`, `max-age`).
    private func isFreshEnough(_ cached: CachedResponse, for request: HTTPRequest) -> Bool {
        let now = configuration.now()
        let asked = CacheControl(request.headers)
        if asked.noCache { return false }
        if let maxAge = asked.maxAge, cached.currentAge(now: now) > TimeInterval(maxAge) { return false }
        return cached.isFresh(now: now, shared: !configuration.isPrivate)
    }

    /// Statuses a cache may store (RFC 9110 §15.1, "heuristically cacheable" plus 304's peers).
    private static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    private func store(_ response: HTTPResponse, for request: HTTPRequest, requestTime: Date, responseTime: Date) async
    {
        let control = CacheControl(response.headers)
        let varyNames = CacheKey.varyNames(response.headers)
        guard Self.storableStatuses.contains(response.statusCode),
            !control.noStore,
            !(control.isPrivate && !configuration.isPrivate),
            let varyNames
        else {
            if control.noStore { await invalidate(request.url) }
            return
        }
        let varyValues = CacheKey.values(of: varyNames, in: request.headers)
        let entry = CachedResponse(
            key: CacheKey.key(of: request, varyValues: varyValues), resourceKey: CacheKey.resource(of: request),
            varyValues: varyValues, statusCode: response.statusCode, headers: response.headers, body: response.body,
            url: response.url, requestTime: requestTime, responseTime: responseTime
        )
        await report { () throws(ResponseCacheError) in try await storage.store(entry, budget: budget) }
    }

    /// Removes every stored response for `url` (all methods and variants).
    private func invalidate(_ url: URL) async {
        await report { () throws(ResponseCacheError) in
            for method in [HTTPMethod.get, .head] {
                try await storage.remove(resource: CacheKey.resource(of: HTTPRequest(method: method, url: url)))
            }
        }
    }

    /// The newest stored variant whose `Vary` headers match the request's.
    private func lookup(_ request: HTTPRequest) async -> CachedResponse? {
        let resource = CacheKey.resource(of: request)
        let variants = await report { () throws(ResponseCacheError) in try await storage.variants(of: resource) } ?? []
        return variants.first { $0.varyValues == CacheKey.values(of: Array($0.varyValues.keys), in: request.headers) }
    }

    private static func isConnectivityFailure(_ error: any Error, request: HTTPRequest) -> Bool {
        switch error {
        case let error as HTTPError: error.isConnectivity || error.isTimeout
        case let error as URLError:
            HTTPError(.transport(error), method: request.method, url: request.url).isConnectivity
                || error.code == .timedOut
        default: false
        }
    }

    // MARK: - Storage access

    private var budget: Int { configuration.maximumSize }

    /// Runs a storage step during a request: a failure goes to `onError` instead of failing it.
    @discardableResult
    private func report<T>(_ body: () async throws(ResponseCacheError) -> T) async -> T? {
        do {
            return try await body()
        } catch {
            configuration.onError?(error)
            return nil
        }
    }
}
