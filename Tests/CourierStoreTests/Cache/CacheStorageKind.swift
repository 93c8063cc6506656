import CourierRedis
import CourierStore
import Foundation
import TestSupport
import Testing

/// The storages the ResponseCache tests run against: an SQLite file, and Redis (the
/// redis-server that Scripts/test starts, COURIER_REDIS_URL), each cache under a namespace of its
/// own.
enum CacheStorageKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case redis

    var testDescription: String { rawValue }

    /// A cache named `name` in `directory` (SQLite) or under a fresh namespace (Redis).
    func cache(
        in directory: TemporaryDirectory, named name: String = "cache",
        configuration: ResponseCache.Configuration = .init()
    ) throws -> ResponseCache {
        switch self {
        case .sqlite:
            return try ResponseCache(fileURL: directory.file(name + ".sqlite"), configuration: configuration)
        case .redis:
            let connection = try RedisConnection(url: try TestServers.url(from: "COURIER_REDIS_URL"))
            return ResponseCache(
                storage: RedisCacheStorage(connection: connection, namespace: uniqueKey("cache-" + name)),
                configuration: configuration)
        }
    }
}
