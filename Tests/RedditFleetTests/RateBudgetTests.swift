import CourierRedis
import Foundation
import RedditFleet
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// The shared budget against the redis-server that Scripts/test starts (COURIER_REDIS_URL), and
/// the local share it falls back to.
@Suite struct RateBudgetTests {
    static func status(used: Int, remaining: Double, resetsIn seconds: Int = 60) -> RateLimitStatus {
        RateLimitStatus(remaining: remaining, used: used, resetsIn: .seconds(seconds))
    }

    /// Grants `attempts` takes at once across `budgets` and counts the granted ones.
    static func grants(_ budgets: [any RateBudgetStore], attempts: Int) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<attempts {
                group.addTask { await budgets[index % budgets.count].take() == nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test func processesSharingRedisSpendTheWindowExactlyOnce() async throws {
        let url = try TestServers.url(from: "COURIER_REDIS_URL")
        let namespace = uniqueKey("budget")
        // Three processes: three connections.
        let budgets = try (0..<3).map { _ in
            RedisRateBudget(connection: try RedisConnection(url: url), namespace: namespace, fleetSize: 3)
        }
        // No window known yet: one request of the whole fleet goes out to learn it.
        #expect(await Self.grants(budgets, attempts: 30) == 1)
        let recorded = ContinuousClock.now
        await budgets[0].record(Self.status(used: 1, remaining: 49))
        // 50 in the window, one spent: 49 more across the fleet, however many ask at once.
        #expect(await Self.grants(budgets, attempts: 120) == 49)
        // The next take waits for the window's end: 60 s after the status was recorded (plus the
        // second of rounding), less the time the grants above took on a loaded machine.
        let wait = try #require(await budgets[1].take())
        let elapsed = recorded.duration(to: .now)
        #expect(wait > .seconds(59) - elapsed && wait <= .seconds(61))
    }

    @Test func redditCountingMoreThanTheFleetLowersWhatIsLeft() async throws {
        let url = try TestServers.url(from: "COURIER_REDIS_URL")
        let budget = RedisRateBudget(
            connection: try RedisConnection(url: url), namespace: uniqueKey("budget"), fleetSize: 1)
        #expect(await budget.take() == nil)
        await budget.record(Self.status(used: 1, remaining: 99))
        // A client outside the fleet spent 89 more: Reddit's count wins.
        await budget.record(Self.status(used: 90, remaining: 10))
        #expect(await Self.grants([budget], attempts: 40) == 10)
    }

    @Test func aLocalShareIsTheBudgetDividedByTheFleet() async {
        let budget = LocalRateBudget(fleetSize: 4)
        #expect(await Self.grants([budget], attempts: 5) == 1)
        await budget.record(Self.status(used: 1, remaining: 59))
        // 60 / 4 = 15 per window, the first request included.
        #expect(await Self.grants([budget], attempts: 40) == 14)
        #expect(await budget.take() != nil)
    }

    /// Redis is away before this process knew the fleet's window: it cannot know what the others
    /// spent, so it sends nothing until a whole window (the longest reset seen, plus two seconds)
    /// has passed.
    @Test func unreachableRedisWaitsAWholeWindowBeforeItsShare() async throws {
        let events = Mutex<[RedisConnection.Event]>([])
        let away = RedisConnection(host: "127.0.0.1", port: 1) { event in events.withLock { $0.append(event) } }
        let budget = RedisRateBudget(connection: away, namespace: uniqueKey("budget"), fleetSize: 4)
        let asked = ContinuousClock.now
        await budget.record(Self.status(used: 16, remaining: 44))
        #expect(await Self.grants([budget], attempts: 40) == 0)
        let wait = try #require(await budget.take())
        #expect(wait > .seconds(62) - asked.duration(to: .now) && wait <= .seconds(62))
        #expect(budget.isFallingBack)
        #expect(events.withLock { $0.count } == 1)
    }

    /// After a takeover the first window's share comes from what the fleet left of it.
    @Test func aTakeoverSharesWhatTheFleetLeftOfTheNextWindow() async throws {
        let budget = LocalRateBudget(fleetSize: 4)
        await budget.record(Self.status(used: 1, remaining: 59))
        let until = ContinuousClock.now.advanced(by: .milliseconds(300))
        budget.takeOver(until: until)
        // Nothing before `until`.
        let wait = try #require(await budget.take())
        #expect(wait <= .milliseconds(300))
        try await Task.sleep(until: until)
        // Then one request learns the window: 29 left, one in flight per process: 1 + 25 / 4.
        #expect(await Self.grants([budget], attempts: 5) == 1)
        await budget.record(Self.status(used: 31, remaining: 29))
        #expect(await Self.grants([budget], attempts: 40) == 6)
        #expect(await budget.take() != nil)
    }
}
