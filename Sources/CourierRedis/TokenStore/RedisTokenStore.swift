public import CourierOAuth
import Foundation
import Synchronization

/// A `SharedTokenStore` in Redis: the processes of a fleet, on one machine or
/// many, share one token and refresh it once per expiry.
///
/// - The token lives in the hash `<namespace>:token` (its JSON and its expiry), with a local
///   copy in `local` (a `FileTokenStore` in the worker's own folder).
/// - The refresh lock is `SET <namespace>:lock <fence>@<nonce> NX PX <lockTimeToLive>`, where
///   `<fence>` comes from `INCR <namespace>:fence` and `<nonce>` is the store's random number.
///   A save made under the lock is fenced: a Lua script writes the token only while the lock
///   still holds this process's fence. A holder paused
///   past the lock's life (so that another process may have taken the lock) gets
///   ``Failure/lockLost(fence:)`` instead of overwriting a newer token.
/// - Signing out writes a signed-out mark (no secret) rather than deleting, so that an empty
///   hash means "Redis lost its data" (a restart without persistence), never "signed out".
///
/// When Redis is unreachable: ``load()`` answers from the local copy, ``save(_:)`` writes the
/// local copy and pushes it to Redis when Redis answers again (a token with a later expiry is
/// never replaced by an older one: each refresh gives a later expiry, so the expiry orders the
/// fleet's tokens as a generation number would), and ``lockExclusively()`` waits for Redis (up
/// to `lockWait`), because refreshing without the fleet's lock could send a refresh token twice.
///
/// When Redis restarts (with or without its data), every store puts its local copy back as soon
/// as its connection reconnects (the connection pings Redis every `retryInterval` to notice), so
/// the newest token any process holds wins. A load in the first `restartSettling` of Redis's
/// uptime waits until that has passed before it trusts the token, so that a process that
/// takes the refresh lock right after a restart adopts the newest token instead of refreshing
/// an older, already rotated one.
///
/// The refresh lock lives `lockTimeToLive` and is renewed every third of that while held (on the
/// connection's own queue, so a busy cooperative pool does not hold a renewal back), so
/// that a holder that dies (or a Redis restart that keeps the lock) stalls the fleet for at most
/// that long. Unlocking pushes a token that could not be saved and then releases the lock,
/// retrying while Redis is unreachable until the lock would have expired anyway.
///
/// One `OAuthSession` per store instance: the fence of the held lock belongs to
/// the instance.
public final class RedisTokenStore: SharedTokenStore {
    /// The store failed in a way the fleet must know of.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The lock expired and another process took it before this one saved: the token was
        /// not written (another process's newer token stays).
        case lockLost(fence: Int)
        /// Redis did not answer within the lock wait.
        case lockUnavailable(RedisError)

