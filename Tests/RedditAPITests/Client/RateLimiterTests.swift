import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// Rate-limit waits on a manual clock: nothing here sleeps for real.
@Suite struct RateLimiterTests {
    /// A transport that answers with the rate-limit headers `headers(n)` for the n-th request (from 0).
    static func transport(_ headers: @escaping @Sendable (Int) -> (status: Int, headers: HTTPHeaders)) -> StubTransport
    {
        let counter = Mutex(0)
        return StubTransport { request in
            let n = counter.withLock { value -> Int in
                defer { value += 1 }
                return value
            }
            let answer = headers(n)
            var headers = answer.headers
            headers["Content-Type"] = "application/json"
            return HTTPResponse(statusCode: answer.status, headers: headers, body: Data("{}".utf8), url: request.url)
        }
    }

    static func client(_ transport: StubTransport, clock: VirtualClock) throws -> RedditClient {
        RedditClient(userAgent: try testAgent(), authentication: .bearer("t"), transport: transport, clock: clock)
    }

    static let ping = Request<Void>(path: "/api/v1/me")

    @Test func readsDecimalStrings() async throws {
        let transport = Self.transport { _ in
            (200, ["X-Ratelimit-Remaining": "596.0", "X-Ratelimit-Used": "4", "X-Ratelimit-Reset": "297"])
        }
        let client = try Self.client(transport, clock: VirtualClock())
        try await client.send(Self.ping)
        #expect(client.rateLimit == RateLimitStatus(remaining: 596, used: 4, resetsIn: .seconds(297)))
    }

    @Test func waitsForTheResetWhenTheBudgetIsSpent() async throws {
        let clock = VirtualClock()
        let transport = Self.transport { _ in
            (200, ["X-Ratelimit-Remaining": "0.0", "X-Ratelimit-Used": "600", "X-Ratelimit-Reset": "30"])
        }
        let client = try Self.client(transport, clock: clock)
        try await client.send(Self.ping)
        let second = Task { try await client.send(Self.ping) }
        try await clock.waitForSleepers(1)
        #expect(transport.requests.count == 1)
        // The reset is whole seconds rounded down: a second more, or the window may not have ended.
        #expect(clock.sleeps == [.seconds(31)])
        clock.advance(by: .seconds(30))
        #expect(clock.sleeperCount == 1 && transport.requests.count == 1)
        clock.advance(by: .seconds(1))
        try await second.value
        #expect(transport.requests.count == 2)
    }

    @Test func spreadsRequestsWhenTheBudgetIsNearlySpent() async throws {
        let clock = VirtualClock()
        // 5 left with 50 s to go: one request every 10 s.
        let transport = Self.transport { _ in
            (200, ["X-Ratelimit-Remaining": "5", "X-Ratelimit-Used": "595", "X-Ratelimit-Reset": "50"])
        }
        let client = try Self.client(transport, clock: clock)
        try await client.send(Self.ping)
        try await client.send(Self.ping)  // takes the free slot now
        let third = Task { try await client.send(Self.ping) }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeps == [.seconds(10)])
        clock.advance(by: .seconds(10))
        try await third.value
        #expect(transport.requests.count == 3)
    }

    @Test func plentyOfBudgetMeansNoWaiting() async throws {
        let clock = VirtualClock()
        let transport = Self.transport { _ in
            (200, ["X-Ratelimit-Remaining": "994", "X-Ratelimit-Used": "6", "X-Ratelimit-Reset": "500"])
        }
        let client = try Self.client(transport, clock: clock)
        for _ in 0..<5 { try await client.send(Self.ping) }
        #expect(clock.sleeps.isEmpty)
    }

    @Test func obeysRetryAfterOn429() async throws {
        let clock = VirtualClock()
        let transport = Self.transport { n in n == 0 ? (429, ["Retry-After": "7"]) : (200, [:]) }
        let client = try Self.client(transport, clock: clock)
        let call = Task { try await client.send(Self.ping) }
        try await clock.waitForSleepers(1)
        #expect(clock.sleeps == [.seconds(7)])
        #expect(transport.requests.count == 1)
        clock.advance(by: .seconds(7))
        try await call.value
        #expect(transport.requests.count == 2)
    }

    @Test func a429ThatKeepsComingIsReported() async throws {
        let clock = VirtualClock()
        let transport = Self.transport { _ in (429, ["Retry-After": "3"]) }
        let client = try Self.client(transport, clock: clock)
        let call = Task { try await client.send(Self.ping) }
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(3))
        let result = await call.result
        guard case .failure(let error as HTTPError) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.redditError?.kind == .rateLimited(retryAfter: 3))
        #expect(transport.requests.count == 2)
    }
}
