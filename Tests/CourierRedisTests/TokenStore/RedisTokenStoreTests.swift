import CourierOAuth
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import CourierRedis

/// RedisTokenStore against the redis-server that Scripts/test starts (COURIER_REDIS_URL).
@Suite struct RedisTokenStoreTests {
    let connection: RedisConnection
    let namespace = uniqueKey("tokens")
    let folder: URL

    init() throws {
        connection = try RedisConnection(url: try TestServers.url(from: "COURIER_REDIS_URL"))
        folder = try makeTemporaryFolder("courier-redis")
    }

    func store(_ name: String, lockTimeToLive: Duration = .seconds(30)) -> RedisTokenStore {
        let local = FileTokenStore(fileURL: folder.appendingPathComponent(name).appendingPathComponent("token.json"))
        return RedisTokenStore(
            connection: connection, namespace: namespace, local: local, lockTimeToLive: lockTimeToLive)
    }

    /// A fixed moment, so that two calls make equal tokens.
    static let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())

    static func token(_ name: String, expiresIn seconds: TimeInterval = 3600) -> Token {
        Token(
            accessToken: "access-" + name, refreshToken: "refresh-" + name, expiresAt: now.addingTimeInterval(seconds))
    }

    @Test func storesAreSharedThroughRedis() async throws {
        let first = store("first")
        let second = store("second")
        try await first.save(Self.token("a"))
        #expect(try await second.load() == Self.token("a"))
    }

    /// A holder whose lock expired (a long pause) must not overwrite the token that the next
    /// holder saved: the write checks the fence.
    @Test func aSaveAfterTheLockExpiredIsRefused() async throws {
        let slow = store("slow")
        let fast = store("fast")
        try await slow.save(Self.token("old"))
        let slowLock = try await slow.lockExclusively()
        // The slow holder pauses past its lock's life (so that it renews nothing): Redis expires
        // the lock, and the other process takes it.
        _ = try await connection.run(["PEXPIRE", namespace + ":lock", "1"])
        while try await connection.run(["EXISTS", namespace + ":lock"]).int == 1 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let fastLock = try await fast.lockExclusively()
        try await fast.save(Self.token("new"))
        fastLock.unlock()
        await #expect(throws: RedisTokenStore.Failure.self) { try await slow.save(Self.token("stale")) }
        slowLock.unlock()
        #expect(try await store("reader").load() == Self.token("new"))
    }

    /// The lock is exclusive: while one store holds it, another waits.
    @Test func theLockIsExclusive() async throws {
        let first = store("first")
        let second = store("second")
        let held = try await first.lockExclusively()
        let order = Mutex<[String]>([])
        let waiter = Task {
            let lock = try await second.lockExclusively()
            order.withLock { $0.append("second") }
            lock.unlock()
        }
        // The second store keeps trying while the first holds the lock.
        let before = try await connection.run(["GET", namespace + ":fence"]).int ?? 0
        while (try await connection.run(["GET", namespace + ":fence"]).int ?? 0) < before + 2 {
            try await Task.sleep(for: .milliseconds(5))
        }
        order.withLock { $0.append("first") }
        held.unlock()
        try await waiter.value
        #expect(order.withLock { $0 } == ["first", "second"])
    }

    /// A lock held longer than its time to live is renewed, not lost; unlocking releases it.
    @Test func aHeldLockIsRenewedAndReleasedOnUnlock() async throws {
        // A 5 s lock renewed every 1.7 s: over three seconds of slack for a renewal held up by a
        // busy test run (a 600 ms lock once expired that way in a full run, a 3 s one beside two
        // busy loops).
        let holder = store("holder", lockTimeToLive: .seconds(5))
        let lock = try await holder.lockExclusively()
        let lockKey = namespace + ":lock"
        // Over two lives of the lock: it is still there, with this holder's fence.
        let fence = try await connection.run(["GET", lockKey]).text
        try await Task.sleep(for: .seconds(11))
        #expect(try await connection.run(["GET", lockKey]).text == fence)
        #expect(try await connection.run(["PTTL", lockKey]).int ?? 0 > 0)
        lock.unlock()
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while try await connection.run(["EXISTS", lockKey]).int == 1, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await connection.run(["EXISTS", lockKey]).int == 0)
    }

    /// Redis restarted without persistence: the newest local copy is put back, not lost.
    @Test func aTokenLostByRedisIsRestoredFromTheNewestLocalCopy() async throws {
        let older = store("older")
        let newer = store("newer")
        try await older.save(Self.token("older", expiresIn: 600))
        try await newer.save(Self.token("newer", expiresIn: 1200))
        _ = try await connection.run(["DEL", namespace + ":token"])
        // The process with the older copy reads first and puts its copy back ...
        #expect(try await older.load()?.accessToken == "access-older")
        // ... and the newer copy replaces it; an older one never replaces a newer one.
        #expect(try await newer.load()?.accessToken == "access-newer")
        #expect(try await older.load()?.accessToken == "access-newer")
    }

    @Test func signingOutReachesEveryProcess() async throws {
        let first = store("first")
        let second = store("second")
        try await first.save(Self.token("a"))
        _ = try await second.load()
        try await first.clear()
        // The second process's local copy does not bring the token back.
        #expect(try await second.load() == nil)
    }

    @Test func unreachableRedisFallsBackToTheLocalCopyAndReportsIt() async throws {
        let events = Mutex<[RedisConnection.Event]>([])
        let closedPort = 1  // tcpmux: nothing listens there on a test machine
        let away = RedisConnection(host: "127.0.0.1", port: closedPort) { event in events.withLock { $0.append(event) }
        }
        let local = FileTokenStore(fileURL: folder.appendingPathComponent("away/token.json"))
        let store = RedisTokenStore(connection: away, namespace: namespace, local: local, lockWait: .milliseconds(200))
        try await store.save(Self.token("kept"))
        #expect(try await store.load() == Self.token("kept"))
        #expect(try local.load() == Self.token("kept"))
        await #expect(throws: RedisTokenStore.Failure.self) { try await store.lockExclusively() }
        #expect(events.withLock { $0 }.count == 1)
        if case .unreachable(let reason)? = events.withLock({ $0.first }) {
            #expect(reason.contains("127.0.0.1:\(closedPort)"))
        } else {
            Issue.record("no unreachable event: \(events.withLock { $0 })")
        }
    }

    @Test func aURLOtherThanRedisIsRefused() {
        #expect(throws: RedisError.invalidURL("http://example.com")) {
            try RedisConnection(url: URL(string: "http://example.com")!)
        }
    }
}
