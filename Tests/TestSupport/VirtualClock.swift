import Foundation
import Synchronization

/// A clock whose time moves only when a test says so, for asserting waits on virtual time.
///
/// `sleep` suspends until ``advance(by:)`` moves `now` past the sleeper's deadline (or the
/// sleeping task is cancelled). Every sleep is recorded in ``sleeps``, so a test can assert "the
/// policy waited 2 s" without waiting at all:
///
/// ```swift
/// let clock = VirtualClock()
/// let call = Task { try await client.send(request) }
/// try await clock.waitForSleepers(1)
/// #expect(clock.sleeps == [.seconds(2)])
/// clock.advance(by: .seconds(2))
/// _ = try await call.value
/// ```
///
/// With `autoAdvances: true` every sleep completes at once, moving `now` to its deadline: handy
/// for retry loops with random backoff, but not for code that also sleeps as a watchdog (a
/// deadline would then pass at once).
public final class VirtualClock: Clock, Sendable {
    /// A point in virtual time: the duration since the clock was made.
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the clock's origin.
        public var offset: Duration

        /// Creates an instant at `offset` from the origin.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var cancelledEarly: Set<UInt64> = []
        var sleeps: [Duration] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())
    private let autoAdvances: Bool

    /// Creates a clock at virtual time zero.
    public init(autoAdvances: Bool = false) {
        self.autoAdvances = autoAdvances
    }

    /// The current virtual time.
    public var now: Instant { state.withLock { $0.now } }
    /// Virtual time has no resolution limit.
    public var minimumResolution: Duration { .zero }
    /// How long each sleep so far asked to wait, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }
    /// How many sleepers are waiting for time to move.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until virtual time reaches `deadline`.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.sleeps.append(state.now.duration(to: deadline))
            return state.nextID
        }
        if autoAdvances { advance(to: deadline) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        state.withLock { _ = $0.cancelledEarly.remove(id) }
    }

    /// Moves virtual time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves virtual time to `instant` (never backwards) and wakes the sleepers that are due.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            if state.now < instant { state.now = instant }
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (in real time, polling) until at least `count` sleepers are waiting; fails after
    /// `limit` so a broken test ends instead of hanging.
    public func waitForSleepers(_ count: Int, limit: Duration = hangLimit) async throws {
        try await waitUntil("\(count) sleeper(s) on the virtual clock", limit: limit) { self.sleeperCount >= count }
    }
}

/// A condition a test waited for did not come true in time.
public struct ConditionTimedOut: Error, CustomStringConvertible {
    /// What was awaited.
    public let condition: String
    /// A readable account.
    public var description: String { "timed out waiting for \(condition)" }
}

/// How long a wait for a condition may last before the test is taken for hung: 5 minutes. A
/// loaded machine (a 2-core box running the suite beside two Swift builds, load average 20) can
/// starve a test of the CPU for minutes (seen: a stream test waited over 120 s for its first
/// poll); a wait ends as soon as its condition holds, so the bound costs nothing when the test
/// passes.
public let hangLimit: Duration = .seconds(300)

/// Polls `condition` every few milliseconds until it holds; throws ``ConditionTimedOut`` after
/// `limit` (a bound that catches hangs, not a speed assertion).
public func waitUntil(
    _ what: String, limit: Duration = hangLimit, _ condition: @Sendable () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: limit)
    while try await !condition() {
        guard clock.now < end else { throw ConditionTimedOut(condition: what) }
        try await Task.sleep(for: .milliseconds(5))
    }
}
