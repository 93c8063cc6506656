import Courier
import CourierStore
import CourierTesting
import Foundation
import TestSupport
import Testing

@Suite("ResponseCache size and concurrency")
struct CacheEvictionTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Answers every path with a 1,000-byte body, fresh for an hour.
    let transport = StubTransport { request in
        HTTPResponse(
            statusCode: 200, headers: ["Cache-Control": "max-age=3600"],
            body: Data(repeating: UInt8(request.url.path.count), count: 1_000), url: request.url)
    }

    @Test(
        "Eviction keeps the cache under its byte limit and drops the least recently used first",
        arguments: CacheStorageKind.allCases)
    func eviction(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let limit = 10_000
        let cache = try storage.cache(in: directory, configuration: .init(maximumSize: limit))
        let client = HTTPClient(baseURL: URL(string: "https://e.example")!, transport: transport) {
            $0.interceptors = [cache]
        }
        for index in 0..<50 {
            _ = try await client.send(Request<Data>(path: "/\(index)"))
            // Keep /0 in use: it must survive although it is the oldest.
            _ = try await client.send(Request<Data>(path: "/0"))
            let usage = try await cache.usage()
            #expect(usage.bytes <= limit, "\(usage.bytes) bytes after \(index + 1) responses")
        }
        let usage = try await cache.usage()
        #expect(usage.entries >= 5, "the cache should still hold several responses, holds \(usage.entries)")
        let before = transport.requestCount
        _ = try await client.send(Request<Data>(path: "/0"))
        _ = try await client.send(Request<Data>(path: "/49"))
        #expect(transport.requestCount == before, "recently used responses must still be cached")
        _ = try await client.send(Request<Data>(path: "/1"))
        #expect(transport.requestCount == before + 1, "the least recently used response must have been evicted")
    }

    @Test("A response larger than the whole budget is not stored", arguments: CacheStorageKind.allCases)
    func oversized(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try storage.cache(in: directory, configuration: .init(maximumSize: 500))
        let client = HTTPClient(baseURL: URL(string: "https://e.example")!, transport: transport) {
            $0.interceptors = [cache]
        }
        _ = try await client.send(Request<Data>(path: "/big"))
        let usage = try await cache.usage()
        #expect(usage.entries == 0 && usage.bytes == 0)
    }

    @Test("Hundreds of concurrent tasks share one cache without errors", arguments: CacheStorageKind.allCases)
    func concurrentUse(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let errors = Recorder<ResponseCacheError>()
        let cache = try storage.cache(in: directory, configuration: .init(maximumSize: 40_000, onError: errors.record))
        let client = HTTPClient(baseURL: URL(string: "https://e.example")!, transport: transport) {
            $0.interceptors = [cache]
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<400 {
                group.addTask {
                    let request = Request<Data>(path: "/\(index % 60)")
                        .cachePolicy(index % 7 == 0 ? .reloadIgnoringCache : .useProtocolRules)
                    return try await client.send(request).data.count
                }
            }
            for try await count in group { #expect(count == 1_000) }
        }
        #expect(errors.all.isEmpty, "\(errors.all)")
        if storage == .sqlite { #expect(try cache.integrityCheck() == "ok") }
        #expect(try await cache.usage().bytes <= 40_000)
    }
}
