import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retries against the fault server")
struct RetryIntegrationTests {
    let server: FaultServer

    init() throws { server = try FaultServer() }

    func client(_ policy: RetryPolicy) -> HTTPClient {
        HTTPClient(baseURL: server.url, transport: server.transport) { $0.interceptors = [policy] }
    }

    func quickPolicy(
        maxAttempts: Int = 3, deadline: Duration? = nil, clock: VirtualClock = VirtualClock(autoAdvances: true)
    ) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, backoff: .exponential(base: .milliseconds(100)), deadline: deadline, clock: clock)
    }

    @Test("503 then 200: the second attempt succeeds")
    func flakyThenOK() async throws {
        let key = uniqueKey("flaky")
        let response = try await client(quickPolicy()).send(
            Request<FaultServer.Hit>(path: "/flaky/\(key)?fail=1&status=503"))
        #expect(response.value.hits == 2)
    }

    @Test("503 forever: retries exhausted after maxAttempts, each attempt seen by the server")
    func flakyForever() async throws {
        let key = uniqueKey("forever")
        let error = try await #require(throws: HTTPError.self) {
            try await client(quickPolicy(maxAttempts: 3)).send(
                Request<Data>(path: "/flaky/\(key)?fail=1000&status=503"))
        }
        guard case .retriesExhausted(3, let last) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(last.statusCode == 503)
        #expect(try await server.hits(key).hits == 3)
    }

    @Test("POST 503 is not retried unless opted in")
    func post() async throws {
        let key = uniqueKey("post")
        let error = try await #require(throws: HTTPError.self) {
            try await client(quickPolicy()).send(
                Request<Data>(method: .post, path: "/flaky/\(key)?fail=1&status=503", body: .form(["a": "1"])))
        }
        #expect(error.statusCode == 503)
        #expect(try await server.hits(key).hits == 1)

        let optedIn = uniqueKey("post-opt")
        let response = try await client(quickPolicy()).send(
            Request<FaultServer.Hit>(
                method: .post, path: "/flaky/\(optedIn)?fail=1&status=503", body: .form(["a": "1"])
            ).retryable()
        )
        #expect(response.value.hits == 2)
    }

    @Test(
        "429 with Retry-After: the next attempt waits exactly that long on the clock",
        arguments: [
            ("2", Duration.seconds(2)), ("date:3", Duration.seconds(3)),
        ])
    func retryAfter(header: String, expected: Duration) async throws {
        let key = uniqueKey("ra")
        let clock = VirtualClock()
        let client = client(RetryPolicy(clock: clock))
        let call = Task {
            try await client.send(
                Request<FaultServer.Hit>(path: "/flaky/\(key)?fail=1&status=429&retry_after=\(header)"))
        }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeps == [expected])
        #expect(try await server.hits(key).hits == 1)
        clock.advance(by: expected)
        #expect(try await call.value.value.hits == 2)
    }

    @Test("A retrier's new request reaches the server with its new header")
    func retryWithNewHeader() async throws {
        let key = uniqueKey("fresh")
        let policy = quickPolicy().retryDecision { error, request, _ in
            guard error.statusCode == 401 else { return nil }
            var fresh = request
            fresh.headers["X-Token"] = "fresh"
            return .retry(with: fresh)
        }
        let response = try await client(policy).send(Request<FaultServer.Hit>(path: "/flaky/\(key)?fail=1&status=401"))
        #expect(response.value.hits == 2)
        #expect(response.value.headers?["X-Token"] == "fresh")
    }
}
