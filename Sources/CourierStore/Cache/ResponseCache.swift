public import Courier
import CourierFileSupport
public import Foundation
import Synchronization

/// An HTTP response cache on SQLite, used as an `Interceptor`: it answers from disk when HTTP's
/// caching rules allow, revalidates stale responses, and can keep an app working offline.
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
/// The database is in WAL mode; a process killed mid-write leaves it consistent. A failure of the
/// cache itself never fails a request: the request goes to the network and the error is reported
/// to ``Configuration/onError``. Safe to share between tasks.
///
/// The cache heals: a damaged database (or a file that is not one) is moved aside and replaced
/// by an empty one, and a database file deleted while the app runs is recreated at the next
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
        /// Told when the database fails; the request itself then goes on without the cache.
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
    }

    /// The SQLite database file.
    public let fileURL: URL
    /// How the cache behaves.
    public let configuration: Configuration
    private let storage: Mutex<CacheStorage>

    /// Opens (or creates) the cache database at `fileURL`, creating its directory if needed.
    ///
    /// A damaged database, or a file that is not an SQLite database, is moved aside to
    /// `<name>.corrupt-<milliseconds>` and an empty one is created; see
    /// ``ResponseCacheEvent/damagedDatabaseMovedAside(file:movedTo:reason:)``.
    ///
    /// - Throws: ``ResponseCacheError`` when the directory or database cannot be created or
    ///   opened (permissions, a read-only volume, a damaged file that cannot be moved aside).
    public init(fileURL: URL, configuration: Configuration = Configuration()) throws(ResponseCacheError) {
        self.fileURL = fileURL
        self.configuration = configuration
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw ResponseCacheError(
                path: fileURL.path,
                reason: "cannot create its directory: "
                    + (AtomicFile.pathProblem(of: fileURL) ?? AtomicFile.describe(error)))
        }
        do {
            storage = Mutex(
                try CacheDatabaseFile.open(
                    fileURL, maximumSize: configuration.maximumSize, onEvent: configuration.onEvent))
        } catch {
            throw ResponseCacheError(path: fileURL.path, reason: error.description)
        }
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
    public func removeAll() throws(ResponseCacheError) {
        try withStorage { storage throws(SQLiteError) in try storage.removeAll() }
    }

    /// How many responses the cache holds and their size.
    public func usage() throws(ResponseCacheError) -> Usage {
        let (entries, bytes) = try withStorage { storage throws(SQLiteError) in try storage.usage() }
        return Usage(entries: entries, bytes: bytes)
    }

    /// The result of SQLite's `PRAGMA integrity_check`: `"ok"` for a sound database.
    package func integrityCheck() throws(ResponseCacheError) -> String {
        try withStorage { storage throws(SQLiteError) in try storage.integrityCheck() }
    }

    // MARK: - Interceptor

    /// Answers from the cache, revalidates, or loads and stores, as the request's policy says.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            let response = try await next(request)
            if request.method != .options && request.method != .trace && (200..<400).contains(response.statusCode) {
                invalidate(request.url)
            }
            return response
        }
        guard isCacheable(request) else { return try await next(request) }

        let policy = request.cachePolicy ?? configuration.defaultPolicy
        let cached = policy == .reloadIgnoringCache ? nil : lookup(request)
        if let cached {
            let usable = policy == .returnCacheElseLoad || isFreshEnough(cached, for: request)
            if usable {
                report { storage throws(SQLiteError) in try storage.touch(cached.key) }
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
                report { storage throws(SQLiteError) in try storage.touch(cached.key) }
                return cached.response
            }
            throw error
        }
        let responseTime = configuration.now()

        if let cached, response.statusCode == 304 {
            let refreshed = cached.refreshed(by: response, requestTime: requestTime, responseTime: responseTime)
            report { storage throws(SQLiteError) in try storage.store(refreshed) }
            return refreshed.response
        }
        if let cached, policy == .returnStaleWhenOffline, [500, 502, 503, 504].contains(response.statusCode) {
            return cached.response
        }
        store(response, for: request, requestTime: requestTime, responseTime: responseTime)
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

    private func store(_ response: HTTPResponse, for request: HTTPRequest, requestTime: Date, responseTime: Date) {
        let control = CacheControl(response.headers)
        let varyNames = CacheKey.varyNames(response.headers)
        guard Self.storableStatuses.contains(response.statusCode),
            !control.noStore,
            !(control.isPrivate && !configuration.isPrivate),
            let varyNames
        else {
            if control.noStore { invalidate(request.url) }
            return
        }
        let varyValues = CacheKey.values(of: varyNames, in: request.headers)
        let entry = CachedResponse(
            key: CacheKey.key(of: request, varyValues: varyValues), resourceKey: CacheKey.resource(of: request),
            varyValues: varyValues, statusCode: response.statusCode, headers: response.headers, body: response.body,
            url: response.url, requestTime: requestTime, responseTime: responseTime
        )
        report { storage throws(SQLiteError) in try storage.store(entry) }
    }

    /// Removes every stored response for `url` (all methods and variants).
    private func invalidate(_ url: URL) {
        report { storage throws(SQLiteError) in
            for method in [HTTPMethod.get, .head] {
                try storage.remove(resource: CacheKey.resource(of: HTTPRequest(method: method, url: url)))
            }
        }
    }

    /// The newest stored variant whose `Vary` headers match the request's.
    private func lookup(_ request: HTTPRequest) -> CachedResponse? {
        let variants =
            report { storage throws(SQLiteError) in try storage.variants(of: CacheKey.resource(of: request)) } ?? []
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

    /// Runs `body` on the storage, after recreating a database file deleted behind the cache's
    /// back; a damaged database is moved aside and replaced (the call itself still fails).
    private func withStorage<T>(_ body: (inout CacheStorage) throws(SQLiteError) -> T) throws(ResponseCacheError) -> T {
        let (url, maximumSize, onEvent) = (fileURL, configuration.maximumSize, configuration.onEvent)
        do {
            return try storage.withLock { storage throws(SQLiteError) in
                try CacheDatabaseFile.heal(&storage, after: nil, url: url, maximumSize: maximumSize, onEvent: onEvent)
                do throws(SQLiteError) {
                    return try body(&storage)
                } catch let error where error.isDamage {
                    try? CacheDatabaseFile.heal(
                        &storage, after: error, url: url, maximumSize: maximumSize, onEvent: onEvent)
                    throw error
                }
            }
        } catch {
            throw ResponseCacheError(path: fileURL.path, reason: error.description)
        }
    }

    /// Runs a storage step during a request: a failure goes to `onError` instead of failing it.
    @discardableResult
    private func report<T>(_ body: (inout CacheStorage) throws(SQLiteError) -> T) -> T? {
        do {
            return try withStorage(body)
        } catch {
            configuration.onError?(error)
            return nil
        }
    }
}
