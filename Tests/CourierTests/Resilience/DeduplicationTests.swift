import Courier
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Courier

@Suite("De-duplication against the fault server's counting gate")
struct DeduplicationTests {
    let server: FaultServer
    let client: HTTPClient

    init() throws {
        server = try FaultServer()
        client = HTTPClient(baseURL: server.url, transport: server.transport)
    }

    func gate(_ key: String, _ mode: HTTPClient.DeduplicationMode, authorization: String? = nil) -> Request<
        FaultServer.Hit
    > {
        var request = Request<FaultServer.Hit>(path: "/gate/\(key)").deduplicated(mode)
        request.headers["Authorization"] = authorization
        return request
    }

    /// Counts calls that have ended.
    final class Finished: Sendable {
        private let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
        func increment() { value.add(1, ordering: .relaxed) }
    }

    /// Starts `count` identical calls; each task returns its result.
    func start(
        _ count: Int, _ request: Request<FaultServer.Hit>, finished: Finished = Finished()
    ) -> [Task<Result<FaultServer.Hit, HTTPError>, Never>] {
        (0..<count).map { _ in
            Task { [client] in
                defer { finished.increment() }
                do throws(HTTPError) { return .success(try await client.send(request).value) } catch {
                    return .failure(error)
                }
            }
        }
    }

    @Test("100 identical GETs joining one in flight: one hit, 100 identical results", .timeLimit(.minutes(3)))
    func joined() async throws {
        let key = uniqueKey("join")
        let calls = start(100, gate(key, .useCurrentIfPossible))
        try await waitUntil("100 callers to wait for one request") { client.deduplication.inFlight.waiterCount == 100 }
        #expect(client.deduplication.inFlight.count == 1)
        try await server.open(key)
        var results: [FaultServer.Hit] = []
        for call in calls { results.append(try await call.value.get()) }
        #expect(results.count == 100)
        #expect(Set(results.map(\.hit)) == [1])
        #expect(try await server.hits(key).hits == 1)
        #expect(client.deduplication.inFlight.count == 0)
    }

    @Test("A different Authorization is a different request: two hits", .timeLimit(.minutes(3)))
    func differentAuthorization() async throws {
        let key = uniqueKey("auth")
        let alice = start(10, gate(key, .useCurrentIfPossible, authorization: "Bearer alice"))
        let bob = start(10, gate(key, .useCurrentIfPossible, authorization: "Bearer bob"))
        try await waitUntil("two shared requests with 20 callers") {
            client.deduplication.inFlight.count == 2 && client.deduplication.inFlight.waiterCount == 20
        }
        try await server.open(key)
        let hits = try await (alice + bob).asyncMap { try await $0.value.get().hit }
        #expect(Set(hits) == [1, 2])
        #expect(try await server.hits(key).hits == 2)
    }

    @Test(".dropIfDuplicated: 99 fail at once with duplicateDropped, one is sent", .timeLimit(.minutes(3)))
    func dropped() async throws {
        let key = uniqueKey("drop")
        let finished = Finished()
        let calls = start(100, gate(key, .dropIfDuplicated), finished: finished)
        try await waitUntil("the first call to reach the server") { try await server.hits(key).hits == 1 }
        var dropped = 0
        var succeeded: [FaultServer.Hit] = []
        // The dropped calls end while the gate is still shut; open it only for the survivor.
        try await waitUntil("99 calls to end") { finished.count == 99 }
        try await server.open(key)
        for call in calls {
            switch await call.value {
            case .success(let hit): succeeded.append(hit)
            case .failure(let error):
                guard case .duplicateDropped = error.kind else {
                    Issue.record("got \(error.kind)")
                    continue
                }
                dropped += 1
            }
        }
        #expect(dropped == 99)
        #expect(succeeded.map(\.hit) == [1])
        #expect(try await server.hits(key).hits == 1)
    }

    @Test("Cancelling 99 of 100 waiters: the request still completes for the last one", .timeLimit(.minutes(3)))
    func cancelMost() async throws {
        let key = uniqueKey("cancel99")
        let calls = start(100, gate(key, .useCurrentIfPossible))
        try await waitUntil("100 callers") { client.deduplication.inFlight.waiterCount == 100 }
        for call in calls.dropLast() { call.cancel() }
        try await waitUntil("one caller left") { client.deduplication.inFlight.waiterCount == 1 }
        try await server.open(key)
        for call in calls.dropLast() {
            guard case .failure(let error) = await call.value, error.isCancelled else {
                Issue.record("a cancelled caller did not end as cancelled")
                continue
            }
        }
        #expect(try await calls.last!.value.get().hit == 1)
        let hits = try await server.hits(key)
        #expect(hits.hits == 1)
        #expect(hits.closed_early == 0)
    }

    @Test("Cancelling every waiter cancels the request: the server sees the connection closed", .timeLimit(.minutes(3)))
    func cancelAll() async throws {
        let key = uniqueKey("cancelall")
        let calls = start(100, gate(key, .useCurrentIfPossible))
        try await waitUntil("100 callers") { client.deduplication.inFlight.waiterCount == 100 }
        try await waitUntil("the request to reach the server") { try await server.hits(key).hits == 1 }
        for call in calls { call.cancel() }
        for call in calls {
            guard case .failure(let error) = await call.value, error.isCancelled else {
                Issue.record("a cancelled caller did not end as cancelled")
                continue
            }
        }
        try await waitUntil("the server to see the client close") { try await server.hits(key).closed_early == 1 }
        #expect(client.deduplication.inFlight.count == 0)
    }

    @Test("Without a mode, identical calls are not joined")
    func alwaysCreateNew() async throws {
        let key = uniqueKey("new")
        let calls = start(3, Request<FaultServer.Hit>(path: "/gate/\(key)"))
        try await waitUntil("three hits") { try await server.hits(key).hits == 3 }
        #expect(client.deduplication.inFlight.count == 0)
        try await server.open(key)
        let hits = try await calls.asyncMap { try await $0.value.get().hit }
        #expect(Set(hits) == [1, 2, 3])
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
