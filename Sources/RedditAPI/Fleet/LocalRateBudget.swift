import Synchronization

/// A ``RateBudgetStore`` in this process: it spends at most `1 / fleetSize` of each window's
/// budget, so that `fleetSize` processes that each use one never exceed the budget together.
///
/// The rule, per window (learned from the `X-Ratelimit-*` headers):
/// - When no window is known (at start, or after the reported reset has passed), one request
///   at a time goes out until a response reports the new window.
/// - Then the process may send `floor((used + remaining) / fleetSize)` requests in the window,
///   counting the ones it sent since the window began.
/// - The reset is taken as one second later than reported (Reddit rounds it to whole seconds),
///   so a process never counts a window as new before the server does.
///
/// RedditFleet's `RedisRateBudget` uses it as its fallback while Redis is unreachable: it sends nothing until
/// a window begins that the fleet cannot have spent from through Redis, then probes it and may
/// send `1 + floor((remaining - fleetSize) / fleetSize)` requests in it (the probe counted; one
/// request of each process may still be in flight), and from the next window on its usual share.
public final class LocalRateBudget: RateBudgetStore {
    /// How many processes share the budget.
    public let fleetSize: Int
    private let state = Mutex(State())

    private struct State {
        var resetAt: ContinuousClock.Instant?
        var allowance = 0
        var spent = 0
        var probing = false
        /// Requests sent while no window was known; they count against the next window.
        var unknownSpent = 0
        /// How many window starts this budget has seen.
        var windowsSeen = 0
        /// After a takeover: the next window's share comes from what the fleet left of it.
        var shareOfRemaining = false
        /// The longest time to a reset reported, plus Reddit's rounding.
        var longestReset: Duration?
    }

    /// A budget for one of `fleetSize` processes (1: the whole budget).
    public init(fleetSize: Int = 1) {
        self.fleetSize = max(fleetSize, 1)
    }

    /// Takes one request from this process's share.
    public func take() async -> Duration? {
        let now = ContinuousClock.now
        return state.withLock { state -> Duration? in
            guard let resetAt = state.resetAt, now < resetAt else {
                if state.probing { return .milliseconds(20) }
                state.probing = true
                state.resetAt = nil
                state.unknownSpent += 1
                return nil
            }
            guard state.spent < state.allowance else { return now.duration(to: resetAt) }
            state.spent += 1
            return nil
        }
    }

    /// Starts a new window when the status reports one.
    public func record(_ status: RateLimitStatus) async {
        let now = ContinuousClock.now
        state.withLock { state in
            state.probing = false
            let limit = Double(status.used ?? 0) + status.remaining
            state.longestReset = max(state.longestReset ?? .zero, status.resetsIn + .seconds(1))
            if state.resetAt.map({ now >= $0 }) ?? true {
                state.resetAt = now.advanced(by: status.resetsIn + .seconds(1))
                state.allowance = Int(limit) / fleetSize
                if state.shareOfRemaining {
                    state.allowance = min(state.allowance, 1 + max(Int(status.remaining) - fleetSize, 0) / fleetSize)
                    state.shareOfRemaining = false
                }
                state.spent = state.unknownSpent
                state.unknownSpent = 0
                state.windowsSeen += 1
            }
            if status.remaining < 1 { state.spent = max(state.spent, state.allowance) }
        }
    }

    /// Continues from a fleet's shared budget: sends nothing before `until` (when the fleet's
    /// spending through Redis cannot reach the window that follows; nil: at once), then probes
    /// the window and takes ``fleetSize``'s share of what the fleet left of it (see the type's
    /// documentation).
    package func takeOver(until: ContinuousClock.Instant?) {
        state.withLock { state in
            state.resetAt = until
            state.allowance = 0
            state.spent = 0
            state.unknownSpent = 0
            state.probing = false
            state.shareOfRemaining = true
        }
    }

    /// The longest window this budget may be in: the longest reset reported, plus a second for
    /// Reddit's rounding and a second for a first status seen late in its window; nil before
    /// any status.
    package var longestWindow: Duration? { state.withLock { $0.longestReset.map { $0 + .seconds(1) } } }

    /// How many window starts this budget has seen.
    package var windowsSeen: Int { state.withLock { $0.windowsSeen } }
}
