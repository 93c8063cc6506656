import Courier
import Foundation
import Synchronization
import Testing
import TestSupport

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
        let response = try await client.send(Request<JSON>(path: "/flaky/\(key)", query: [.init(name: "fail", value: "2"), .init(name: "status", value: "503")]))
        #expect(response.value["hits"] == 3)
        #expect(await recorder.waitForFinishes(1))
        #expect(recorder.events() == [
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
        let first = RecordingMonitor(), second = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.httpbin()) { $0.eventMonitors = [first, second] }
        _ = try await client.send(Request<Data>(method: .post, path: "/post", body: .data(Data(count: 1000), contentType: "application/octet-stream")))
        #expect(await first.waitForFinishes(1))
        #expect(await second.waitForFinishes(1))
        #expect(first.events() == [.start, .send(attempt: 1), .receive(attempt: 1, status: 200), .decoded, .finish(attempts: 1)])
        #expect(second.events() == first.events())
        #expect(first.metrics.first?.bytesSent == 1000)
    }

    @Test("A transport failure reports the failed attempt, the error and the metrics")
    func transportFailure() async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: try TestServers.faults()) { $0.eventMonitors = [recorder] }
        await #expect(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/reset-before")) }
        #expect(await recorder.waitForFinishes(1))
        #expect(recorder.events() == [.start, .send(attempt: 1), .attemptFailed(attempt: 1), .failed, .finish(attempts: 1)])
        let metrics = try #require(recorder.metrics.first)
        #expect(metrics.error?.kind.isTransport == true)
        #expect(metrics.attempts.first?.statusCode == nil)
    }

    @Test("A request that cannot be built reports only its failure")
    func invalidRequest() async throws {
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: nil) { $0.eventMonitors = [recorder] }
        await #expect(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/relative")) }
        #expect(await eventually { recorder.events() == [.failed] })
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
        #expect(await recorder.waitForFinishes(2))
        #expect(blocking.seen.withLock { $0 } == 1)
        gate.open()
        #expect(await eventually { blocking.seen.withLock { $0 } == 10 })
    }

    @Test("Joining an in-flight request shows in the metrics")
    func joinedMetric() async throws {
        struct Joining: Interceptor {
            func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPRawResponse {
                context.markJoinedInFlightRequest()
                return HTTPRawResponse(statusCode: 200, body: Data("{}".utf8), url: request.url)
            }
        }
        let recorder = RecordingMonitor()
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:9")!) {
            $0.interceptors = [Joining()]
            $0.eventMonitors = [recorder]
        }
        _ = try await client.send(Request<Data>(path: "/x"))
        #expect(await recorder.waitForFinishes(1))
        #expect(recorder.metrics.first?.joinedInFlightRequest == true)
        #expect(recorder.metrics.first?.attempts.isEmpty == true)
    }
}

/// Opens once; `wait()` returns when it is open.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}

/// A monitor whose first event blocks its thread until the gate opens.
final class BlockingMonitor: EventMonitor {
    let gate: Gate
    let seen = Mutex(0)
    init(gate: Gate) { self.gate = gate }

    private func event() {
        let first = seen.withLock { count -> Bool in
            count += 1
            return count == 1
        }
        if first { while !gate.isOpen { usleep(1000) } }
    }

    func requestDidStart(_ request: HTTPRequest, requestID: UInt64) { event() }
    func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64) { event() }
    func requestDidReceive(_ response: HTTPRawResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64) { event() }
    func requestDidDecode(_ value: any Sendable, requestID: UInt64) { event() }
    func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) { event() }
}
