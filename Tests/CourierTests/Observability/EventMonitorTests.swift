import Courier
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Courier

@Suite("Event monitors")
struct EventMonitorTests {
    @Test("A request retried twice then successful reports every event in order, with attempt numbers")
    func retriedTwice() async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults()) {
            $0.interceptors = [RetryOnServerError(maxAttempts: 5)]
            $0.eventMonitors = [recorder]
        }
        let key = uniqueKey("retry")
        let response = try await client.send(
            Request<JSON>(
                path: "/flaky/\(key)", query: [.init(name: "fail", value: "2"), .init(name: "status", value: "503")]))
        #expect(response.value["hits"] == 3)
        try await recorder.waitForFinishes(1)
        #expect(
            recorder.events() == [
                .start,
                .send(attempt: 1), .receive(attempt: 1, status: 503), .retry(attempt: 2, reason: "status 503"),
                .send(attempt: 2), .receive(attempt: 2, status: 503), .retry(attempt: 3, reason: "status 503"),
                .send(attempt: 3), .receive(attempt: 3, status: 200),
                .decoded, .finish(attempts: 3),
            ])
        let metrics = try #require(recorder.metrics.first)
        #expect(metrics.attempts.map(\.number) == [1, 2, 3])
        #expect(metrics.attempts.map(\.statusCode) == [503, 503, 200])
        #expect(metrics.statusCode == 200 && metrics.succeeded && !metrics.joinedInFlightRequest)
        #expect(metrics.bytesReceived == Int64(response.data.count) + metrics.attempts[0].bytesReceived * 2)
        #expect(metrics.end >= metrics.start)
        #expect(metrics.attempts.allSatisfy { $0.duration > .zero && $0.duration <= metrics.duration })
    }

    @Test("Several monitors each see every event")
    func severalMonitors() async throws {
        let first = RecordingMonitor()
        let second = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.eventMonitors = [first, second] }
        _ = try await client.send(
            Request<Data>(
                method: .post, path: "/post", body: .data(Data(count: 1000), contentType: "application/octet-stream")))
        try await first.waitForFinishes(1)
        try await second.waitForFinishes(1)
        #expect(
            first.events() == [
                .start, .send(attempt: 1), .receive(attempt: 1, status: 200), .decoded, .finish(attempts: 1),
            ])
        #expect(second.events() == first.events())
        #expect(first.metrics.first?.bytesSent == 1000)
    }

    @Test("A transport failure reports the failed attempt, the error and the metrics")
    func transportFailure() async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults()) { $0.eventMonitors = [recorder] }
        await #expect(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/reset-before")) }
        try await recorder.waitForFinishes(1)
        #expect(
            recorder.events() == [.start, .send(attempt: 1), .attemptFailed(attempt: 1), .failed, .finish(attempts: 1)])
        let metrics = try #require(recorder.metrics.first)
        #expect(metrics.error?.isTransport == true)
        #expect(metrics.attempts.first?.statusCode == nil)
    }

    @Test("A request that cannot be built reports only its failure")
    func invalidRequest() async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: nil) { $0.eventMonitors = [recorder] }
        await #expect(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/relative")) }
        try await waitUntil("a lone failure event") { recorder.events() == [.failed] }
    }

    @Test("A slow monitor does not hold up the request")
    func slowMonitorDoesNotBlock() async throws {
        let gate = Gate()
        let blocking = BlockingMonitor(gate: gate)
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.eventMonitors = [blocking, recorder] }
        // The blocking monitor is stuck in its first event until the gate opens; both calls finish anyway.
        _ = try await client.send(Request<Data>(path: "/get"))
        _ = try await client.send(Request<Data>(path: "/get"))
        try await recorder.waitForFinishes(2)
        #expect(blocking.seen.withLock { $0 } == 1)
        gate.open()
        try await waitUntil("the blocked monitor to catch up on all 10 events") { blocking.seen.withLock { $0 } == 10 }
    }

    @Test(
        "Monitors blocked in their methods, more of them than the machine has cores, hold up no task",
        .timeLimit(.minutes(4)))
    func blockedMonitorsLeaveThePoolFree() async throws {
        let gate = Gate()
        // Each is stuck in its first event until the gate opens. Were their methods called from
        // tasks, they would hold every thread of the cooperative pool and nothing below could run.
        // They give up after 150 s, so that the old way fails this test on its own instead of
        // stalling the whole test process. (Not sooner: while the whole suite starts, this test's
        // own tasks can wait 50 s and more for the pool that hundreds of others share.)
        let monitors = (0..<(ProcessInfo.processInfo.activeProcessorCount + 2)).map { _ in
            BlockingMonitor(gate: gate, patience: .seconds(150))
        }
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.eventMonitors = monitors }
        _ = try await client.send(Request<Data>(path: "/get"))
        try await waitUntil("every monitor is in its first event") {
            monitors.allSatisfy { $0.seen.withLock { $0 } == 1 }
        }
        // Tasks still run, and a second call finishes, while every monitor is blocked.
        let sums = await withTaskGroup(of: Int.self) { group in
            for value in 1...8 { group.addTask { value * value } }
            return await group.reduce(0, +)
        }
        #expect(sums == 204)
        _ = try await client.send(Request<Data>(path: "/get"))
        #expect(monitors.allSatisfy { !$0.gaveUp.withLock { $0 } }, "the calls waited for the monitors")
        gate.open()
        try await waitUntil("every monitor caught up on the 10 events of both calls") {
            monitors.allSatisfy { $0.seen.withLock { $0 } == 10 }
        }
    }

    @Test("RetryPolicy reports each retry with the next attempt's number, its delay and the reason")
    func retryPolicyReportsRetries() async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: URLSessionTransport()) {
            $0.interceptors = [
                RetryPolicy(maxAttempts: 3, backoff: .exponential(base: .milliseconds(1), jitter: false))
            ]
            $0.eventMonitors = [recorder]
        }
        let key = uniqueKey("policy")
        _ = try await client.send(
            Request<JSON>(
                path: "/flaky/\(key)", query: [.init(name: "fail", value: "2"), .init(name: "status", value: "503")]))
        try await recorder.waitForFinishes(1)
        let reason = "unacceptable status 503 Service Unavailable"
        #expect(
            recorder.events() == [
                .start,
                .send(attempt: 1), .receive(attempt: 1, status: 503), .retry(attempt: 2, reason: reason),
                .send(attempt: 2), .receive(attempt: 2, status: 503), .retry(attempt: 3, reason: reason),
                .send(attempt: 3), .receive(attempt: 3, status: 200),
                .decoded, .finish(attempts: 3),
            ])
    }

    @Test("A call that joins an identical one in flight is marked joined in its metrics")
    func joinedMetric() async throws {
        let recorder = RecordingMonitor()
        let server = try FaultServer()
        let client = HTTPClient(baseURL: server.url, transport: server.transport) { $0.eventMonitors = [recorder] }
        let key = uniqueKey("joined")
        let request = Request<Data>(path: "/gate/\(key)").deduplicated(.useCurrentIfPossible)
        let calls = (0..<2).map { _ in Task { try await client.send(request) } }
        try await waitUntil("both calls waiting on one request") { client.deduplication.inFlight.waiterCount == 2 }
        try await server.open(key)
        for call in calls { _ = try await call.value }
        try await recorder.waitForFinishes(2)
        let metrics = recorder.metrics
        #expect(metrics.filter(\.joinedInFlightRequest).count == 1)
        #expect(metrics.first { $0.joinedInFlightRequest }?.attempts.isEmpty == true)
        #expect(metrics.first { !$0.joinedInFlightRequest }?.attempts.count == 1)
    }
}

/// A monitor whose first event blocks its thread until the gate opens, or for `patience` at most
/// when given (then it notes that it gave up: the gate was not opened in time).
final class BlockingMonitor: EventMonitor {
    let gate: Gate
    let patience: Duration?
    let seen = Mutex(0)
    let gaveUp = Mutex(false)
    init(gate: Gate, patience: Duration? = nil) {
        self.gate = gate
        self.patience = patience
    }

    private func event() {
        let first = seen.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        guard first else { return }
        let deadline = patience.map { ContinuousClock.now + $0 }
        while !gate.isOpen {
            if let deadline, ContinuousClock.now >= deadline { return gaveUp.withLock { $0 = true } }
            usleep(1000)
        }
    }

    func requestDidStart(_ request: HTTPRequest, requestID: UInt64) { event() }
    func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64) { event() }
    func requestDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) { event() }
    func requestDidDecode(_ value: any Sendable, requestID: UInt64) { event() }
    func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) { event() }
}
