import Courier
import CourierRedis
import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One fleet of the fleet tests: a redis-server of its own (killable), a client id of its own on
/// the fake Reddit, and the worker processes.
final class FleetRun: Sendable {
    let reddit: URL
    let redisServer: String
    let redisPort: Int
    let clientID = uniqueKey("fleet")
    let folder: URL
    /// Whether Redis keeps its data across a restart (an append-only file written before each
    /// reply) or comes back empty.
    let persistent: Bool
    private let redisPID = Mutex<Int32?>(nil)

    struct Report: Decodable {
        let ok: Int
        let tooMany: Int
        let failures: Int
        let state: String
        let lastError: String
        let events: [String]
        let fallbackRequests: Int
        let convergeSeconds: Double
    }

    struct Window: Decodable {
        let served: Int
        let refused: Int
        let index: Int
    }

    struct Stats: Decodable {
        let refreshes: Int
        let youngRefreshes: Int
        let reuses: Int
        let windows: [String: [Window]]
        let tokenSeconds: Double
        let tokenAges: [String: Double]
        var mine: [Window] = []
        var tokenAge: Double = 0

        enum CodingKeys: String, CodingKey { case refreshes, youngRefreshes, reuses, windows, tokenSeconds, tokenAges }

        var served: Int { mine.reduce(0) { $0 + $1.served } }
        var refused: Int { mine.reduce(0) { $0 + $1.refused } }
        /// The windows the fleet ran through from start to end (not its first or last).
        var fullWindows: [Window] { Array(mine.dropFirst().dropLast()) }
        var summary: String {
            "served per window \(mine.map(\.served)), 429s \(refused), refreshes \(refreshes), "
                + "second refreshes for one expiry \(youngRefreshes), reused refresh tokens \(reuses)"
        }
    }

    private init(reddit: URL, redisServer: String, redisPort: Int, folder: URL, persistent: Bool) {
        self.reddit = reddit
        self.redisServer = redisServer
        self.redisPort = redisPort
        self.folder = folder
        self.persistent = persistent
    }

    /// Starts Redis and signs the fleet in once.
    static func start(persistent: Bool = true) async throws -> FleetRun {
        let reddit = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let server = ProcessInfo.processInfo.environment["COURIER_REDIS_SERVER"] ?? "/usr/bin/redis-server"
        let run = FleetRun(
            reddit: reddit, redisServer: server, redisPort: try LoopbackPort.unused(),
            folder: try makeTemporaryFolder("courier-fleet"), persistent: persistent)
        try await run.startRedis()
        _ = try await run.runHelper(run.arguments(folder: "signer") + ["--sign-in"], name: "signer")
        return run
    }

    func arguments(folder name: String) -> [String] {
        [
            "--reddit", reddit.absoluteString, "--redis", "127.0.0.1:\(redisPort)", "--client-id", clientID,
            "--token-dir", folder.appendingPathComponent(name).path, "--fleet-size", String(FleetTests.workers),
        ]
    }

