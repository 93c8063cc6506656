import Courier
import Foundation
import TestSupport
import Testing

/// What the runner returns, and nothing it leaves behind: the request as the transport was handed
/// it, and a download written to its file by the transport, reach the caller, the error and the
/// metrics as return values.
@Suite("The runner's one outcome")
struct PipelineOutcomeTests {
    @Test(
        "A download the transport writes to its file counts those bytes in the attempt's metrics",
        arguments: TransportUnderTest.allCases)
    func downloadMetrics(transport: TransportUnderTest) async throws {
        let monitor = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make()) {
            $0.eventMonitors = [monitor]
        }
        let folder = try makeTemporaryFolder("courier-outcome")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("body.bin")

        let saved = try await client.download(Request(path: "/download/300000"), to: destination).response
        #expect(try Data(contentsOf: saved.value).count == 300_000)
        // The body went to the file, not to memory: the response says so, and the metrics count it.
        #expect(saved.raw.body.isEmpty)
        try await monitor.waitForFinishes(1)
        let metrics = try #require(monitor.metrics.first)
        #expect(metrics.attempts.map(\.bytesReceived) == [300_000], "\(metrics)")
        #expect(metrics.bytesReceived == 300_000)
    }

    @Test("A failure after an interceptor rewrote the request names the request the transport was handed")
    func failureNamesTheSentRequest() async throws {
        let closed = try LoopbackPort.unused()
        let rewritten = try #require(URL(string: "http://127.0.0.1:\(closed)/rewritten"))
        let monitor = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try CurlTransport()) {
            $0.interceptors = [.adapt { $0.url = rewritten }]
            $0.eventMonitors = [monitor]
        }
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/original"))
        }
        #expect(error.isTransport && error.isConnectivity, "\(error)")
        #expect(error.url == rewritten, "\(error)")
        #expect(error.attempts == 1)
    }

    @Test("A response names the request as sent, after every interceptor")
    func responseNamesTheSentRequest() async throws {
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try CurlTransport()) {
            $0.interceptors = [.adapt { $0.headers["X-Added"] = "by an interceptor" }]
        }
        let response = try await client.send(Request<Data>(path: "/download/10"))
        #expect(response.request.headers["X-Added"] == "by an interceptor")
        #expect(response.value.count == 10)
    }
}
