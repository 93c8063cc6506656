import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RetryPolicy on a scripted transport and a virtual clock")
struct RetryPolicyTests {
    let base = URL(string: "https://api.example.com")!

    func client(_ transport: StubTransport, _ policy: RetryPolicy) -> HTTPClient {
        HTTPClient(baseURL: base, transport: transport) { $0.interceptors = [policy] }
    }

    func policy(_ clock: VirtualClock, maxAttempts: Int = 3, deadline: Duration? = nil) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, backoff: .exponential(base: .seconds(1), cap: .seconds(5), jitter: false),
            deadline: deadline, clock: clock)
    }

    @Test("503 then 200 succeeds on the second attempt, after one backoff wait")
    func retriesThenSucceeds() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503), .status(200)])
        let response = try await client(transport, policy(clock)).send(Request<Data>(path: "/x"))
        #expect(response.statusCode == 200)
        #expect(transport.requestCount == 2)
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test("503 forever ends in retriesExhausted with the attempt count and the last status")
    func exhausted() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy(clock, maxAttempts: 4)).send(Request<Data>(path: "/x"))
        }
        guard case .retriesExhausted(let attempts, let last) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(attempts == 4)
        #expect(error.attempts == 4)
        guard case .unacceptableStatus(503) = last.kind else {
            Issue.record("last was \(last.kind)")
            return
        }
        #expect(error.statusCode == 503)
        #expect(transport.requestCount == 4)
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4)])
        #expect(error.description.contains("after 4 attempts"))
    }

    @Test("A status the request accepts is a success for the policy too: it is not retried")
    func acceptedStatusIsNotRetried() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503), .status(200)])
        let response = try await client(transport, policy(clock)).send(
            Request<Data>(path: "/x").allowed(statusCodes: [503]))
        #expect(response.statusCode == 503)
        #expect(transport.requestCount == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("A status the request does not accept is a failure for the policy too, also below 400")
    func unacceptedStatusBelow400IsAFailure() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(304)])
        let retrier = RetryPolicy.Decision.retryNow
        let policy = policy(clock, maxAttempts: 2).retryDecision { error, _, _ in
            error.statusCode == 304 ? retrier : nil
        }
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy).send(Request<Data>(path: "/x"))
        }
        #expect(transport.requestCount == 2)
        guard case .retriesExhausted(_, let last) = error.kind, case .unacceptableStatus(304) = last.kind else {
            Issue.record("got \(error.kind)")
            return
        }
    }

    @Test("POST is not retried unless the request opts in")
    func nonIdempotent() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let once = StubTransport(script: [.status(503), .status(200)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(once, policy(clock)).send(Request<Data>(method: .post, path: "/x"))
        }
        guard case .unacceptableStatus(503) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(once.requestCount == 1)

        let optedIn = StubTransport(script: [.status(503), .status(200)])
        let response = try await client(optedIn, policy(clock)).send(
            Request<Data>(method: .post, path: "/x").retryable())
        #expect(response.statusCode == 200)
        #expect(optedIn.requestCount == 2)

        let optedOut = StubTransport(script: [.status(503), .status(200)])
        _ = await #expect(throws: HTTPError.self) {
            try await client(optedOut, policy(clock)).send(Request<Data>(path: "/x").retryable(false))
        }
        #expect(optedOut.requestCount == 1)
    }

    @Test("A status that is not retryable reaches the caller as it is, without waiting")
    func notRetryableStatus() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(404)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy(clock)).send(Request<Data>(path: "/x"))
        }
        guard case .unacceptableStatus(404) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(transport.requestCount == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("Retry-After in seconds sets the wait, on virtual time")
    func retryAfterSeconds() async throws {
        let clock = VirtualClock()
        let transport = StubTransport(script: [.status(429, headers: ["Retry-After": "2"]), .status(200)])
        let client = client(transport, policy(clock))
        let call = Task { try await client.send(Request<Data>(path: "/x")) }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeps == [.seconds(2)])
        #expect(transport.requestCount == 1)
        clock.advance(by: .seconds(2))
        #expect(try await call.value.statusCode == 200)
        #expect(transport.requestCount == 2)
    }

    @Test("Retry-After longer than the maximum is cut to the maximum")
    func retryAfterCapped() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503, headers: ["Retry-After": "86400"]), .status(200)])
        var policy = policy(clock)
        policy.maximumRetryAfter = .seconds(30)
        _ = try await client(transport, policy).send(Request<Data>(path: "/x"))
        #expect(clock.sleeps == [.seconds(30)])
    }

    @Test(
        "Transient network errors are retried; others are not",
        arguments: [
            (URLError.Code.networkConnectionLost, true), (.timedOut, true), (.cannotConnectToHost, true),
            (.badURL, false), (.secureConnectionFailed, false), (.badServerResponse, false),
        ])
    func networkErrors(code: URLError.Code, retried: Bool) async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.failure(code)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy(clock)).send(Request<Data>(path: "/x"))
        }
        #expect(error.urlError?.code == code)
        #expect(transport.requestCount == (retried ? 3 : 1))
        if retried {
            guard case .retriesExhausted(3, _) = error.kind else {
                Issue.record("got \(error.kind)")
                return
            }
        } else {
            guard case .transport = error.kind else {
                Issue.record("got \(error.kind)")
                return
            }
        }
    }

    @Test("A retrier can retry with a new request, which is the one sent next")
    func retryWithNewRequest() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(401), .status(200)])
        let policy = policy(clock).retryDecision { error, request, attempt in
            guard error.statusCode == 401, attempt == 1 else { return nil }
            var fresh = request
            fresh.headers["Authorization"] = "Bearer fresh"
            return .retry(with: fresh)
        }
        let response = try await client(transport, policy).send(Request<Data>(method: .post, path: "/x"))
        #expect(response.statusCode == 200)
        #expect(transport.requests.map { $0.headers["Authorization"] } == [nil, "Bearer fresh"])
        #expect(clock.sleeps.isEmpty)
    }

    @Test("Retriers are asked in order; nil leaves the failure to the next one and then to the policy")
    func retrierOrder() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(409), .status(503), .status(200)])
        let policy = RetryPolicy(
            backoff: .exponential(base: .seconds(1), jitter: false),
            retriers: [
                { _, _, _ in nil },
                { error, _, _ in error.statusCode == 409 ? .retryAfter(.seconds(7)) : nil },
                { _, _, _ in .doNotRetry(reason: "never reached for 409") },
            ],
            clock: clock
        )
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy).send(Request<Data>(path: "/x"))
        }
        guard case .retryStopped(let reason, let last) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(reason == "never reached for 409")
        #expect(last.statusCode == 503)
        #expect(transport.requestCount == 2)
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test("A call's own retry decision comes before the policy's, and may retry a POST")
    func perCallRetrier() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503), .status(503), .status(200)])
        let request = Request<Data>(method: .post, path: "/upload").retryDecision { error, _, attempt in
            error.statusCode == 503 && attempt < 3 ? .retryAfter(.seconds(7)) : nil
        }
        let response = try await client(transport, policy(clock)).send(request)
        #expect(response.statusCode == 200)
        #expect(transport.requestCount == 3)
        #expect(clock.sleeps == [.seconds(7), .seconds(7)])

        let stopping = Request<Data>(path: "/x").retryDecision { _, _, _ in .doNotRetry(reason: "not this one") }
        let stopped = StubTransport(script: [.status(503), .status(200)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(stopped, policy(clock)).send(stopping)
        }
        guard case .retryStopped(let reason, _) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(reason == "not this one")
        #expect(stopped.requestCount == 1)
    }

    @Test("A retrier that throws stops the retries with its error as the reason")
    func retrierThrows() async throws {
        struct RefreshFailed: Error, CustomStringConvertible { var description: String { "refresh failed" } }
        let transport = StubTransport(script: [.status(401)])
        let policy = policy(VirtualClock(autoAdvances: true)).retryDecision { _, _, _ in throw RefreshFailed() }
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy).send(Request<Data>(path: "/x"))
        }
        guard case .retryStopped(let reason, let last) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(reason?.contains("refresh failed") == true)
        #expect(last.statusCode == 401)
    }

    @Test("Cancelling the task during a backoff wait ends the call at once as cancelled")
    func cancelDuringBackoff() async throws {
        let clock = VirtualClock()
        let transport = StubTransport(script: [.status(503)])
        let client = client(transport, policy(clock))
        let call = Task { try await client.send(Request<Data>(path: "/x")) }
        try await clock.waitForSleepers(1)
        call.cancel()
        let error = try await #require(throws: HTTPError.self) { try await call.value }
        #expect(error.isCancelled)
        #expect(transport.requestCount == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test("A wait that would end after the deadline fails at once with a timeout")
    func deadlineBeforeWait() async throws {
        let clock = VirtualClock()
        let transport = StubTransport(script: [.status(503, headers: ["Retry-After": "10"]), .status(200)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, policy(clock, deadline: .seconds(5))).send(Request<Data>(path: "/x"))
        }
        #expect(error.isTimeout)
        #expect(error.statusCode == 503)
        #expect(error.description.contains("deadline of 5 s"))
        #expect(transport.requestCount == 1)
        #expect(clock.now == VirtualClock.Instant(offset: .zero))
    }

    @Test("The deadline cuts a hanging attempt short with a timeout")
    func deadlineDuringAttempt() async throws {
        let clock = VirtualClock()
        let transport = StubTransport(script: [.hang])
        let client = client(transport, policy(clock, deadline: .seconds(5)))
        let call = Task { try await client.send(Request<Data>(path: "/x")) }
        try await clock.waitForSleepers(1)
        try await waitUntil("the attempt to start") { transport.requestCount == 1 }
        clock.advance(by: .seconds(5))
        let error = try await #require(throws: HTTPError.self) { try await call.value }
        #expect(error.isTimeout)
        #expect(error.attempts == 1)
        #expect(error.description.contains("deadline"))
    }
}
