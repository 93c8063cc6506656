import Foundation

extension RetryPolicy {
    /// How long to wait before retry number n: exponential growth from a base, capped, with jitter.
    ///
    /// With full jitter (the default) the wait is a random duration between zero and
    /// `min(cap, base × 2ⁿ⁻¹)`, which spreads out clients that failed together instead of having
    /// them retry in lockstep.
    public struct Backoff: Sendable, Equatable {
        /// The wait before the first retry (before jitter).
        public var base: Duration
        /// The longest wait (before jitter).
        public var cap: Duration
        /// Whether the wait is randomised: true (full jitter) waits a uniformly random duration
        /// between zero and the computed one, false exactly the computed one.
        public var jitter: Bool

        /// Creates an exponential backoff.
        public init(base: Duration = .milliseconds(500), cap: Duration = .seconds(30), jitter: Bool = true) {
            self.base = base
            self.cap = cap
            self.jitter = jitter
        }

        /// Exponential backoff, with full jitter unless `jitter` is false.
        public static func exponential(
            base: Duration = .milliseconds(500), cap: Duration = .seconds(30), jitter: Bool = true
        ) -> Backoff {
            Backoff(base: base, cap: cap, jitter: jitter)
        }

        /// The wait before retry number `retry` (1 for the first retry).
        public func delay(forRetry retry: Int) -> Duration {
            let exponent = Double(min(max(retry, 1) - 1, 62))
            let ceiling = max(0, min(cap.timeInterval, base.timeInterval * pow(2, exponent)))
            return .seconds(jitter ? Double.random(in: 0...ceiling) : ceiling)
        }
    }
}
