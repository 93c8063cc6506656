import Courier
import CourierStore
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import CourierRedis

/// A response cache shared through Redis: by two processes (this one and courier-cache-helper),
/// counted at the fault server (COURIER_FAULT_URL), with the redis-server that Scripts/test
/// starts (COURIER_REDIS_URL). The rules of caching themselves run against both storages in
/// CourierStoreTests.
@Suite struct RedisCacheStorageTests {
    let redisURL: URL
    let faults: URL
    let namespace = uniqueKey("shared-cache")

    init() throws {
        redisURL = try TestServers.url(from: "COURIER_REDIS_URL")
        faults = try TestServers.faults()
    }

    /// A cache in this process whose clock runs `offset` seconds ahead.
    func cache(offset: ClockOffset = ClockOffset()) throws -> ResponseCache {
        ResponseCache(
            storage: RedisCacheStorage(connection: try RedisConnection(url: redisURL), namespace: namespace),
            configuration: .init(
                now: { Date().addingTimeInterval(offset.seconds) }, onError: { Issue.record("cache error: \($0)") }))
    }

    /// The other process: one GET through its own cache on the same namespace.
    func otherProcess(_ url: URL, offset: TimeInterval = 0) async throws -> [String: String] {
        let output = try await ChildProcess.run(
            try HelperExecutable.url(named: "courier-cache-helper"),
            arguments: [redisURL.absoluteString, namespace, url.absoluteString, String(offset)])
        return try JSONDecoder().decode([String: String].self, from: Data(output.utf8))
    }

    func hits(_ key: String) async throws -> Int { try await serverHits(key, at: faults) }

    @Test func aResponseCachedByOneProcessIsServedFreshToAnotherWithoutARequest() async throws {
        let key = uniqueKey("shared")
        let url = faults.appendingPathComponent("cacheable/\(key)")
        let shared = try cache()
        let client = HTTPClient(baseURL: faults) { $0.interceptors = [shared] }
        let first = try await client.send(Request<String>(path: url.absoluteString))
        #expect(try await hits(key) == 1)

        let other = try await otherProcess(url)
        #expect(other["status"] == "200")
        #expect(other["body"] == first.value, "the other process must get the stored body")
        #expect(other["errors"] == "")
        #expect(try await hits(key) == 1, "the other process must not have asked the server")
    }

    /// The other process revalidates a stale response; its 304 refreshes the entry for both.
    @Test func aRevalidationByOneProcessRefreshesTheResponseForAll() async throws {
        let key = uniqueKey("revalidated")
        let url = faults.appendingPathComponent("cacheable/\(key)").appending(queryItems: [
            URLQueryItem(name: "max_age", value: "60")
        ])
        let offset = ClockOffset()
        let shared = try cache(offset: offset)
        let client = HTTPClient(baseURL: faults) { $0.interceptors = [shared] }
        let first = try await client.send(Request<String>(path: url.absoluteString))

        // 120 s later the response is stale: the other process revalidates and gets a 304.
        let other = try await otherProcess(url, offset: 120)
        #expect(other["status"] == "200")
        #expect(other["body"] == first.value)
        #expect(try await hits(key) == 2)
        #expect(try await hits(key + "-304") == 1)

        // The refreshed response is fresh again here too: no request at all.
        offset.seconds = 120
        let refreshed = try await client.send(Request<String>(path: url.absoluteString))
        #expect(refreshed.value == first.value)
        #expect(try await hits(key) == 2, "the 304 the other process received must have refreshed the entry")
    }

    /// Two caches with connections of their own store at once: the byte budget holds, and the
    /// totals the scripts keep match the entries.
    @Test func theBudgetHoldsWhileTwoClientsStoreAtOnce() async throws {
        let budget = 30_000
        let transport = answering()
        let caches = try (0..<2).map { _ in
            ResponseCache(
                storage: RedisCacheStorage(connection: try RedisConnection(url: redisURL), namespace: namespace),
                configuration: .init(maximumSize: budget, onError: { Issue.record("cache error: \($0)") }))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, cache) in caches.enumerated() {
                group.addTask {
                    let client = HTTPClient(baseURL: URL(string: "https://budget.example")!, transport: transport) {
                        $0.interceptors = [cache]
                    }
                    for path in 0..<150 { _ = try await client.send(Request<Data>(path: "/\(index)/\(path)")) }
                }
            }
            try await group.waitForAll()
        }
        let usage = try await caches[0].usage()
        #expect(usage.bytes <= budget)
        #expect(usage.entries >= 20, "the cache should still hold many responses, holds \(usage.entries)")
        let redis = try RedisConnection(url: redisURL)
        let sizes = try await redis.run(["HVALS", namespace + ":sizes"])
        guard case .array(let values) = sizes else { throw Unexpected(reply: sizes) }
        #expect(values.compactMap(\.int).reduce(0, +) == usage.bytes, "the byte total must match the entries")
        #expect(values.count == usage.entries)
        let hashes = try await redis.run(["KEYS", namespace + ":entry:*"])
        guard case .array(let entries) = hashes else { throw Unexpected(reply: hashes) }
        #expect(entries.count == usage.entries, "every counted entry must exist, and only those")
    }

    @Test func anExpiredEntryIsAMissAndIsUncounted() async throws {
        let transport = answering()
        let cache = ResponseCache(
            storage: RedisCacheStorage(
                connection: try RedisConnection(url: redisURL), namespace: namespace,
                entryTimeToLive: .seconds(2)),
            configuration: .init(onError: { Issue.record("cache error: \($0)") }))
        let client = HTTPClient(baseURL: URL(string: "https://ttl.example")!, transport: transport) {
            $0.interceptors = [cache]
        }
        let sent = ContinuousClock.now
        _ = try await client.send(Request<Data>(path: "/short"))
        let stored = try await cache.usage().entries
        // On a loaded machine the entry may already have lived its 2 s when usage answers; it
        // must have been counted whenever usage answered inside its life.
        if sent.duration(to: .now) < .seconds(2) {
            #expect(stored == 1, "the response was not stored")
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while try await cache.usage().entries > 0 {
            guard ContinuousClock.now < deadline else {
                Issue.record("the expired entry is still counted")
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(try await cache.usage().bytes == 0)
        _ = try await client.send(Request<Data>(path: "/short"))
        #expect(transport.requestCount == 2, "an expired entry must not be served")
    }

    struct Unexpected: Error { let reply: RedisReply }
}
