import Courier
import Foundation
import TestSupport
import Testing

@testable import Courier

/// A download is never de-duplicated: a second download of a request in flight, or a call
/// asking to join one, sends its own request; every download gets its own complete file.
@Suite("De-duplication and downloads")
final class DeduplicatedDownloadTests: Sendable {
    let server: FaultServer
    /// Where the downloads go; removed after each test.
    let folder: URL

    init() throws {
        server = try FaultServer()
        folder = try makeTemporaryFolder("courier-dedup")
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test(
        "A download of a request in flight, and a call of it, each send their own; every file is whole",
        .timeLimit(.minutes(2)), arguments: TransportUnderTest.allCases)
    func downloadsAreNeverJoined(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        let key = uniqueKey("dl")
        // The first download waits at the gate while the others get there: minutes on a loaded
        // machine, so no idle timeout may end it first (seen: URLSession's 60 s default).
        let request = Request<Void>(path: "/gate/\(key)").deduplicated(.useCurrentIfPossible).timeout(.seconds(600))

        // A waits at the server's gate.
        let first = client.download(request, to: folder.appendingPathComponent("a.json"))
        try await waitUntil("the first download to reach the server") { try await server.hits(key).hits == 1 }
        // B is the same request: it either reaches the server too, or joins A (the defect).
        let second = client.download(request, to: folder.appendingPathComponent("b.json"))
        try await waitUntil("the second download to reach the server or join the first") {
            try await server.hits(key).hits == 2 || client.deduplication.inFlight.waiterCount == 2
        }
        // A call of the same request must not ride on a download either: its body went to a file.
        let call = Task { try await client.send(request.map { data, _, _ in data }).value }
        try await waitUntil("the call to reach the server or join a download") {
            try await server.hits(key).hits == 3 || client.deduplication.inFlight.waiterCount >= 2
        }
        try await server.open(key)

        var hits: Set<Int> = []
        for (transfer, name) in [(first, "a.json"), (second, "b.json")] {
            var last: TransferProgress?
            for await progress in transfer.progress { last = progress }
            let saved = try await transfer.response.value
            #expect(saved.lastPathComponent == name)
            let body = try Data(contentsOf: saved)
            let hit = try JSON.TapeDecoder().decode(FaultServer.Hit.self, from: body)
            #expect(hit.key == key, "\(name) holds \(String(decoding: body, as: UTF8.self))")
            hits.insert(hit.hit ?? 0)
            #expect(last?.bytesReceived == Int64(body.count), "\(name): \(String(describing: last))")
        }
        let answer = try await call.value
        let callHit = try JSON.TapeDecoder().decode(FaultServer.Hit.self, from: answer)
        hits.insert(callHit.hit ?? 0)
        #expect(hits == [1, 2, 3], "each sent its own request")
        #expect(try await server.hits(key).hits == 3)
    }

    @Test(".dropIfDuplicated never drops a download", .timeLimit(.minutes(2)), arguments: TransportUnderTest.allCases)
    func downloadsAreNeverDropped(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        let key = uniqueKey("drop")
        let request = Request<Void>(path: "/gate/\(key)").deduplicated(.dropIfDuplicated)

        let call = Task { try await client.send(request) }
        try await waitUntil("the call to reach the server") { try await server.hits(key).hits == 1 }
        let download = client.download(request, to: folder.appendingPathComponent("c.json"))
        try await waitUntil("the download to reach the server") { try await server.hits(key).hits == 2 }
        try await server.open(key)
        let saved = try await download.response.value
        #expect(try JSON.TapeDecoder().decode(FaultServer.Hit.self, from: Data(contentsOf: saved)).key == key)
        _ = try await call.value
    }
}
