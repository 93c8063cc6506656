import Courier
import CourierStore
import CourierTesting
import Foundation
import TestSupport
import Testing

/// A ``ResponseCache`` keeps working when its database file is damaged or deleted.
@Suite("ResponseCache heals")
struct CacheHealingTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Answers every path with its own body, fresh for an hour.
    let transport = StubTransport { request in
        HTTPResponse(
            statusCode: 200, headers: ["Cache-Control": "max-age=3600"],
            body: Data("body of \(request.url.path)".utf8), url: request.url)
    }

    private func client(_ cache: ResponseCache) -> HTTPClient {
        HTTPClient(baseURL: URL(string: "https://heal.example")!, transport: transport) { $0.interceptors = [cache] }
    }

    /// A cache database holding a few responses, closed again.
    private func filledDatabase(at file: URL) async throws {
        let cache = try ResponseCache(fileURL: file)
        for index in 0..<20 { _ = try await client(cache).send(Request<Data>(path: "/\(index)")) }
        #expect(try await cache.usage().entries == 20)
    }

    @Test(
        "A damaged database or a file that is not one is moved aside and the cache starts empty",
        arguments: ["not a database", "damaged schema page"])
    func damagedDatabase(damage: String) async throws {
        defer { directory.remove() }
        let file = directory.file("responses.sqlite")
        let damaged: Data
        if damage == "not a database" {
            damaged = Data(repeating: 0x5A, count: 8_192)
        } else {
            try await filledDatabase(at: file)
            var bytes = try Data(contentsOf: file)
            // Page 1 after the 100-byte header holds the schema; scribble over it.
            bytes.replaceSubrange(100..<4_096, with: Data(repeating: 0xA5, count: 3_996))
            damaged = bytes
        }
        for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + companion) }
        try damaged.write(to: file)

        let events = Recorder<ResponseCacheEvent>()
        let errors = Recorder<ResponseCacheError>()
        let cache = try ResponseCache(
            fileURL: file, configuration: .init(onError: errors.record, onEvent: events.record))

        guard case .damagedDatabaseMovedAside(let reported, let movedTo, let reason) = try #require(events.all.first)
        else {
            Issue.record("expected damagedDatabaseMovedAside, got \(events.all)")
            return
        }
        #expect(reported.path == file.path)
        #expect(movedTo.lastPathComponent.hasPrefix("responses.sqlite.corrupt-"))
        #expect(reason.contains("SQLite error"), "\(reason)")
        #expect(try Data(contentsOf: movedTo) == damaged, "the damaged bytes must be kept")
        #expect(try await cache.usage() == ResponseCache.Usage(entries: 0, bytes: 0))
        #expect(try cache.integrityCheck() == "ok")

        // The new database works: a response is stored and then served from it.
        _ = try await client(cache).send(Request<Data>(path: "/again"))
        let served = try await client(cache).send(Request<Data>(path: "/again"))
        #expect(served.data == Data("body of /again".utf8))
        #expect(transport.requestCount == (damage == "not a database" ? 1 : 21))
        #expect(errors.all.isEmpty, "\(errors.all)")
    }

    @Test("A database file deleted while the cache is open is recreated, and later writes land in it")
    func deletedWhileOpen() async throws {
        defer { directory.remove() }
        let file = directory.file("responses.sqlite")
        let events = Recorder<ResponseCacheEvent>()
        let errors = Recorder<ResponseCacheError>()
        let cache = try ResponseCache(
            fileURL: file, configuration: .init(onError: errors.record, onEvent: events.record))
        _ = try await client(cache).send(Request<Data>(path: "/before"))

        for companion in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + companion) }
        _ = try await client(cache).send(Request<Data>(path: "/after"))

        #expect(events.all == [.databaseRecreated(file: file)])
        #expect(FileManager.default.fileExists(atPath: file.path))
        // Another cache opened on the path sees the write made after the deletion.
        let reopened = try ResponseCache(fileURL: file)
        #expect(try await reopened.usage().entries == 1)
        let served = try await client(reopened).send(Request<Data>(path: "/after"))
        #expect(served.data == Data("body of /after".utf8))
        #expect(transport.requests.map(\.url.path) == ["/before", "/after"])
        #expect(errors.all.isEmpty, "\(errors.all)")
    }
}
