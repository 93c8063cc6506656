#if os(Linux)
import Courier
import Foundation
import TestSupport
import Testing

/// Tasks that prefer `CurlTransport.executor` run on the transport's thread, get their
/// responses, can be cancelled, and are not stranded when the transport goes away.
@Suite("CurlTransport's executor")
struct CurlExecutorTests {
    @Test(
        "40 requests from 8 tasks on the executor all succeed, each task resumed on the transport's thread",
        .timeLimit(.minutes(3)))
    func requestsRunOnTheTransportThread() async throws {
        let transport = try CurlTransport()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let key = uniqueKey("executor")
        let threads = ThreadsSeen()
        let hits = try await threads.countFromTasks(
            8, requests: 5, preferring: transport.executor, client: client, key: key)
        #expect(hits.sorted() == Array(1...40))
        #expect(threads.names == ["Courier.Curl"], "resumed on \(threads.names)")
    }

    @Test(
        "The transports article's example: a task group on the executor decodes every answer", .timeLimit(.minutes(3)))
    func readmeExample() async throws {
        struct Hit: Decodable, Sendable {
            let key: String
            let hit: Int
        }
        let key = uniqueKey("executor-readme")
        let transport = try CurlTransport()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let hits = try await withTaskExecutorPreference(transport.executor) {
            try await withThrowingTaskGroup(of: Hit.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await client.send(Request<Hit>(path: "/count/\(key)")).value }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(hits.map(\.key) == [key, key, key])
        #expect(hits.map(\.hit).sorted() == [1, 2, 3])
    }

    @Test("Without the preference, callers are resumed on the cooperative pool", .timeLimit(.minutes(3)))
    func callersElsewhereStayElsewhere() async throws {
        let transport = try CurlTransport()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let threads = ThreadsSeen()
        for _ in 0..<3 {
            _ = try await client.send(Request<JSON>(path: "/count/\(uniqueKey("executor-off"))"))
            threads.record()
        }
        #expect(!threads.names.isEmpty && !threads.names.contains("Courier.Curl"), "resumed on \(threads.names)")
    }

    @Test(
        "Cancelling a task on the executor ends its request at once and closes its connection", .timeLimit(.minutes(3)))
    func cancellation() async throws {
        let transport = try CurlTransport()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let faults = try FaultServer()
        let key = uniqueKey("executor-cancel")
        // The gate stays shut: the only way this request ends is the cancellation.
        let task = Task(executorPreference: transport.executor) {
            try await client.send(Request<Data>(path: "/gate/\(key)"))
        }
        try await waitUntil("the request reached the server") { (try? await faults.hits(key).hits) == 1 }
        task.cancel()
        let result = await task.result
        #expect(throws: HTTPError.self) { try result.get() }
        if case .failure(let error as HTTPError) = result { #expect(error.isCancelled, "\(error)") }
        try await waitUntil("the server saw the connection close") {
            (try? await faults.hits(key).closed_early) == 1
        }
    }

    @Test("A task that prefers the executor of a released transport still runs to its end", .timeLimit(.minutes(3)))
    func outlivesTheTransport() async throws {
        var transport: CurlTransport? = try CurlTransport()
        weak let released = transport
        let executor = try #require(transport?.executor)
        let gate = Gate()
        let task = Task(executorPreference: executor) { () -> Int in
            await gate.wait()
            return 42
        }
        transport = nil
        #expect(released == nil, "the transport is gone")
        gate.open()
        #expect(await task.value == 42)
    }
}
#endif
