import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

/// A response body has a limit: a larger one ends the call with a typed error as soon as it
/// passes it, on both transports, without the bytes past it being kept; `stream(_:)` and a
/// download's file are the ways to receive larger bodies.
@Suite("A response body held in memory has a limit")
struct ResponseBodyLimitTests {
    /// The most bytes one delivery from the network can add past the limit: libcurl hands over at
    /// most CURL_MAX_WRITE_SIZE (16 KiB) a call, under `CurlTransport` and under
    /// FoundationNetworking alike (which caps its receive buffer at that size).
    private static let oneRead = 16 << 10

    private func expectTooLarge(
        _ error: HTTPError, limit: Int, expected: Int?, receivedAtMost: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .responseBodyTooLarge(let seenLimit, let received, let seenExpected) = error.kind else {
            Issue.record("expected responseBodyTooLarge, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(seenLimit == limit, sourceLocation: sourceLocation)
        #expect(seenExpected == expected, sourceLocation: sourceLocation)
        if let receivedAtMost {
            #expect(received > limit, "received \(received)", sourceLocation: sourceLocation)
            #expect(received <= receivedAtMost, "received \(received)", sourceLocation: sourceLocation)
        } else {
            #expect(received == 0, "the body was read: \(received) bytes", sourceLocation: sourceLocation)
        }
        #expect(error.description.contains("\(limit) bytes"), sourceLocation: sourceLocation)
    }

    @Test(
        "A body announcing 2 GiB is refused with its head, under the default limit, and its connection closed",
        arguments: TransportUnderTest.allCases)
    func announcedTwoGiB(transport: TransportUnderTest) async throws {
        let server = try FaultServer()
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        #expect(client.configuration.maximumResponseBodySize == 64 << 20)
        let key = uniqueKey("huge")
        // The server announces 2 GiB and sends 64 KiB every 10 ms, without end.
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(
                Request<Data>(path: "/endless/\(key)", query: [.init(name: "framing", value: "length:2147483648")]))
        }
        expectTooLarge(error, limit: 64 << 20, expected: 2_147_483_648)
        #expect(error.attempts == 1)
        try await waitUntil("the server to see the connection closed") { try await server.hits(key).closed_early == 1 }
    }

    @Test(
        "An endless body, chunked or ended by the close, stops once it passes the limit, having kept no more",
        arguments: TransportUnderTest.allCases, ["chunked", "close"])
    func endlessBody(transport: TransportUnderTest, framing: String) async throws {
        let server = try FaultServer()
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        let key = uniqueKey("endless")
        let limit = 1 << 20
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(
                Request<Data>(path: "/endless/\(key)", query: [.init(name: "framing", value: framing)])
                    .maximumResponseBodySize(limit))
        }
        expectTooLarge(error, limit: limit, expected: nil, receivedAtMost: limit + Self.oneRead)
        try await waitUntil("the server to see the connection closed") { try await server.hits(key).closed_early == 1 }
    }

    @Test(
        "The client's limit, a call's own, and none; a refused body is not retried",
        arguments: TransportUnderTest.allCases)
    func clientAndCallLimits(transport: TransportUnderTest) async throws {
        let server = try FaultServer()
        let key = uniqueKey("limits")
        let client = HTTPClient(baseURL: server.url, transport: try transport.make()) {
            $0.maximumResponseBodySize = 1000
            $0.interceptors = [RetryPolicy(maxAttempts: 3, clock: VirtualClock(autoAdvances: true))]
        }
        let download = Request<Data>(path: "/download/5000", query: [.init(name: "key", value: key)])
        let error = try await #require(throws: HTTPError.self) { try await client.send(download) }
        expectTooLarge(error, limit: 1000, expected: 5000)
        #expect(error.attempts == 1, "a body too large was retried: \(error)")

        #expect(try await client.send(download.maximumResponseBodySize(5000)).value.count == 5000)
        #expect(try await client.send(download.maximumResponseBodySize(nil)).value.count == 5000)
        // A body exactly at the limit is whole.
        let exact = HTTPClient(baseURL: server.url, transport: try transport.make()) {
            $0.maximumResponseBodySize = 5000
        }
        #expect(try await exact.send(download).value == Data((0..<5000).map { UInt8(truncatingIfNeeded: $0) }))
    }

    @Test("stream(_:) reads a body past the limit whole", arguments: TransportUnderTest.allCases)
    func streamsAreNotLimited(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.maximumResponseBodySize = 1000
        }
        let response = try await client.stream(Request<Data>(path: "/download/300000"))
        var received = 0
        for try await chunk in response.body { received += chunk.count }
        #expect(received == 300_000)
    }

    @Test(
        "A download's file is not limited; an error body it keeps in memory is, and leaves no file",
        arguments: TransportUnderTest.allCases)
    func downloads(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.maximumResponseBodySize = 1000
        }
        let folder = try makeTemporaryFolder("courier-limit")
        defer { try? FileManager.default.removeItem(at: folder) }

        let file = folder.appendingPathComponent("big.bin")
        let saved = try await client.download(Request(path: "/download/300000"), to: file).response.value
        #expect(try Data(contentsOf: saved).count == 300_000)

        let failed = folder.appendingPathComponent("error.bin")
        let error = try await #require(throws: HTTPError.self) {
            try await client.download(
                Request(
                    path: "/endless/\(uniqueKey("error"))",
                    query: [.init(name: "framing", value: "length:5000000"), .init(name: "status", value: "503")]),
                to: failed
            ).response.value
        }
        expectTooLarge(error, limit: 1000, expected: 5_000_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["big.bin"])
    }

    @Test("A transport that does not enforce the limit is held to it by the client")
    func customTransports() async throws {
        let stub = StubTransport(status: 200, headers: [:], body: String(repeating: "x", count: 5000))
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com"), transport: stub) {
            $0.maximumResponseBodySize = 1000
        }
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/a")) }
        guard case .responseBodyTooLarge(1000, 5000, nil) = error.kind else {
            Issue.record("got \(error)")
            return
        }
        #expect(try await client.send(Request<Data>(path: "/a").maximumResponseBodySize(5000)).value.count == 5000)
    }
}
