public import CourierStore
import Foundation

/// A `ResponseCacheStorage` in Redis: the processes of a fleet, on one machine or many, share one
/// HTTP response cache. A response one process stored is served fresh to the others without a
/// request, and a `304` one of them receives refreshes it for all.
///
/// ```swift
/// let redis = try RedisConnection(url: URL(string: "redis://127.0.0.1:6379")!)
/// let cache = ResponseCache(
///     storage: RedisCacheStorage(connection: redis, namespace: "bot:cache"),
///     configuration: .init(maximumSize: 20 * 1024 * 1024))
/// ```
///
/// Under `namespace`, each response is a hash `<namespace>:entry:<key>` (its status, headers,
/// `Vary` values, URL, times, and its body in base64, so Redis holds about a third more than the
/// bytes counted); the set `<namespace>:variants:<resource>` lists a resource's variants; the
/// sorted set `<namespace>:lru` orders responses by last use; `<namespace>:sizes`,
/// `<namespace>:owners` and `<namespace>:bytes` keep the byte count. Every change is one Lua
/// script, so the byte budget holds across processes: a store that brings the total over the
/// budget evicts the least recently used responses down to 90 % of it, atomically. The scripts
/// name their keys from the namespace, so the storage needs one Redis server (not a Redis
/// Cluster).
///
/// Each response's hash expires `entryTimeToLive` after it was last stored or used (Redis's own
/// expiry), so a fleet that stops leaves nothing behind for ever; its bytes are uncounted when a
/// later call finds it gone.
///
/// When Redis is unreachable, every call throws `ResponseCacheError` at once (the connection
/// retries at most every `retryInterval`, see ``RedisConnection``): `ResponseCache` reports it
/// to its `onError` and sends the request to the network, as a miss. Nothing is written while
/// Redis is away; the cache is shared again when Redis answers.
public final class RedisCacheStorage: ResponseCacheStorage {
    /// The connection the storage uses.
    public let connection: RedisConnection
    /// The prefix of the storage's keys.
    public let namespace: String
    /// How long a response's hash lives after it was last stored or used; nil: until evicted.
    public let entryTimeToLive: Duration?

    /// A storage under `namespace` in the Redis of `connection`.
    ///
    /// - Parameters:
    ///   - connection: The Redis the fleet shares.
    ///   - namespace: The prefix of the storage's keys (for example `myapp:cache`).
    ///   - entryTimeToLive: How long a response lives after it was last stored or used; nil keeps
    ///     it until it is evicted or removed. One day by default.
    public init(connection: RedisConnection, namespace: String, entryTimeToLive: Duration? = .seconds(86_400)) {
        self.connection = connection
        self.namespace = namespace
        self.entryTimeToLive = entryTimeToLive
    }

    /// Every stored variant of `resource`, newest response first.
    public func variants(of resource: String) async throws(ResponseCacheError) -> [CachedResponse] {
        let reply = try await evaluate(RedisCacheScripts.variants, [resource])
        guard case .array(let items) = reply else { return [] }
        var responses: [CachedResponse] = []
        var index = 0
        while index + 1 < items.count {
            if let key = items[index].text, let response = Self.decode(key: key, resource: resource, items[index + 1]) {
                responses.append(response)
            }
            index += 2
        }
        return responses.sorted { $0.responseTime > $1.responseTime }
    }

    /// Stores `response` and evicts the least recently used responses down to 90 % of `budget`
    /// when the total is over it, in one script.
    public func store(_ response: CachedResponse, budget: Int) async throws(ResponseCacheError) {
        _ = try await evaluate(
            RedisCacheScripts.store,
            [
                response.key, response.resourceKey, String(response.size), String(budget), timeToLive,
                String(response.statusCode), String(decoding: response.encodedHeaders, as: UTF8.self),
                String(decoding: response.encodedVaryValues, as: UTF8.self), response.body.base64EncodedString(),
                response.url.absoluteString, String(response.requestTime.timeIntervalSince1970),
                String(response.responseTime.timeIntervalSince1970),
            ])
    }

    /// Marks the response with `key` as just used and renews its time to live.
    public func markUsed(_ key: String) async throws(ResponseCacheError) {
        _ = try await evaluate(RedisCacheScripts.markUsed, [key, timeToLive])
    }

    /// Removes every variant of `resource`.
    public func remove(resource: String) async throws(ResponseCacheError) {
        _ = try await evaluate(RedisCacheScripts.removeResource, [resource])
    }

    /// Removes every response under the namespace.
    public func removeAll() async throws(ResponseCacheError) {
        _ = try await evaluate(RedisCacheScripts.removeAll, [])
    }

    /// How many responses are stored and their total size, after uncounting expired ones.
    public func usage() async throws(ResponseCacheError) -> ResponseCache.Usage {
        let reply = try await evaluate(RedisCacheScripts.usage, [])
        guard case .array(let items) = reply, items.count == 2, let entries = items[0].int, let bytes = items[1].int
        else {
            throw ResponseCacheError(path: address, reason: "Redis answered the usage script with \(reply)")
        }
        return ResponseCache.Usage(entries: entries, bytes: bytes)
    }

    // MARK: - Redis

    /// `redis://host:port namespace`, for errors.
    private var address: String { "redis://\(connection.host):\(connection.port) \(namespace)" }

    /// The time to live in milliseconds, "0" for none.
    private var timeToLive: String {
        guard let entryTimeToLive else { return "0" }
        let (seconds, attoseconds) = entryTimeToLive.components
        return String(max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    private func evaluate(_ script: String, _ arguments: [String]) async throws(ResponseCacheError) -> RedisReply {
        do {
            return try await connection.evaluate(
                RedisCacheScripts.prelude + script, keys: [], arguments: [namespace] + arguments)
        } catch {
            throw ResponseCacheError(path: address, reason: error.description)
        }
    }

    /// A hash's fields (`HGETALL`) back into a response; nil when a field is missing or damaged.
    private static func decode(key: String, resource: String, _ reply: RedisReply) -> CachedResponse? {
        guard case .array(let items) = reply else { return nil }
        var fields: [String: String] = [:]
        var index = 0
        while index + 1 < items.count {
            if let name = items[index].text, let value = items[index + 1].text { fields[name] = value }
            index += 2
        }
        guard let status = fields["status"].flatMap({ Int($0) }),
            let headers = fields["headers"].flatMap({ CachedResponse.decodeHeaders(Data($0.utf8)) }),
            let vary = fields["vary"].flatMap({ CachedResponse.decodeVaryValues(Data($0.utf8)) }),
            let body = fields["body"].flatMap({ Data(base64Encoded: $0) }),
            let url = fields["url"].flatMap({ URL(string: $0) }),
            let requestTime = fields["requestTime"].flatMap({ Double($0) }),
            let responseTime = fields["responseTime"].flatMap({ Double($0) })
        else { return nil }
        return CachedResponse(
            key: key, resourceKey: resource, varyValues: vary, statusCode: status, headers: headers, body: body,
            url: url, requestTime: Date(timeIntervalSince1970: requestTime),
            responseTime: Date(timeIntervalSince1970: responseTime))
    }
}
