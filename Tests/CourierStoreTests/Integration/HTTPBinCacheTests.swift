import Courier
import CourierStore
import Foundation
import TestSupport
import Testing

@Suite("ResponseCache against real servers")
struct HTTPBinCacheTests {
    let base: URL
    let directory: TemporaryDirectory
    /// Starts at the real time: httpbin's `Date` headers take part in the age calculation.
    let clock = TestClock(start: Date())
    let network = StatusRecordingTransport(URLSessionTransport())

    init() throws {
        base = try TestServers.httpbin()
        directory = try TemporaryDirectory()
    }

    func makeClient(_ storage: CacheStorageKind) throws -> (HTTPClient, ResponseCache) {
        let clock = clock
        let cache = try storage.cache(
            in: directory, named: "http",
            configuration: .init(now: { clock.now }, onError: { Issue.record("cache error: \($0)") }))
        return (HTTPClient(baseURL: base, transport: network) { $0.interceptors = [cache] }, cache)
    }

    @Test(
        "/cache: the second request revalidates and the 304 serves the cached body",
        arguments: CacheStorageKind.allCases)
    func lastModifiedRevalidation(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let (client, _) = try makeClient(storage)
        let first = try await client.send(Request<Data>(path: "/cache"))
        let second = try await client.send(Request<Data>(path: "/cache"))

        #expect(network.exchanges.map(\.status) == [200, 304])
        let conditional = try #require(network.exchanges.last?.request)
        #expect(conditional.headers["If-Modified-Since"] != nil || conditional.headers["If-None-Match"] != nil)
        #expect(second.statusCode == 200)
        // httpbin echoes request headers: a fresh body would show the conditional headers.
        #expect(second.data == first.data)
        #expect(!String(decoding: second.data, as: UTF8.self).contains("If-Modified-Since"))
    }

    @Test(
        "/etag/{etag}: If-None-Match is sent and the 304 serves the cached body", arguments: CacheStorageKind.allCases)
    func etagRevalidation(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let (client, _) = try makeClient(storage)
        let etag = uniqueKey("etag")
        let first = try await client.send(Request<Data>(path: "/etag/\(etag)"))
        let second = try await client.send(Request<Data>(path: "/etag/\(etag)"))

        #expect(network.exchanges.map(\.status) == [200, 304])
        #expect(network.exchanges.last?.request.headers["If-None-Match"]?.contains(etag) == true)
        #expect(second.statusCode == 200)
        #expect(second.data == first.data)
        #expect(second.headers["ETag"]?.contains(etag) == true)
    }

    @Test("/cache/{n}: served from the cache for n seconds, loaded again after", arguments: CacheStorageKind.allCases)
    func freshness(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let (client, _) = try makeClient(storage)
        _ = try await client.send(Request<Data>(path: "/cache/60"))
        clock.advance(by: 50)
        let cached = try await client.send(Request<Data>(path: "/cache/60"))
        #expect(cached.statusCode == 200)
        #expect(network.exchanges.count == 1)
        clock.advance(by: 20)
        _ = try await client.send(Request<Data>(path: "/cache/60"))
        #expect(network.exchanges.count == 2)
    }

    @Test("Cache-Control: no-store is never written; a cacheable twin is", arguments: CacheStorageKind.allCases)
    func noStore(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let (client, cache) = try makeClient(storage)
        let noStore = Request<Data>(
            path: "/response-headers", query: [URLQueryItem(name: "Cache-Control", value: "no-store")])
        _ = try await client.send(noStore)
        _ = try await client.send(noStore)
        #expect(network.exchanges.count == 2)
        #expect(try await cache.usage().entries == 0)

        let cacheable = Request<Data>(
            path: "/response-headers", query: [URLQueryItem(name: "Cache-Control", value: "max-age=600")])
        _ = try await client.send(cacheable)
        _ = try await client.send(cacheable)
        #expect(network.exchanges.count == 3)
        #expect(try await cache.usage().entries == 1)
    }

    @Test(
        "Offline fallback: after the server stops, the stale response is served", arguments: CacheStorageKind.allCases)
    func serverStopped(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let server = try await LocalServerProcess.start()
        defer { server.stop() }
        let cache = try storage.cache(in: directory, named: "offline")
        let client = HTTPClient(baseURL: server.url) { $0.interceptors = [cache] }
        let online = try await client.send(Request<String>(path: "/ok").cachePolicy(.returnStaleWhenOffline))
        #expect(online.value == "ok")

        server.stop()
        await #expect {
            try await client.send(Request<String>(path: "/ok"))
        } throws: { error in
            (error as? HTTPError)?.isConnectivity == true
        }
        let offline = try await client.send(Request<String>(path: "/ok").cachePolicy(.returnStaleWhenOffline))
        #expect(offline.value == "ok")
        #expect(offline.statusCode == 200)
    }
}