    /// Runs the workers until `stopFile` exists (or for `seconds` at most) and returns their
    /// reports.
    func workers(seconds: Int, stopFile: URL? = nil) async throws -> [Report] {
        let stopAt = String(Int(Date().timeIntervalSince1970) + seconds)
        let stop = stopFile.map { ["--stop-file", $0.path] } ?? []
        return try await withThrowingTaskGroup(of: Report.self) { group in
            for index in 0..<FleetTests.workers {
                group.addTask {
                    let name = "worker\(index)"
                    let output = try await self.runHelper(
                        self.arguments(folder: name) + ["--stop-at", stopAt] + stop, name: name)
                    let line = output.split(separator: "\n").last.map(String.init) ?? ""
                    return try JSONDecoder().decode(Report.self, from: Data(line.utf8))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Runs the helper to its end and returns its standard output (see ``SpawnedProcess`` for
    /// why not Foundation's `Process`).
    func runHelper(_ arguments: [String], name: String) async throws -> String {
        let output = folder.appendingPathComponent(name + ".out")
        let errors = folder.appendingPathComponent(name + ".err")
        let child = try SpawnedProcess(try Self.helper().path, arguments: arguments, output: output, errors: errors)
        let status = await child.wait()
        guard status == 0 else {
            let complaint = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Stuck(description: "\(name) exited with \(status): \(complaint)")
        }
        return try String(contentsOf: output, encoding: .utf8)
    }

    /// The fake Reddit's counts for this fleet's client id.
    func stats() async throws -> Stats {
        // This fleet's counts alone: other tests sign in to the same fake Reddit meanwhile.
        let data = try await HTTPClient(baseURL: reddit).send(
            Request<Data>(path: "/test/stats", query: [URLQueryItem(name: "client", value: clientID)])
        ).value
        var stats = try JSONDecoder().decode(Stats.self, from: data)
        stats.mine = (stats.windows[clientID] ?? []).sorted { $0.index < $1.index }
        stats.tokenAge = stats.tokenAges[clientID] ?? 0
        return stats
    }

    /// Waits until the fake Reddit has served `count` requests of this fleet (a minute at most),
    /// or, with `orRefreshDue`, until the fleet's token is due for a refresh (2 s before it
    /// expires, as the workers refresh): without Redis the workers wait for it to refresh. With
    /// `freshToken`, it waits on until the token is 1.5 to 3 s old as well (refreshed, and adopted
    /// by every worker, which a worker waiting for the lock would otherwise do only after Redis
    /// returns).
    func waitForServed(_ count: Int, orRefreshDue: Bool = false, freshToken: Bool = false) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while true {
            let stats = try await stats()
            let served = stats.served >= count && (!freshToken || (1.5..<3).contains(stats.tokenAge))
            if served || (orRefreshDue && stats.tokenAge >= stats.tokenSeconds - 2) { return }
            guard ContinuousClock.now < deadline else {
                throw Stuck(description: "the fleet stopped short of \(count)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until the fake Reddit has served this fleet in window `index` (a minute at most).
    func waitForWindow(_ index: Int) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while try await (stats().mine.last?.index ?? -1) < index {
            guard ContinuousClock.now < deadline else {
                throw Stuck(description: "the fleet never reached window \(index)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    struct Stuck: Error, CustomStringConvertible { let description: String }

    /// Starts redis-server (daemonized; when `persistent`, with an append-only file written before
    /// each reply, so that a restart after a kill keeps the token and the lock) and waits until it
    /// answers PING.
    func startRedis() async throws {
        let pidFile = folder.appendingPathComponent("redis.pid")
        try? FileManager.default.removeItem(at: pidFile)
        let arguments = [
            redisServer, "--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly",
            persistent ? "yes" : "no", "--appendfsync", "always", "--dir", folder.path,
            "--daemonize", "yes", "--pidfile", pidFile.path, "--logfile",
            folder.appendingPathComponent("redis.log").path,
        ]
        // The parent forks the daemon and exits; the daemon is found through its pid file.
        let parent = try SpawnedProcess(redisServer, arguments: Array(arguments.dropFirst()))
        guard await parent.wait() == 0 else {
            throw Stuck(description: "redis-server did not start: \(folder.appendingPathComponent("redis.log").path)")
        }
        let probe = RedisConnection(host: "127.0.0.1", port: redisPort, retryInterval: .milliseconds(20))
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while (try? await probe.run(["PING"])) == nil {
            guard ContinuousClock.now < deadline else {
                throw Stuck(description: "redis-server did not answer on port \(redisPort)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        var pid: Int32?
        while pid == nil {
            pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            guard pid != nil else {
                guard ContinuousClock.now < deadline else { throw Stuck(description: "redis-server wrote no pid file") }
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
        }
        redisPID.withLock { $0 = pid }
    }

    /// Kills redis-server (SIGKILL: no goodbye to its clients) and waits until it no longer answers.
    func killRedis() async {
        guard let pid = redisPID.withLock({ $0 }) else { return }
        kill(pid, SIGKILL)
        redisPID.withLock { $0 = nil }
        let probe = RedisConnection(host: "127.0.0.1", port: redisPort, retryInterval: .milliseconds(20))
        while (try? await probe.run(["PING"])) != nil { try? await Task.sleep(for: .milliseconds(20)) }
    }

    func stop() {
        if let pid = redisPID.withLock({ $0 }) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    static func helper() throws -> URL { try HelperExecutable.url(named: "courier-fleet-helper") }
}
