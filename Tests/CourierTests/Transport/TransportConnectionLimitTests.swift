import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Many calls in flight to one host share a few connections instead of opening one each.
@Suite("Connections per host are bounded")
struct TransportConnectionLimitTests {
    @Test(
        "200 calls in flight use at most 6 connections, and all succeed against a listen backlog of 10",
        .timeLimit(.minutes(2)), arguments: TransportUnderTest.allCases)
    func twoHundredInFlight(transport: TransportUnderTest) async throws {
        let server = try TestServers.faultsWithSmallBacklog()
        let client = HTTPClient(baseURL: server, transport: try transport.make())
        let key = uniqueKey("limit")
        let hits = try await sendConcurrently(200, to: client, key: key)
        #expect(hits.sorted() == Array(1...200))
        let used = try await ConnectionsSeen.of(key, on: server)
        #expect(used.max_open <= 6, "\(used)")
        // Connections are reused, not one a call. Not exactly 6 in all: on a loaded machine libcurl
        // (under FoundationNetworking too) may close an idle one and open another later (seen: 7).
        #expect(used.connections <= 12, "\(used)")
    }

    #if os(Linux)
    @Test("CurlTransport's limit is configurable", .timeLimit(.minutes(3)))
    func configurableLimit() async throws {
        let server = try TestServers.faultsWithSmallBacklog()
        let client = HTTPClient(baseURL: server, transport: try CurlTransport(maximumConnectionsPerHost: 2))
        let key = uniqueKey("limit2")
        let hits = try await sendConcurrently(40, to: client, key: key)
        #expect(hits.sorted() == Array(1...40))
        let used = try await ConnectionsSeen.of(key, on: server)
        #expect(used.max_open <= 2 && used.connections <= 2, "\(used)")
    }

    @Test("A request queued for a connection still ends at its timeout, saying it waited", .timeLimit(.minutes(3)))
    func queuedRequestTimesOut() async throws {
        let server = try TestServers.faults()
        let client = HTTPClient(baseURL: server, transport: try CurlTransport(maximumConnectionsPerHost: 1))
        let key = uniqueKey("queued")
        let blocker = Task { try await client.send(Request<Data>(path: "/gate/\(key)")) }
        defer { blocker.cancel() }
        let faults = try FaultServer()
        try await waitUntil("the first request holds the only connection") { (try? await faults.hits(key).hits) == 1 }
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/count/\(key)-second").timeout(.milliseconds(300)))
        }
        #expect(error.isTimeout, "got \(error)")
        #expect(error.description.contains("waiting for a connection (at most 1 per host)"), "got \(error)")
        try await faults.open(key)
        _ = try await blocker.value
    }

    @Test(
        "On two threads, a request queued for a connection times out naming its thread's share and the whole limit",
        .timeLimit(.minutes(3)))
    func queuedRequestTimesOutOnTwoThreads() async throws {
        let server = try TestServers.faults()
        let client = HTTPClient(
            baseURL: server, transport: try CurlTransport(maximumConnectionsPerHost: 2, threads: 2))
        let key = uniqueKey("queued2")
        let faults = try FaultServer()
        // Two requests held at the gate: the second goes to the thread with less work, so each
        // thread's one connection is taken.
        let first = Task { try await client.send(Request<Data>(path: "/gate/\(key)")) }
        try await waitUntil("the first request holds a connection") { (try? await faults.hits(key).hits) == 1 }
        let second = Task { try await client.send(Request<Data>(path: "/gate/\(key)")) }
        try await waitUntil("the second request holds the other") { (try? await faults.hits(key).hits) == 2 }
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/count/\(key)-third").timeout(.milliseconds(300)))
        }
        #expect(error.isTimeout, "got \(error)")
        #expect(
            error.description.contains(
                "waiting for a connection (at most 1 per host on this thread, 2 on all of the transport's)"),
            "got \(error)")
        try await faults.open(key)
        _ = try await (first.value, second.value)
    }
    #endif
}
