import Courier
import CourierStore
import CourierTesting
import Foundation
import TestSupport
import Testing

@Suite("ResponseCache rules")
struct ResponseCacheTests {
    let directory: TemporaryDirectory
    let clock = TestClock()
    let base = URL(string: "https://api.example.com")!

    init() throws { directory = try TemporaryDirectory() }

    func makeCache(_ storage: CacheStorageKind, named name: String = "cache", isPrivate: Bool = false) throws
        -> ResponseCache
    {
        let clock = clock
        let configuration = ResponseCache.Configuration(
            isPrivate: isPrivate, now: { clock.now }, onError: { Issue.record("cache error: \($0)") })
        return try storage.cache(in: directory, named: name, configuration: configuration)
    }

    func client(_ cache: ResponseCache, _ transport: any HTTPTransport) -> HTTPClient {
        HTTPClient(baseURL: base, transport: transport) { $0.interceptors = [cache] }
    }

    @Test("A fresh response is served from the cache until max-age passes", arguments: CacheStorageKind.allCases)
    func maxAge(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport(headers: ["Cache-Control": "max-age=60"], body: "fresh")
        let client = client(cache, transport)
        #expect(try await client.send(Request<String>(path: "/a")).value == "fresh")
        clock.advance(by: 59)
        #expect(try await client.send(Request<String>(path: "/a")).value == "fresh")
        #expect(transport.requestCount == 1)
        clock.advance(by: 2)
        _ = try await client.send(Request<String>(path: "/a"))
        #expect(transport.requestCount == 2)
    }

    @Test("Expires in the future keeps a response fresh; an invalid one does not", arguments: CacheStorageKind.allCases)
    func expires(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let date = clock.now
        let transport = StubTransport { request in
            let expires = request.url.path == "/valid" ? HTTPDate.format(date.addingTimeInterval(120)) : "0"
            return HTTPResponse(
                statusCode: 200, headers: ["Date": HTTPDate.format(date), "Expires": expires], url: request.url)
        }
        let client = client(cache, transport)
        for _ in 0..<2 {
            _ = try await client.send(Request<Data>(path: "/valid"))
            _ = try await client.send(Request<Data>(path: "/invalid"))
        }
        #expect(transport.requests.map(\.url.path) == ["/valid", "/invalid", "/invalid"])
    }

    @Test("no-store on the response or the request is never written", arguments: CacheStorageKind.allCases)
    func noStore(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport(headers: ["Cache-Control": "no-store, max-age=600"])
        let client = client(cache, transport)
        _ = try await client.send(Request<Data>(path: "/secret"))
        _ = try await client.send(Request<Data>(path: "/secret"))
        #expect(transport.requestCount == 2)
        let cacheable = StubTransport(headers: ["Cache-Control": "max-age=600"])
        _ = try await self.client(cache, cacheable).send(
            Request<Data>(path: "/other", headers: ["Cache-Control": "no-store"]))
        #expect(try await cache.usage().entries == 0)
    }

    @Test(
        "A stale response is revalidated; a 304 serves the cached body with refreshed freshness",
        arguments: CacheStorageKind.allCases)
    func revalidation(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport { request in
            if request.headers["If-None-Match"] == "\"v1\"" {
                return HTTPResponse(
                    statusCode: 304,
                    headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=30", "Content-Type": "text/html"],
                    url: request.url)
            }
            return HTTPResponse(
                statusCode: 200,
                headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0", "Content-Type": "application/json"],
                body: Data(#"{"v":1}"#.utf8), url: request.url)
        }
        let client = client(cache, transport)
        _ = try await client.send(Request<Data>(path: "/doc"))
        let second = try await client.send(Request<Data>(path: "/doc"))
        #expect(transport.statusCodes == [200, 304])
        #expect(second.statusCode == 200)
        #expect(second.data == Data(#"{"v":1}"#.utf8))
        #expect(second.headers["Content-Type"] == "application/json")
        // The 304's max-age=30 now applies: no request within 30 s.
        clock.advance(by: 10)
        _ = try await client.send(Request<Data>(path: "/doc"))
        #expect(transport.requestCount == 2)
    }

    @Test(
        "Requests with Authorization are not cached by a shared cache, but are by a private one",
        arguments: CacheStorageKind.allCases)
    func authorization(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let transport = StubTransport(headers: ["Cache-Control": "max-age=600"])
        let request = Request<Data>(path: "/me", headers: ["Authorization": "Bearer secret"])
        let shared = try makeCache(storage)
        _ = try await client(shared, transport).send(request)
        _ = try await client(shared, transport).send(request)
        #expect(transport.requestCount == 2)
        #expect(try await shared.usage().entries == 0)

        let personal = try makeCache(storage, named: "private", isPrivate: true)
        _ = try await client(personal, transport).send(request)
        _ = try await client(personal, transport).send(request)
        #expect(transport.requestCount == 3)
    }

    @Test("Cache-Control: private is stored only by a private cache", arguments: CacheStorageKind.allCases)
    func privateResponses(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let transport = StubTransport(headers: ["Cache-Control": "private, max-age=600"])
        let shared = try makeCache(storage)
        _ = try await client(shared, transport).send(Request<Data>(path: "/p"))
        #expect(try await shared.usage().entries == 0)
        let personal = try makeCache(storage, named: "private", isPrivate: true)
        _ = try await client(personal, transport).send(Request<Data>(path: "/p"))
        #expect(try await personal.usage().entries == 1)
    }

    @Test("Vary keeps one entry per value of the named request headers", arguments: CacheStorageKind.allCases)
    func vary(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Cache-Control": "max-age=600", "Vary": "Accept-Language"],
                body: Data((request.headers["Accept-Language"] ?? "none").utf8), url: request.url)
        }
        let client = client(cache, transport)
        func get(_ language: String) async throws -> String {
            try await client.send(Request<String>(path: "/greeting", headers: ["Accept-Language": language])).value
        }
        #expect(try await get("en") == "en")
        #expect(try await get("fr") == "fr")
        #expect(try await get("en") == "en")
        #expect(try await get("fr") == "fr")
        #expect(transport.requestCount == 2)
        #expect(try await cache.usage().entries == 2)
    }

