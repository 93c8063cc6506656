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
/// ``RedisRateBudget`` uses it as its fallback while Redis is unreachable, starting from the
/// last status it saw: `floor((remaining - fleetSize) / fleetSize)` more requests in the current
/// window (one request of each process may still be in flight).
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
            if state.resetAt.map({ now >= $0 }) ?? true {
                state.resetAt = now.advanced(by: status.resetsIn + .seconds(1))
                state.allowance = Int(limit) / fleetSize
                state.spent = state.unknownSpent
                state.unknownSpent = 0
                state.windowsSeen += 1
            }
            if status.remaining < 1 { state.spent = max(state.spent, state.allowance) }
        }
    }

    /// Continues from a fleet's shared budget in the middle of a window: this process may send
    /// `floor((remaining - fleetSize) / fleetSize)` more requests before the reported reset (one
    /// request of each process may still be in flight, counted by the fleet but not yet by Reddit).
    func takeOver(from status: RateLimitStatus, reportedAt: ContinuousClock.Instant) {
        state.withLock { state in
            state.resetAt = reportedAt.advanced(by: status.resetsIn + .seconds(1))
            state.allowance = max(Int(status.remaining) - fleetSize, 0) / fleetSize
            state.spent = 0
            state.unknownSpent = 0
            state.probing = false
        }
    }

    /// How many window starts this budget has seen.
    var windowsSeen: Int { state.withLock { $0.windowsSeen } }
}