        /// A sentence a person can read.
        public var description: String {
            switch self {
            case .lockLost(let fence): "the fleet's refresh lock (fence \(fence)) expired before the token was saved"
            case .lockUnavailable(let error): "the fleet's refresh lock could not be taken: \(error)"
            }
        }
    }

    /// The connection the store uses.
    public let connection: RedisConnection
    /// The prefix of the store's keys.
    public let namespace: String
    private let local: any TokenStore
    private let lockTimeToLive: Duration
    private let lockWait: Duration
    private let restartSettling: Duration
    private let held = Mutex<Int?>(nil)
    private let nonce = UInt64.random(in: 1...UInt64.max)
    /// When the held lock was taken or last renewed.
    private let renewedAt = Mutex(ContinuousClock.now)
    private let unpushed = Mutex<Token?>(nil)

    /// A store under `namespace` (for example the OAuth client id) with `local` as its copy.
    ///
    /// - Parameters:
    ///   - connection: The Redis the fleet shares.
    ///   - namespace: The prefix of the store's keys.
    ///   - local: The local copy (a `FileTokenStore` in this process's own folder).
    ///   - lockTimeToLive: How long the refresh lock lives unless renewed (it is renewed every
    ///     third of that while held): the longest a dead holder stalls the fleet.
    ///   - lockWait: How long ``lockExclusively()`` waits while Redis is unreachable.
    ///   - restartSettling: How long after Redis starts a load waits for the fleet's processes to
    ///     put their copies back (longer than the connection's `retryInterval`).
    public init(
        connection: RedisConnection, namespace: String, local: any TokenStore,
        lockTimeToLive: Duration = .seconds(5), lockWait: Duration = .seconds(60),
        restartSettling: Duration = .seconds(3)
    ) {
        self.connection = connection
        self.namespace = namespace
        self.local = local
        self.lockTimeToLive = lockTimeToLive
        self.lockWait = lockWait
        self.restartSettling = restartSettling
        connection.whenReconnected { [weak self] in
            guard let self else { return }
            Task { await self.reseed() }
        }
    }

    private var tokenKey: String { namespace + ":token" }
    private var lockKey: String { namespace + ":lock" }
    private var fenceKey: String { namespace + ":fence" }

    /// The fleet's token; the local copy while Redis is unreachable.
    public func load() async throws -> Token? {
        let reply: RedisReply
        do {
            try await pushUnsaved()
            try await settleAfterRestart()
            reply = try await connection.run(["HGETALL", tokenKey])
        } catch RedisError.unreachable {
            return try await local.load()
        }
        let fields = Self.fields(reply)
        if fields["signedOut"] != nil { return nil }
        let copy = try await local.load()
        if let json = fields["json"] {
            let token = try JSONDecoder().decode(Token.self, from: Data(json.utf8))
            // A copy that expires later is newer: Redis lost the token and an older copy came back.
            if let copy, Self.milliseconds(copy) > Self.milliseconds(token) { return try await restore(copy) }
            if copy != token { try await local.save(token) }
            return token
        }
        // Empty: Redis lost its data. Put back the newest copy the fleet still has.
        guard let copy else { return nil }
        return try await restore(copy)
    }

    /// Waits until Redis has been up for `restartSettling`: every process puts its copy back when
    /// it reconnects, and only then is the stored token the fleet's newest.
    private func settleAfterRestart() async throws {
        let info: RedisReply
        do {
            info = try await connection.run(["INFO", "server"])
        } catch {
            // A server that refuses INFO (some hosted ones do) cannot say when it restarted.
            if case .unreachable = error { throw error }
            return
        }
        let line = info.text?.split(whereSeparator: \.isNewline).first { $0.hasPrefix("uptime_in_seconds:") }
        guard let uptime = line.flatMap({ Int($0.dropFirst("uptime_in_seconds:".count)) }) else { return }
        // The uptime is in whole seconds, rounded down: count one more.
        let left = restartSettling - .seconds(uptime)
        if left > .zero { try await Task.sleep(for: left + .seconds(1)) }
    }

    /// Puts this process's newest token back (after a reconnection: Redis may have restarted
    /// without its data, or with an older token); a newer stored token stays.
    private func reseed() async {
        var newest = unpushed.withLock { $0 }
        if newest == nil { newest = try? await local.load() }
        guard let token = newest, let json = try? Self.encode(token) else { return }
        let pushed = try? await connection.evaluate(
            Self.newerWrite, keys: [tokenKey], arguments: [json, Self.expiry(token), "0"])
        if pushed != nil { unpushed.withLock { if $0 == token { $0 = nil } } }
    }

    /// Saves the token in Redis (fenced when under the lock) and in the local copy.
    ///
    /// - Throws: ``Failure/lockLost(fence:)`` when the lock was lost before the write.
    public func save(_ token: Token) async throws {
        try await local.save(token)
        let json = try Self.encode(token)
        let fence = held.withLock { $0 }
        do {
            if let fence {
                let written = try await connection.evaluate(
                    Self.fencedWrite, keys: [lockKey, tokenKey],
                    arguments: [lockValue(fence), json, Self.expiry(token)])
                guard written.int == 1 else { throw Failure.lockLost(fence: fence) }
            } else {
                _ = try await connection.evaluate(
                    Self.newerWrite, keys: [tokenKey], arguments: [json, Self.expiry(token), "1"])
            }
            unpushed.withLock { $0 = nil }
        } catch RedisError.unreachable {
            unpushed.withLock { $0 = token }
        }
    }

    /// Marks the fleet signed out and clears the local copy.
    public func clear() async throws {
        unpushed.withLock { $0 = nil }
        try await local.clear()
        // Unreachable: the local copy is gone; Redis keeps the token until someone signs out.
        let marked = try? await connection.evaluate(Self.signOut, keys: [tokenKey], arguments: [])
        if marked == nil, connection.isReachable { throw RedisError.server("the signed-out mark was not written") }
    }

    /// Takes the fleet's refresh lock, waiting while another process holds it.
    ///
    /// - Throws: ``Failure/lockUnavailable(_:)`` when Redis stays unreachable for `lockWait`.
    public func lockExclusively() async throws -> TokenStoreLock {
        let giveUp = ContinuousClock.now.advanced(by: lockWait)
        while true {
            do {
                guard let fence = try await connection.run(["INCR", fenceKey]).int else {
                    throw RedisError.server("INCR answered no number")
                }
                let taken = try await connection.run(["SET", lockKey, lockValue(fence), "NX", "PX", ttlMilliseconds])
                if taken.text == "OK" { return hold(fence) }
            } catch RedisError.unreachable(let reason) {
                if ContinuousClock.now >= giveUp { throw Failure.lockUnavailable(.unreachable(reason)) }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The lock's value: the fence and this store's own random number, so that a fence counted
    /// again from 1 by a Redis that lost its data never matches another process's lock.
    private func lockValue(_ fence: Int) -> String { "\(fence)@\(nonce)" }

    private var ttlMilliseconds: String { String(Int(lockTimeToLive / .milliseconds(1))) }

    /// The held lock: renewed every third of its life until unlocked; unlocking pushes an unsaved
    /// token and releases the lock, retrying until the lock would have expired by itself.
    private func hold(_ fence: Int) -> TokenStoreLock {
        held.withLock { $0 = fence }
        renewedAt.withLock { $0 = .now }
        // On the connection's queue, not in a Task: a busy cooperative pool must not let a held
        // lock expire (another process would then refresh beside this one).
        let renewal = connection.repeatedly(
            every: lockTimeToLive / 3, evaluate: Self.renew, keys: [lockKey],
            arguments: [lockValue(fence), ttlMilliseconds]
        ) { [self] result in
            if case .success(let reply) = result, reply.int == 1 { self.renewedAt.withLock { $0 = .now } }
        }
        return TokenStoreLock { [self, lockTimeToLive] in
            renewal.cancel()
            self.held.withLock { if $0 == fence { $0 = nil } }
            Task {
                let expires = self.renewedAt.withLock { $0 }.advanced(by: lockTimeToLive)
                while ContinuousClock.now < expires {
                    do {
                        try await self.pushUnsaved()
                        _ = try await self.connection.evaluate(
                            Self.release, keys: [self.lockKey], arguments: [self.lockValue(fence)])
                        return
                    } catch {
                        try? await Task.sleep(for: .milliseconds(50))
                    }
                }
            }
        }
    }

    private func restore(_ copy: Token) async throws -> Token? {
        let reply = try await connection.evaluate(
            Self.newerWrite, keys: [tokenKey], arguments: [try Self.encode(copy), Self.expiry(copy), "0"])
        guard case .string(let json) = reply else { return nil }
        let token = try JSONDecoder().decode(Token.self, from: Data(json.utf8))
        if token != copy { try await local.save(token) }
        return token
    }

    private func pushUnsaved() async throws(RedisError) {
        guard let token = unpushed.withLock({ $0 }) else { return }
        guard let json = try? Self.encode(token) else { return }
        _ = try await connection.evaluate(
            Self.newerWrite, keys: [tokenKey], arguments: [json, Self.expiry(token), "1"])
        unpushed.withLock { if $0 == token { $0 = nil } }
    }

    private static func fields(_ reply: RedisReply) -> [String: String] {
        guard case .array(let items) = reply else { return [:] }
        var fields: [String: String] = [:]
        var index = 0
        while index + 1 < items.count {
            if let key = items[index].text, let value = items[index + 1].text { fields[key] = value }
            index += 2
        }
        return fields
    }

    private static func encode(_ token: Token) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(token), as: UTF8.self)
    }

    private static func expiry(_ token: Token) -> String { String(milliseconds(token)) }

    private static func milliseconds(_ token: Token) -> Int {
        Int((token.expiresAt ?? .distantPast).timeIntervalSince1970 * 1000)
    }

    /// KEYS: lock, token. ARGV: fence, json, expiry. Writes only while the lock holds the fence.
    static let fencedWrite = """
        if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
        redis.call('DEL', KEYS[2])
        redis.call('HSET', KEYS[2], 'json', ARGV[2], 'expires', ARGV[3])
        return 1
        """

    /// KEYS: token. ARGV: json, expiry, overwriteSignedOut. Writes unless the stored token
    /// expires later (or the fleet signed out, when ARGV[3] is 0); returns the stored JSON.
    static let newerWrite = """
        if ARGV[3] == '0' and redis.call('HEXISTS', KEYS[1], 'signedOut') == 1 then return false end
        local stored = tonumber(redis.call('HGET', KEYS[1], 'expires'))
        if stored and stored > tonumber(ARGV[2]) then return redis.call('HGET', KEYS[1], 'json') end
        redis.call('DEL', KEYS[1])
        redis.call('HSET', KEYS[1], 'json', ARGV[1], 'expires', ARGV[2])
        return ARGV[1]
        """

    /// KEYS: token. Replaces the token with the signed-out mark.
    static let signOut = """
        redis.call('DEL', KEYS[1])
        redis.call('HSET', KEYS[1], 'signedOut', '1')
        return 1
        """

    /// KEYS: lock. ARGV: fence, time to live in ms. Renews the lock only if it still holds this
    /// fence.
    static let renew = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
        return 0
        """

    /// KEYS: lock. ARGV: fence. Releases the lock only if it still holds this fence.
    static let release = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
        return 0
        """
}