    @Test("Policies: return cache else load, reload ignoring cache", arguments: CacheStorageKind.allCases)
    func policies(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Cache-Control": "max-age=0"], body: Data("\(request.url.path)".utf8),
                url: request.url)
        }
        let client = client(cache, transport)
        _ = try await client.send(Request<Data>(path: "/x"))
        clock.advance(by: 3_600)
        _ = try await client.send(Request<Data>(path: "/x").cachePolicy(.returnCacheElseLoad))
        #expect(transport.requestCount == 1, "stale data must be served without a request")
        _ = try await client.send(Request<Data>(path: "/x").cachePolicy(.reloadIgnoringCache))
        #expect(transport.requestCount == 2)
        #expect(transport.requests[1].headers["If-None-Match"] == nil)
        _ = try await client.send(Request<Data>(path: "/new").cachePolicy(.returnCacheElseLoad))
        #expect(transport.requestCount == 3)
    }

    @Test(
        "Offline: stale data is served when the network fails, only when the policy asks",
        arguments: CacheStorageKind.allCases)
    func offline(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport(headers: ["Cache-Control": "max-age=10"], body: "saved")
        let client = client(cache, transport)
        _ = try await client.send(Request<String>(path: "/feed"))
        clock.advance(by: 3_600)
        transport.goOffline()
        let offline = try await client.send(Request<String>(path: "/feed").cachePolicy(.returnStaleWhenOffline))
        #expect(offline.value == "saved")
        await #expect {
            try await client.send(Request<String>(path: "/feed"))
        } throws: { error in
            (error as? HTTPError)?.isConnectivity == true
        }
        await #expect(throws: HTTPError.self) {
            try await client.send(Request<String>(path: "/never-cached").cachePolicy(.returnStaleWhenOffline))
        }
    }

    @Test("Offline policy also covers 503 from the server", arguments: CacheStorageKind.allCases)
    func serverErrorFallback(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let failing = StubTransport { request in
            request.headers["If-None-Match"] == nil
                ? HTTPResponse(statusCode: 200, headers: ["ETag": "\"a\""], body: Data("good".utf8), url: request.url)
                : HTTPResponse(statusCode: 503, url: request.url)
        }
        let client = client(cache, failing)
        _ = try await client.send(Request<String>(path: "/s"))
        #expect(try await client.send(Request<String>(path: "/s").cachePolicy(.returnStaleWhenOffline)).value == "good")
        await #expect(throws: HTTPError.self) { try await client.send(Request<String>(path: "/s")) }
    }

    @Test("A successful POST removes the cached GET for its URL", arguments: CacheStorageKind.allCases)
    func invalidation(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport(headers: ["Cache-Control": "max-age=600"])
        let client = client(cache, transport)
        _ = try await client.send(Request<Data>(path: "/list"))
        _ = try await client.send(Request<Data>(method: .post, path: "/list"))
        _ = try await client.send(Request<Data>(path: "/list"))
        #expect(transport.requests.map(\.method) == [.get, .post, .get])
    }

    /// A file that is not a database is moved aside now (see CacheHealingTests); only when that
    /// fails is it an error. The move is made to fail by a name too long for the `.corrupt-`
    /// suffix (ENAMETOOLONG), as a read-only volume would (root ignores permission bits).
    @Test("A file that is not a database and cannot be moved aside is a clear error, and is left as it was")
    func notADatabase() throws {
        defer { directory.remove() }
        let file = directory.file(String(repeating: "c", count: 240) + ".sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        #expect {
            try ResponseCache(fileURL: file)
        } throws: { error in
            (error as? ResponseCacheError)?.description.contains(file.path) == true
        }
        #expect(try Data(contentsOf: file) == Data(repeating: 0x41, count: 4096))
    }
}

extension ResponseCacheTests {
    @Test(
        "A request's own no-cache or max-age forces revalidation of a fresh response",
        arguments: CacheStorageKind.allCases)
    func requestDirectives(storage: CacheStorageKind) async throws {
        defer { directory.remove() }
        let cache = try makeCache(storage)
        let transport = StubTransport(headers: ["Cache-Control": "max-age=600"])
        let client = client(cache, transport)
        _ = try await client.send(Request<Data>(path: "/r"))
        clock.advance(by: 100)
        _ = try await client.send(Request<Data>(path: "/r", headers: ["Cache-Control": "max-age=200"]))
        #expect(transport.requestCount == 1)
        _ = try await client.send(Request<Data>(path: "/r", headers: ["Cache-Control": "max-age=50"]))
        #expect(transport.requestCount == 2)
        _ = try await client.send(Request<Data>(path: "/r", headers: ["Cache-Control": "no-cache"]))
        #expect(transport.requestCount == 3)
    }
}
