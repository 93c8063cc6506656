import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

/// `HTTPClient.stream(_:)` over a transport that receives bodies whole (the protocol's default),
/// and the lines view.
@Suite struct ByteStreamTests {
    private func client(body: Data, status: Int = 200, configure: (inout HTTPClient.Configuration) -> Void = { _ in })
        -> HTTPClient
    {
        HTTPClient(
            baseURL: URL(string: "https://api.example.com")!,
            transport: StubTransport(answering: { request in
                HTTPResponse(statusCode: status, headers: ["Content-Type": "text/plain"], body: body, url: request.url)
            }),
            configure: configure)
    }

    @Test func aTransportWithoutStreamingHandsTheWholeBodyOver() async throws {
        let response = try await client(body: Data("hello".utf8)).stream(Request<Data>(path: "/a"))
        #expect(response.statusCode == 200)
        #expect(response.headers["Content-Type"] == "text/plain")
        #expect(response.raw.body.isEmpty)
        var received = Data()
        for try await chunk in response.body { received.append(chunk) }
        #expect(received == Data("hello".utf8))
    }

    @Test func linesEndAtLFOrCRLFAndTheLastLineNeedsNoLineEnd() async throws {
        let text = "first\nsecond\r\n\nfourth\r\nlast"
        let response = try await client(body: Data(text.utf8)).stream(Request<Data>(path: "/log"))
        var lines: [String] = []
        for try await line in response.body.lines { lines.append(line) }
        #expect(lines == ["first", "second", "", "fourth", "last"])
    }

    @Test func linesSplitAcrossChunksAreJoined() async throws {
        let chunks = ["al", "pha\r", "\nbe", "ta\n", "gam", "ma\n"].map { Data($0.utf8) }
        let stream = HTTPResponse.ByteStream(ChunkSequence(chunks: chunks))
        var lines: [String] = []
        for try await line in stream.lines { lines.append(line) }
        #expect(lines == ["alpha", "beta", "gamma"])
    }

    @Test func anEmptyBodyHasNoLines() async throws {
        let response = try await client(body: Data()).stream(Request<Data>(path: "/empty"))
        var lines: [String] = []
        for try await line in response.body.lines { lines.append(line) }
        #expect(lines.isEmpty)
    }

    @Test func anUnacceptableStatusIsDecodedBeforeTheBody() async throws {
        struct APIFailure: Error, Equatable { let message: String }
        let client = client(body: Data("quota exceeded".utf8), status: 429) {
            $0.apiErrorDecoder = { response in
                response.statusCode == 429 ? APIFailure(message: String(decoding: response.body, as: UTF8.self)) : nil
            }
        }
        let error = await #expect(throws: HTTPError.self) { try await client.stream(Request<Data>(path: "/a")) }
        guard case .server(let failure as APIFailure)? = error?.kind else {
            Issue.record("expected the API error, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "quota exceeded")
        #expect(error?.statusCode == 429)
    }

    @Test func aBadStatusWithoutDecoderIsAnUnacceptableStatusWithItsBody() async throws {
        let error = await #expect(throws: HTTPError.self) {
            try await client(body: Data("nope".utf8), status: 404).stream(Request<Data>(path: "/a"))
        }
        guard case .unacceptableStatus(404)? = error?.kind else {
            Issue.record("expected unacceptableStatus(404), got \(String(describing: error))")
            return
        }
        #expect(error?.response?.body == Data("nope".utf8))
    }

    @Test func theCallFinishesForEventMonitorsWhenTheBodyEnds() async throws {
        let monitor = FinishCounter()
        let client = client(body: Data("abc".utf8)) { $0.eventMonitors = [monitor] }
        let response = try await client.stream(Request<Data>(path: "/a"))
        _ = try await response.body.collect(upTo: 10)
        try await monitor.waitForFinish()
        #expect(monitor.finished.withLock { $0 } == 1)
    }

    @Test func collectRefusesABodyLongerThanItsLimit() async throws {
        let response = try await client(body: Data(count: 100)).stream(Request<Data>(path: "/a"))
        let error = await #expect(throws: HTTPError.self) { try await response.body.collect(upTo: 10) }
        guard case .validationFailed? = error?.kind else {
            Issue.record("expected validationFailed, got \(String(describing: error))")
            return
        }
    }
}

/// Chunks given up front, as an `AsyncSequence`.
struct ChunkSequence: AsyncSequence, Sendable {
    let chunks: [Data]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks[...]) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: ArraySlice<Data>
        mutating func next() async -> Data? { chunks.popFirst() }
    }
}

/// Counts `requestDidFinish` events.
final class FinishCounter: EventMonitor {
    let finished = Mutex(0)

    func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) {
        finished.withLock { $0 += 1 }
    }

    func waitForFinish() async throws {
        while finished.withLock({ $0 }) == 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
