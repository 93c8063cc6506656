public import CourierRedis
public import RedditAPI
import Synchronization

/// A RedditAPI `RateBudgetStore` that a fleet of processes, on one machine or many, shares through
/// Redis: together they spend Reddit's budget once, not once each.
///
/// Every request takes one unit with a Lua script that runs atomically in Redis (`EVALSHA`):
/// it grants the request while the fleet has spent less than the window's budget
/// (`used + remaining` from the headers) and answers how long to wait otherwise. Responses
/// record the window: its reset (one second later than Reddit's whole-second figure, timed by
/// Redis's own clock so that machines need not agree on the time) and, when Reddit counts more
/// than the fleet did, Reddit's count. While no window is known, one request of the fleet at a
/// time goes out to learn it.
///
/// When Redis is unreachable each process falls back to a RedditAPI `LocalRateBudget` share, and the
/// `RedisConnection` reports `RedisConnection.Event.unreachable`. The share is conservative,
/// because a process cannot know what the others spent since it last heard from Redis:
/// - It sends nothing more in the current window. Each grant from Redis told the process when
///   the fleet's window ends; if Redis went away before that, the fleet cannot have spent from
///   the next window, so the process waits for that end. Otherwise (Redis went away after the
///   window it knew of, or it knew of none) it waits one whole window from the moment Redis
///   went away (the longest reset Reddit reported, plus two seconds).
/// - It then sends one request to learn the window and may send
///   `1 + floor((remaining - fleetSize) / fleetSize)` in it (one request of each process may
///   still be in flight), and `floor(budget / fleetSize)` in each later window.
///
/// When Redis answers again (`RedisConnection.Event.recovered`), each process keeps to its
/// share as well until two more windows have begun, so that processes that have not noticed the
/// recovery yet and those that have cannot exceed the budget together; then the fleet shares the
/// whole budget again.
public final class RedisRateBudget: RateBudgetStore {
    /// The connection the budget uses.
    public let connection: RedisConnection
    /// The prefix of the budget's keys (one budget per OAuth client and user).
    public let namespace: String
    private let fallback: LocalRateBudget
    private let state = Mutex(State())

    private struct State {
        /// The fleet's window end as the last grant told it: no earlier than (`from`) and no
        /// later than (`to`) these instants.
        var windowEnd: (from: ContinuousClock.Instant, to: ContinuousClock.Instant)?
        var fallingBack = false
        /// While falling back, and until the local budget has seen this many window starts.
        var capUntilWindow: Int?
    }

    /// A budget under `namespace` shared by up to `fleetSize` processes.
    ///
    /// - Parameters:
    ///   - connection: The Redis the fleet shares.
    ///   - namespace: The prefix of the budget's keys.
    ///   - fleetSize: How many processes may use the budget at once: the divisor of the fallback
    ///     share.
    public init(connection: RedisConnection, namespace: String, fleetSize: Int) {
        self.connection = connection
        self.namespace = namespace
        self.fallback = LocalRateBudget(fleetSize: fleetSize)
    }

    /// True while this process spends its local share (Redis unreachable, or recovering).
    public var isFallingBack: Bool { state.withLock { $0.fallingBack || $0.capUntilWindow != nil } }

    /// Takes one request from the fleet's budget, or from the local share while Redis is away.
    public func take() async -> Duration? {
        let reply: RedisReply
        let asked = ContinuousClock.now
        do {
            reply = try await connection.evaluate(Self.spend, keys: keys, arguments: [])
        } catch {
            startFallback()
            return await fallback.take()
        }
        let capped = state.withLock { state -> Bool in
            if state.fallingBack {
                state.fallingBack = false
                state.capUntilWindow = fallback.windowsSeen + 2
            }
            if let until = state.capUntilWindow, fallback.windowsSeen >= until { state.capUntilWindow = nil }
            return state.capUntilWindow != nil
        }
        guard case .array(let items) = reply, items.count == 3, let granted = items[0].int, let wait = items[1].int,
            let resetIn = items[2].int
        else { return .milliseconds(20) }
        if resetIn >= 0 {
            let end = (from: asked + .milliseconds(resetIn), to: ContinuousClock.now + .milliseconds(resetIn))
            state.withLock { $0.windowEnd = end }
        }
        guard granted == 1 else { return .milliseconds(max(wait, 1)) }
        return capped ? await fallback.take() : nil
    }

    /// Records the window in Redis (and in the local share, for a fallback).
    public func record(_ status: RateLimitStatus) async {
        await fallback.record(status)
        let reset = Int((status.resetsIn + .seconds(1)) / .milliseconds(1))
        _ = try? await connection.evaluate(
            Self.report, keys: keys,
            arguments: [String(status.used ?? 0), String(Int(status.remaining)), String(reset)])
    }

    private var keys: [String] { [namespace + ":budget", namespace + ":probe"] }

    private func startFallback() {
        let known = state.withLock { state -> (from: ContinuousClock.Instant, to: ContinuousClock.Instant)?? in
            guard !state.fallingBack else { return nil }
            state.fallingBack = true
            return .some(state.windowEnd)
        }
        guard let known else { return }
        let wentAway = connection.unreachableSince ?? .now
        if let end = known, wentAway < end.from {
            fallback.takeOver(until: end.to)
        } else {
            fallback.takeOver(until: fallback.longestWindow.map { wentAway + $0 })
        }
    }

    /// KEYS: budget, probe. Returns {granted, wait in ms, ms until the window ends (-1: none known)}.
    static let spend = """
        local now = redis.call('TIME')
        local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
        local resetAt = tonumber(redis.call('HGET', KEYS[1], 'resetAt'))
        if not resetAt or ms >= resetAt then
            if redis.call('SET', KEYS[2], '1', 'NX', 'PX', 2000) then
                redis.call('HINCRBY', KEYS[1], 'unknownSpent', 1)
                return {1, 0, -1}
            end
            return {0, 20, -1}
        end
        local spent = tonumber(redis.call('HGET', KEYS[1], 'spent') or '0')
        local limit = tonumber(redis.call('HGET', KEYS[1], 'limit') or '0')
        if spent < limit then
            redis.call('HINCRBY', KEYS[1], 'spent', 1)
            return {1, 0, resetAt - ms}
        end
        return {0, resetAt - ms, resetAt - ms}
        """

    /// KEYS: budget, probe. ARGV: used, remaining, reset in ms. Starts a window or raises the
    /// fleet's count to Reddit's.
    static let report = """
        local now = redis.call('TIME')
        local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
        local used = tonumber(ARGV[1])
        local remaining = tonumber(ARGV[2])
        local resetAt = tonumber(redis.call('HGET', KEYS[1], 'resetAt'))
        if not resetAt or ms >= resetAt then
            local unknown = tonumber(redis.call('HGET', KEYS[1], 'unknownSpent') or '0')
            redis.call('HSET', KEYS[1], 'resetAt', ms + tonumber(ARGV[3]), 'limit', used + remaining,
                'spent', math.max(used, unknown), 'unknownSpent', 0)
            redis.call('DEL', KEYS[2])
            return 1
        end
        local spent = tonumber(redis.call('HGET', KEYS[1], 'spent') or '0')
        local limit = tonumber(redis.call('HGET', KEYS[1], 'limit') or '0')
        local counted = limit - remaining
        if counted > spent then redis.call('HSET', KEYS[1], 'spent', counted) end
        return 0
        """
}
