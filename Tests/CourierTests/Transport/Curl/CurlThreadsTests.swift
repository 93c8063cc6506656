#if os(Linux)
import Courier
import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// A `CurlTransport` with several threads: the per-host limit holds for the whole transport,
/// every call gets its answer, and the executor spreads its tasks over the threads.
@Suite("CurlTransport with several threads")
struct CurlThreadsTests {
    private struct Connections: Decodable {
        let connections: Int
        let max_open: Int
    }

    /// What the fault server saw of the connections that carried `key`'s requests.
    private func connections(_ key: String, on server: URL) async throws -> Connections {
        try await HTTPClient(baseURL: server, transport: URLSessionTransport()).send(
            Request<Connections>(path: "/conns/\(key)")
        ).value
    }

    /// The threads code ran on (`pthread_self()`) and their kernel names.
    private final class Threads: Sendable {
        private let seen = Mutex<[UInt: String]>([:])

        func record() {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
            let id = UInt(pthread_self())
            seen.withLock { $0[id] = name.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        var ids: Set<UInt> { seen.withLock { Set($0.keys) } }
        var names: Set<String> { seen.withLock { Set($0.values) } }
    }

    @Test("The thread count is at least 1 and at most the per-host limit")
    func threadCount() throws {
        #expect(try CurlTransport().threads == 1)
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
        let hits = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    try await client.send(
                        Request<JSON>(path: "/count/\(key)", query: [.init(name: "delay", value: "0.02")])
                    ).value["hit"]?.intValue ?? 0
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(hits.sorted() == Array(1...200))
        let used = try await connections(key, on: server)
        #expect(used.max_open <= 6 && used.connections <= 6, "\(used)")
    }

    @Test("A limit of 2 over two threads means one connection each, 2 in all", .timeLimit(.minutes(1)))
    func smallLimitIsShared() async throws {
        let server = try TestServers.faultsWithSmallBacklog()
        let client = HTTPClient(baseURL: server, transport: try CurlTransport(maximumConnectionsPerHost: 2, threads: 2))
        let key = uniqueKey("threads-limit2")
        let hits = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await client.send(
                        Request<JSON>(path: "/count/\(key)", query: [.init(name: "delay", value: "0.01")])
                    ).value["hit"]?.intValue ?? 0
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(hits.sorted() == Array(1...40))
        let used = try await connections(key, on: server)
        #expect(used.max_open <= 2 && used.connections <= 2, "\(used)")
    }

    @Test(
        "16 tasks on a two-thread transport's executor run on both of its threads, and get every answer",
        .timeLimit(.minutes(1)))
    func executorSpreadsTasks() async throws {
        let transport = try CurlTransport(threads: 2)
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: transport)
        let key = uniqueKey("threads-executor")
        let threads = Threads()
        let hits = try await withTaskExecutorPreference(transport.executor) {
            try await withThrowingTaskGroup(of: [Int].self) { group in
                for _ in 0..<16 {
                    group.addTask {
                        var hits: [Int] = []
                        for _ in 0..<5 {
                            let answer = try await client.send(Request<JSON>(path: "/count/\(key)")).value
                            threads.record()
                            hits.append(answer["hit"]?.intValue ?? 0)
                        }
                        return hits
                    }
                }
                return try await group.reduce(into: [Int]()) { $0 += $1 }
            }
        }
        #expect(hits.sorted() == Array(1...80))
        #expect(threads.names == ["Courier.Curl"], "resumed on \(threads.names)")
        #expect(threads.ids.count == 2, "thread ids: \(threads.ids)")
    }

    @Test("Cancelling a call on a two-thread transport ends it at once", .timeLimit(.minutes(1)))
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
