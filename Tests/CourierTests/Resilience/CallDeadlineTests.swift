import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@Suite("Request.deadline: a limit on the whole call, kept by RetryPolicy")
struct CallDeadlineTests {
    let base = URL(string: "https://api.example.com")!

    func client(_ transport: StubTransport, deadline: Duration? = nil, clock: VirtualClock) -> HTTPClient {
        HTTPClient(baseURL: base, transport: transport) {
            $0.interceptors = [
                RetryPolicy(
                    maxAttempts: 10, backoff: .exponential(base: .seconds(1), cap: .seconds(1), jitter: false),
                    deadline: deadline, clock: clock)
            ]
        }
    }

    @Test("A request's deadline stops the retries of a policy that has none: fewer attempts, a timeout")
    func requestDeadlineStopsRetries() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, clock: clock).send(Request<Data>(path: "/x").deadline(.milliseconds(2500)))
        }
        // Attempts at 0 s, 1 s and 2 s; the wait after the third would end at 3 s, past 2.5 s.
        #expect(error.isTimeout)
        #expect(transport.requestCount == 3)
        #expect(error.description.contains("deadline of 2.5 s"))
        #expect(error.statusCode == 503)
    }

    @Test("The earlier of the policy's deadline and the request's wins")
    func earlierDeadlineWins() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, deadline: .milliseconds(1500), clock: clock)
                .send(Request<Data>(path: "/x").deadline(.seconds(30)))
        }
        #expect(error.isTimeout)
        #expect(transport.requestCount == 2)
        #expect(error.description.contains("deadline of 1.5 s"))
    }

    @Test("Without a deadline the policy makes all its attempts")
    func noDeadline() async throws {
        let clock = VirtualClock(autoAdvances: true)
        let transport = StubTransport(script: [.status(503)])
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport, clock: clock).send(Request<Data>(path: "/x"))
        }
        #expect(!error.isTimeout)
        #expect(transport.requestCount == 10)
    }
}
