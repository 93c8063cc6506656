import Courier
import Foundation
import Synchronization

/// Reddit's rate-limit budget as last reported by the `X-Ratelimit-*` headers.
public struct RateLimitStatus: Sendable, Hashable {
    /// Requests left in the window (Reddit sends a decimal such as `"596.0"`).
    public var remaining: Double
    /// Requests used in the window.
    public var used: Int?
    /// Time until the window resets, as of the response that reported it.
    public var resetsIn: Duration
}

/// How the client paces requests to stay within Reddit's budget (the `X-Ratelimit-*` headers and
/// 429s). A write that Reddit refuses with `RATELIMIT` is ``WriteRetryPolicy``'s business.
public struct RateLimitPolicy: Sendable, Hashable {
    /// Below this many remaining requests, requests are spread evenly over the time left.
    public var spreadBelow: Double
    /// The longest pause spreading inserts between two requests.
    public var maxSpreadDelay: Duration
    /// How many times a GET is retried after a 429, waiting `Retry-After` each time.
    public var retriesAfterTooManyRequests: Int
    /// The wait after a 429 without `Retry-After`.
    public var defaultRetryAfter: Duration
    /// Never wait longer than this for a 429 (a longer `Retry-After` fails the call instead).
    public var maxRetryAfter: Duration

    /// Creates a policy.
    public init(
        spreadBelow: Double = 10, maxSpreadDelay: Duration = .seconds(10), retriesAfterTooManyRequests: Int = 1,
        defaultRetryAfter: Duration = .seconds(2), maxRetryAfter: Duration = .seconds(60)
    ) {
        self.spreadBelow = spreadBelow
        self.maxSpreadDelay = maxSpreadDelay
        self.retriesAfterTooManyRequests = retriesAfterTooManyRequests
        self.defaultRetryAfter = defaultRetryAfter
        self.maxRetryAfter = maxRetryAfter
    }

    /// Spread below 10 remaining requests, at most 10 s apart (as prawcore does); retry a 429 once.
    public static let `default` = RateLimitPolicy()
}

/// Paces requests by Reddit's `X-Ratelimit-*` headers: waits for the reset when the budget is
/// spent, spreads requests when it is nearly spent, and obeys `Retry-After` on a 429.
///
/// The state (what the last response said) is kept under a lock; waiting happens outside it on
/// the injected clock.
final class RateLimiter<C: Clock>: Interceptor where C.Duration == Duration {
    struct State {
        var remaining: Double?
        var used: Int?
        var resetAt: C.Instant?
        var resetsIn: Duration = .zero
        /// No request may start before this (set by a 429).
        var blockedUntil: C.Instant?
        /// The next free slot when spreading.
        var nextSlot: C.Instant?
    }

    let clock: C
    let policy: RateLimitPolicy
    /// A budget shared with other clients; when set, it decides when a request may go (this
    /// limiter still obeys a 429's `Retry-After`).
    let shared: (any RateBudgetStore)?
    private let state = Mutex(State())

    init(clock: C, policy: RateLimitPolicy, shared: (any RateBudgetStore)? = nil) {
        self.clock = clock
        self.policy = policy
        self.shared = shared
    }

    var status: RateLimitStatus? {
        state.withLock { state in
            state.remaining.map { RateLimitStatus(remaining: $0, used: state.used, resetsIn: state.resetsIn) }
        }
    }

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        var retries = 0
        while true {
            if let wait = reserve() { try await clock.sleep(until: wait, tolerance: nil) }
            if let shared {
                while let wait = await shared.take() {
                    try await clock.sleep(until: clock.now.advanced(by: wait), tolerance: nil)
                }
            }
            let response = try await next(request)
            let (retryAfter, status) = record(response)
            if let shared, let status { await shared.record(status) }
            guard response.statusCode == 429, request.method == .get, retries < policy.retriesAfterTooManyRequests,
                let retryAfter, retryAfter <= policy.maxRetryAfter
            else { return response }
            retries += 1
        }
    }

    /// Takes one request from the budget; returns when it may be sent, or nil for now.
    private func reserve() -> C.Instant? {
        let now = clock.now
        return state.withLock { state -> C.Instant? in
            var start = now
            if let blocked = state.blockedUntil, blocked > start { start = blocked }
            // A shared budget paces the requests; only a 429's wait applies here.
            guard shared == nil else { return start > now ? start : nil }
            if let resetAt = state.resetAt, resetAt <= start {
                // The window has reset: the old numbers no longer apply.
                state.remaining = nil
                state.resetAt = nil
                state.nextSlot = nil
            }
            if let remaining = state.remaining, let resetAt = state.resetAt {
                if remaining < 1 {
                    start = max(start, resetAt)
                } else if remaining < policy.spreadBelow {
                    let interval = min(start.duration(to: resetAt) / remaining, policy.maxSpreadDelay)
                    if let slot = state.nextSlot, slot > start { start = slot }
                    state.nextSlot = start.advanced(by: interval)
                }
                state.remaining = max(remaining - 1, 0)
            }
            return start > now ? start : nil
        }
    }

    /// Reads the budget from a response; returns the wait a 429 asks for and the budget reported.
    private func record(_ response: HTTPResponse) -> (Duration?, RateLimitStatus?) {
        let now = clock.now
        let headers = response.headers
        let remaining = headers["X-Ratelimit-Remaining"].flatMap(Self.number)
        let reset = headers["X-Ratelimit-Reset"].flatMap(Self.number)
        let used = headers["X-Ratelimit-Used"].flatMap(Self.number).map { Int($0) }
        var retryAfter: Duration?
        if response.statusCode == 429 {
            retryAfter = RetryAfter.delay(in: headers) ?? policy.defaultRetryAfter
        }
        state.withLock { state in
            if let remaining, let reset {
                state.remaining = remaining
                state.used = used
                state.resetsIn = .seconds(reset)
                // Reddit sends whole seconds, rounded down: the window may last up to one more,
                // and a request sent at the rounded time meets a 429.
                state.resetAt = now.advanced(by: .seconds(reset + 1))
            }
            if let retryAfter {
                let until = now.advanced(by: retryAfter)
                if state.blockedUntil.map({ $0 < until }) ?? true { state.blockedUntil = until }
            }
        }
        let status = remaining.flatMap { remaining in
            reset.map { RateLimitStatus(remaining: remaining, used: used, resetsIn: .seconds($0)) }
        }
        return (retryAfter, status)
    }

    /// A header number; Reddit sends decimals as strings (`"596.0"`). Negative or non-finite values are ignored.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else {
            return nil
        }
        return value
    }
}
