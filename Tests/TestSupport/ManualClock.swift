import Synchronization

/// A clock that moves only when a test advances it, so time-based logic (rate-limit waits,
/// backoff) runs on virtual time without real sleeps.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(5)) }
/// await clock.waitForSleepers(1)   // wait for the condition, not for time
/// clock.advance(by: .seconds(5))   // the sleeper wakes
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point in virtual time: the duration since the clock was made.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the clock's start.
        public var offset: Duration

        /// Creates an instant.
        public init(offset: Duration) { self.offset = offset }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        var cancelled: Set<UInt64> = []
        /// Every deadline a sleeper asked for, in order (for asserting how long code waited).
        var requestedDeadlines: [Instant] = []
    }

    private let state = Mutex(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current virtual time.
    public var now: Instant { state.withLock { $0.now } }

    /// The smallest step: none.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Every deadline passed to `sleep(until:)` so far, as offsets from the start.
    public var sleepDeadlines: [Duration] { state.withLock { $0.requestedDeadlines.map(\.offset) } }

    /// Suspends until the clock is advanced past `deadline`; returns at once if it already is.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.requestedDeadlines.append(deadline)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if state.cancelled.remove(id) != nil {
                        continuation.resume(throwing: CancellationError())
                        return false
                    }
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (by yielding, not by sleeping) until at least `count` tasks are sleeping on this clock.
    /// Gives up after many yields so a test that waits for the wrong thing fails instead of hanging.
    @discardableResult
    public func waitForSleepers(_ count: Int, maxYields: Int = 100_000) async -> Bool {
        for _ in 0..<maxYields {
            if sleeperCount >= count { return true }
            await Task.yield()
        }
        return sleeperCount >= count
    }
}
