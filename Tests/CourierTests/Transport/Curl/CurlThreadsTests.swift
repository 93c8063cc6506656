#if os(Linux)
import Courier
import Foundation
import TestSupport
import Testing

/// A `CurlTransport` with several threads: the per-host limit holds for the whole transport,
/// every call gets its answer, and the executor spreads its tasks over the threads.
@Suite("CurlTransport with several threads")
struct CurlThreadsTests {
    @Test("The thread count is at least 1 and at most the per-host limit; 2 by default on 2 cores or more")
    func threadCount() throws {
        #expect(CurlTransport.defaultThreads == min(2, ProcessInfo.processInfo.activeProcessorCount))
        #expect(try CurlTransport().threads == CurlTransport.defaultThreads)
        #expect(try CurlTransport(threads: 1).threads == 1)
        #expect(try CurlTransport(threads: 3).threads == 3)
        #expect(try CurlTransport(threads: 0).threads == 1)
        #expect(try CurlTransport(maximumConnectionsPerHost: 2, threads: 4).threads == 2)
    }

    @Test(
        "200 calls in flight over two threads use at most 6 connections in all, and all succeed",
        .timeLimit(.minutes(2)))
    func limitHoldsAcrossThreads() async throws {
        let server = try TestServers.faultsWithSmallBacklog()
        let client = HTTPClient(baseURL: server, transport: try CurlTransport(threads: 2))
        let key = uniqueKey("threads-limit")
        let hits = try await sendConcurrently(200, to: client, key: key)
        #expect(hits.sorted() == Array(1...200))
        let used = try await ConnectionsSeen.of(key, on: server)
        #expect(used.max_open <= 6 && used.connections <= 6, "\(used)")
    }

    @Test("A limit of 2 over two threads means one connection each, 2 in all", .timeLimit(.minutes(3)))
    func smallLimitIsShared() async throws {
        let server = try TestServers.faultsWithSmallBacklog()
        let client = HTTPClient(baseURL: server, transport: try CurlTransport(maximumConnectionsPerHost: 2, threads: 2))
        let key = uniqueKey("threads-limit2")
        let hits = try await sendConcurrently(40, to: client, key: key, delay: "0.01")
        #expect(hits.sorted() == Array(1...40))
        let used = try await ConnectionsSeen.of(key, on: server)
        #expect(used.max_open <= 2 && used.connections <= 2, "\(used)")
    }

    @Test(
        "16 tasks on a two-thread transport's executor run on both of its threads, and get every answer",
        .timeLimit(.minutes(3)))
    func executorSpreadsTasks() async throws {
        let transport = try CurlTransport(threads: 2)
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let key = uniqueKey("threads-executor")
        let threads = ThreadsSeen()
        let hits = try await threads.countFromTasks(
            16, requests: 5, preferring: transport.executor, client: client, key: key)
        #expect(hits.sorted() == Array(1...80))
        #expect(threads.names == ["Courier.Curl"], "resumed on \(threads.names)")
        #expect(threads.ids.count == 2, "thread ids: \(threads.ids)")
    }

    @Test("Cancelling a call on a two-thread transport ends it at once", .timeLimit(.minutes(3)))
    func cancellation() async throws {
        let transport = try CurlTransport(threads: 2)
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let key = uniqueKey("threads-cancel")
        let call = Task { try await client.send(Request<Data>(path: "/gate/\(key)")) }
        let faults = try FaultServer()
        try await waitUntil("the request reached the server") { (try? await faults.hits(key).hits) == 1 }
        call.cancel()
        let error = try await #require(throws: HTTPError.self) { try await call.value }
        #expect(error.isCancelled, "got \(error)")
        try await faults.open(key)
    }
}
#endif
