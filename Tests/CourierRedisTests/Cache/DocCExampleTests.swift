import Courier
import CourierRedis
import CourierStore
import Foundation
import TestSupport
import Testing

/// The example of CourierRedis's catalog page, as written there (with the test servers'
/// addresses).
@Suite struct DocCExampleTests {
    @Test func theSharedCacheExampleWorks() async throws {
        let api = try TestServers.faults()
        let key = uniqueKey("docc")
        let redisURL = try TestServers.url(from: "COURIER_REDIS_URL")

        let redis = try RedisConnection(url: redisURL)
        let cache = ResponseCache(
            storage: RedisCacheStorage(connection: redis, namespace: uniqueKey("mybot:cache")),
            configuration: .init(maximumSize: 20 * 1024 * 1024))
        let client = HTTPClient(baseURL: api) { $0.interceptors = [cache] }

        _ = try await client.send(Request<Data>(path: "/cacheable/\(key)"))
        _ = try await client.send(Request<Data>(path: "/cacheable/\(key)"))
        #expect(try await serverHits(key, at: api) == 1)
        #expect(try await cache.usage().entries == 1)
    }
}
