#if os(Linux)
import Courier
import Foundation
import TestSupport
import Testing

/// Where the time of a call went, as CurlTransport measures it against real servers.
@Suite("Request phases and connection gauges of CurlTransport")
struct RequestPhasesTests {
    /// The phases of the only attempt of the only call `monitor` saw.
    private func onlyPhases(_ monitor: RecordingMonitor) async throws -> PhaseTimings {
        try await monitor.waitForFinishes(1)
        let attempts = try #require(monitor.metrics.first?.attempts)
        try #require(attempts.count == 1)
        return try #require(attempts[0].timings, "CurlTransport reports phases")
    }

    @Test("A server that delays its headers by 300 ms shows it as time to the first byte")
    func delayedHeaders() async throws {
        let monitor = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try CurlTransport()) {
            $0.eventMonitors = [monitor]
        }
        _ = try await client.send(
            Request<JSON>(path: "/count/\(uniqueKey("phases"))", query: [.init(name: "delay", value: "0.3")]))
        let phases = try await onlyPhases(monitor)
        let attempt = try #require(monitor.metrics.first?.attempts.first)
        #expect(phases.firstResponseByte >= .milliseconds(300), "\(phases)")
        #expect(!phases.reusedConnection, "\(phases)")
        // The phases cover the attempt and no more than it.
        #expect(phases.total <= attempt.duration + .milliseconds(5), "\(phases) vs \(attempt.duration)")
        #expect(phases.total >= .milliseconds(300), "\(phases)")
    }

    @Test("Over TLS, a new connection shows connect and handshake time; a reused one shows none")
    func reusedConnection() async throws {
        let monitor = RecordingMonitor()
        let authority = URL(fileURLWithPath: try TestServers.url(from: "COURIER_TLS_CA").path)
        let transport = try CurlTransport(timeout: .seconds(30), threads: 1, certificateAuthorities: authority)
        let client = HTTPClient(baseURL: try TestServers.url(from: "COURIER_TLS_URL"), transport: transport) {
            $0.eventMonitors = [monitor]
        }
        let first = try await client.send(Request<String>(path: "/connection")).value
        let second = try await client.send(Request<String>(path: "/connection")).value
        #expect(first == second, "the second request went over the first one's connection")
        try await monitor.waitForFinishes(2)
        let phases = monitor.metrics.sorted { $0.start < $1.start }.compactMap { $0.attempts.first?.timings }
        try #require(phases.count == 2)
        #expect(!phases[0].reusedConnection && phases[0].connect > .zero, "\(phases[0])")
        #expect(phases[0].secureConnection > .zero, "\(phases[0])")
        #expect(phases[1].reusedConnection, "\(phases[1])")
        #expect(phases[1].domainLookup == .zero && phases[1].connect == .zero, "\(phases[1])")
        #expect(phases[1].secureConnection == .zero, "\(phases[1])")
    }

    @Test(
        "20 calls over a limit of 2 connections: the gauges show them queued, and so does their queue time",
        .timeLimit(.minutes(2)))
    func queuedBehindTheLimit() async throws {
        let monitor = RecordingMonitor()
        let server = try TestServers.faults()
        let transport = try CurlTransport(maximumConnectionsPerHost: 2, threads: 1)
        let client = HTTPClient(baseURL: server, transport: transport) { $0.eventMonitors = [monitor] }
        let key = uniqueKey("queue")
        let calls = Task { try await sendConcurrently(20, to: client, key: key, delay: "0.2") }
        let origin = "http://\(server.host ?? ""):\(server.port ?? 80)"
        try await waitUntil("the gauges show requests waiting for one of 2 connections") {
            let gauge = transport.connectionGauges()[origin]
            return (gauge?.queued ?? 0) > 0 && (gauge?.active ?? 0) == 2 && (gauge?.open ?? 0) == 2
        }
        let running = transport.connectionGauges()[origin]
        #expect(running.map { $0.open <= 2 && $0.idle == 0 } == true, "\(String(describing: running))")
        #expect(try await calls.value.sorted() == Array(1...20))

        try await monitor.waitForFinishes(20)
        let queued = monitor.metrics.compactMap { $0.attempts.first?.phases?.queued }
        #expect(queued.count == 20)
        // Two go at once; each other one waits for at least one 200 ms answer before it.
        #expect(queued.filter { $0 >= .milliseconds(150) }.count >= 18, "\(queued)")
        #expect(queued.max().map { $0 >= .milliseconds(1500) } == true, "\(queued)")
        // Afterwards the two connections stay open, idle, for the next calls.
        let after = transport.connectionGauges()[origin]
        #expect(
            after.map { [$0.open, $0.idle, $0.active, $0.queued] } == [2, 2, 0, 0], "\(String(describing: after))")
    }

    @Test("Phases read as one line and add up")
    func description() {
        let phases = PhaseTimings(
            queued: .milliseconds(1), connect: .milliseconds(2), firstResponseByte: .milliseconds(3),
            reusedConnection: true)
        #expect(phases.total == .milliseconds(6))
        #expect(
            phases.description
                == "queued=1.0ms dns=0.0ms connect=2.0ms tls=0.0ms sent=0.0ms firstByte=3.0ms body=0.0ms reused")
    }
}
#endif
