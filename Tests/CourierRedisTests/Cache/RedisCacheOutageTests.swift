import Courier
import CourierStore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import CourierRedis

#if canImport(Glibc)
import Glibc
#endif

/// A cache whose Redis goes away: requests still succeed (as misses) and the outage is reported;
/// when Redis returns, the cache is shared again. With a redis-server of the test's own
/// (COURIER_REDIS_SERVER, as Scripts/test sets it), killed and restarted on the same port.
@Suite struct RedisCacheOutageTests {
    @Test func requestsSucceedWhileRedisIsDownAndTheCacheWorksAgainWhenItReturns() async throws {
        let faults = try TestServers.faults()
        let server = try await RedisServerProcess.start()
        defer { server.stop() }
        let events = Recorded<RedisConnection.Event>()
        let errors = Recorded<ResponseCacheError>()
        let connection = RedisConnection(host: "127.0.0.1", port: server.port, retryInterval: .milliseconds(50)) {
            events.append($0)
        }
        let cache = ResponseCache(
            storage: RedisCacheStorage(connection: connection, namespace: uniqueKey("outage")),
            configuration: .init(onError: errors.append))
        let client = HTTPClient(baseURL: faults) { $0.interceptors = [cache] }
        let key = uniqueKey("outage")
        let path = faults.appendingPathComponent("cacheable/\(key)").absoluteString
        func hits() async throws -> Int { try await serverHits(key, at: faults) }

        _ = try await client.send(Request<Data>(path: path))
        _ = try await client.send(Request<Data>(path: path))
        #expect(try await hits() == 1, "the second request must come from Redis")
        #expect(errors.all.isEmpty, "\(errors.all)")

        await server.kill()
        for _ in 0..<3 {
            let response = try await client.send(Request<Data>(path: path))
            #expect(response.statusCode == 200)
        }
        #expect(try await hits() == 4, "without Redis every request is a miss that goes to the server")
        #expect(!errors.all.isEmpty)
        #expect(errors.all.allSatisfy { $0.description.contains("unreachable") }, "\(errors.all)")
        #expect(events.all.first.map { if case .unreachable = $0 { true } else { false } } == true, "\(events.all)")

        try await server.restart()
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !events.all.contains(.recovered) {
            guard ContinuousClock.now < deadline else {
                Issue.record("the cache never used Redis again: \(events.all)")
                return
            }
            _ = try await client.send(Request<Data>(path: path))
            try await Task.sleep(for: .milliseconds(50))
        }
        _ = try await client.send(Request<Data>(path: path))
        let before = try await hits()
        _ = try await client.send(Request<Data>(path: path))
        #expect(try await hits() == before, "once Redis is back, responses are served from it again")
    }
}

/// A redis-server of the test's own on a free loopback port, without persistence, that the test
/// can kill and start again on the same port.
final class RedisServerProcess: Sendable {
    let port: Int
    private let executable: String
    private let process = Mutex<SpawnedProcess?>(nil)

    private init(port: Int, executable: String) {
        self.port = port
        self.executable = executable
    }

    static func start() async throws -> RedisServerProcess {
        let executable = ProcessInfo.processInfo.environment["COURIER_REDIS_SERVER"] ?? "/usr/bin/redis-server"
        let server = RedisServerProcess(port: try LoopbackPort.unused(), executable: executable)
        try await server.restart()
        return server
    }

    /// Starts the server (again) and waits until it answers PING.
    func restart() async throws {
        let spawned = try SpawnedProcess(
            executable,
            arguments: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        process.withLock { $0 = spawned }
        let probe = RedisConnection(host: "127.0.0.1", port: port, retryInterval: .milliseconds(20))
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while (try? await probe.run(["PING"])) == nil {
            guard ContinuousClock.now < deadline else { throw NotAnswering(port: port) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Kills the server (SIGKILL: no goodbye to its clients) and waits until it has ended.
    func kill() async {
        guard let spawned = process.withLock({ $0 }) else { return }
        process.withLock { $0 = nil }
        Glibc.kill(spawned.pid, SIGKILL)
        _ = await spawned.wait()
    }

    struct NotAnswering: Error, CustomStringConvertible {
        let port: Int
        var description: String { "redis-server did not answer on port \(port)" }
    }

    func stop() {
        if let spawned = process.withLock({ $0 }) { Glibc.kill(spawned.pid, SIGKILL) }
    }
}
