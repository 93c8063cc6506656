import Foundation

extension RetryPolicy {
    /// How long to wait before retry number n: exponential growth from a base, capped, with jitter.
    ///
    /// With full jitter (the default) the wait is a random duration between zero and
    /// `min(cap, base × 2ⁿ⁻¹)`, which spreads out clients that failed together instead of having
    /// them retry in lockstep.
    public struct Backoff: Sendable, Equatable {
        /// How the computed wait is randomised.
        public enum Jitter: Sendable, Equatable {
            /// A uniformly random wait between zero and the computed one.
            case full
            /// Exactly the computed wait.
            case none
        }

        /// The wait before the first retry (before jitter).
        public var base: Duration
        /// The longest wait (before jitter).
        public var cap: Duration
        /// How the wait is randomised.
        public var jitter: Jitter

        /// Creates an exponential backoff.
        public init(base: Duration = .milliseconds(500), cap: Duration = .seconds(30), jitter: Jitter = .full) {
            self.base = base
            self.cap = cap
            self.jitter = jitter
        }

        /// Exponential backoff with full jitter.
        public static func exponential(
            base: Duration = .milliseconds(500), cap: Duration = .seconds(30), jitter: Jitter = .full
        ) -> Backoff {
            Backoff(base: base, cap: cap, jitter: jitter)
        }

        /// The wait before retry number `retry` (1 for the first retry).
        public func delay(forRetry retry: Int) -> Duration {
            let exponent = Double(min(max(retry, 1) - 1, 62))
            let ceiling = max(0, min(cap.timeInterval, base.timeInterval * pow(2, exponent)))
            switch jitter {
            case .none: return .seconds(ceiling)
            case .full: return .seconds(Double.random(in: 0...ceiling))
            }
        }
    }
}
