import Courier
import Foundation
import TestSupport
import Testing

/// A request is written to the wire once per attempt: a transport never sends it again by itself
/// when a reused keep-alive connection dies, and only a `RetryPolicy` retries.
///
/// The fault server's `/close-second/KEY` answers the first request on a connection, then reads
/// the next one and closes without answering, and counts every request it read.
@Suite("A request whose keep-alive connection dies is sent once per attempt")
struct TransportResendTests {
    private func hits(_ key: String) async throws -> Int {
        try await FaultServer().hits(key).hits
    }

    @Test(
        "A POST is not sent again: the call fails saying it may have reached the server",
        arguments: TransportUnderTest.allCases)
    func postSentOnce(transport: TransportUnderTest) async throws {
        let monitor = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 4, clock: VirtualClock(autoAdvances: true))]
            $0.eventMonitors = [monitor]
        }
        let key = uniqueKey("post-once")
        // The timeout is long: the test is about the lost connection, which both transports
        // report at once, and a loaded machine must not turn it into a timeout.
        let post = Request<Data>(
            method: .post, path: "/close-second/\(key)", body: .data(Data("order=1".utf8), contentType: "text/plain")
        )
        .timeout(.seconds(60))
        _ = try await client.send(post)
        let error = try await #require(throws: HTTPError.self) { try await client.send(post) }
        #expect(error.isTransport, "got \(error)")
        #expect(error.attempts == 1, "a POST is not retried: \(error)")
        // The server read the second POST once; nobody sent it again.
        #expect(try await hits(key) == 2)
        try await monitor.waitForFinishes(2)
        #expect(monitor.metrics.map(\.attempts.count) == [1, 1])
        #expect(error.urlError?.code == .networkConnectionLost, "got \(error)")
        #expect(error.description.contains("may or may not have reached the server"), "got \(error)")
    }

    #if os(Linux)
    /// CurlTransport only: FoundationNetworking's libcurl does send an empty POST again on a
    /// fresh connection (there is no body to rewind, so nothing stops it).
    @Test("CurlTransport does not send a POST without a body again either")
    func emptyPostSentOnce() async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try CurlTransport())
        let key = uniqueKey("empty-post")
        let post = Request<Data>(method: .post, path: "/close-second/\(key)")
        _ = try await client.send(post)
        let error = try await #require(throws: HTTPError.self) { try await client.send(post) }
        #expect(error.isConnectivity, "got \(error)")
        #expect(try await hits(key) == 2)
    }
    #endif

    @Test(
        "A POST marked retryable is retried by the RetryPolicy, and each send is an attempt in the metrics",
        arguments: TransportUnderTest.allCases)
    func retryablePostRetriedByPolicy(transport: TransportUnderTest) async throws {
        let monitor = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.interceptors = [RetryPolicy(maxAttempts: 4, clock: VirtualClock(autoAdvances: true))]
            $0.eventMonitors = [monitor]
        }
        let key = uniqueKey("post-retryable")
        let post = Request<Data>(
            method: .post, path: "/close-second/\(key)", body: .data(Data("order=1".utf8), contentType: "text/plain")
        )
        .retryable().timeout(.seconds(60))
        _ = try await client.send(post)
        _ = try await client.send(post)
        try await monitor.waitForFinishes(2)
        let attempts = monitor.metrics.map(\.attempts.count).reduce(0, +)
        // Every request the server read is an attempt the metrics show.
        #expect(try await hits(key) == attempts, "metrics: \(monitor.metrics)")
        // The first call, the second's attempt on the dead connection, and its retry on a new one.
        #expect(attempts == 3)
    }
}
