import Courier
import CourierRedis
import Foundation
import RedditAPI
import RedditFleet
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fleet rows (issue 38): what one request pays for a rate-limit budget shared through Redis
/// on loopback, against the local limiter, and the rate a fleet of four clients sharing one
/// budget sustains against a server that enforces it.
///
/// Both run against in-process servers (no network but Redis's): the first answers every
/// request with a budget that never runs out, the second enforces `limit` requests per window
/// per client as Tests/Servers/fake_reddit.py does (every request counts; 429 past the limit;
/// `X-Ratelimit-Reset` in whole seconds, rounded down). The bench starts a redis-server of its
/// own on a free loopback port and stops it; without redis-server the rows are skipped, and the
/// table says so.
struct FleetScenarios {
    let plan: Plan

    static let workers = 4
    static let limit = 60

    /// Requests timed per contender in the cost row.
    var timedRequests: Int { plan.name == "quick" ? 300 : 3_000 }
    /// The fleet row's window and how many windows it runs.
    var window: Duration { plan.name == "quick" ? .seconds(2) : .seconds(6) }
    var windows: Int { plan.name == "quick" ? 2 : 5 }

    /// Both rows, rendered.
    func run() async throws -> String {
        guard let binary = Self.redisServer() else {
            return "Fleet rows skipped: redis-server is not installed (Debian: apt-get install redis-server)"
        }
        let redis = try await RedisServer(binary: binary)
        defer { redis.stop() }
        var lines = [
            "Fleet (\(plan.name)): a budget shared through Redis on loopback (redis-server of the bench's own)"
        ]
        let local = try await costPerRequest(sharedBudget: nil)
        let shared = try await costPerRequest(
            sharedBudget: RedisRateBudget(connection: redis.connection(), namespace: "bench-cost", fleetSize: 1))
        lines.append(
            String(
                format:
                    "  per request, RedditClient over an in-process server: local limiter %.0f µs, Redis budget %.0f µs (%+.0f µs; mean of %d)",
                local, shared, shared - local, timedRequests))
        let fleet = try await sustainedRate(redis: redis)
        let perSecond = Double(Self.limit) / window.timeInterval
        lines.append(
            String(
                format:
                    "  %d clients, limit %d per %.0f s (%.0f/s): served per window %@, %.1f requests/s (%.0f%% of the limit), %d 429s",
                Self.workers, Self.limit, window.timeInterval, perSecond, "\(fleet.served)", fleet.rate,
                fleet.rate / perSecond * 100, fleet.refused))
        return lines.joined(separator: "\n")
    }

    /// The mean time of one request through RedditClient, after a warm-up, in microseconds.
    private func costPerRequest(sharedBudget: (any RateBudgetStore)?) async throws -> Double {
        let client = RedditClient(
            userAgent: try UserAgent("linux:courier.bench:1.0 (by /u/courier)"), authentication: .bearer("bench"),
            transport: LimitedServer(limit: 1_000_000_000, window: .seconds(3_600)), sharedBudget: sharedBudget)
        for _ in 0..<50 { _ = try await client.send(Reddit.listing(.new, subreddit: "bench")) }
        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for _ in 0..<timedRequests { _ = try await client.send(Reddit.listing(.new, subreddit: "bench")) }
        }
        return elapsed.timeInterval * 1_000_000 / Double(timedRequests)
    }

    /// Four clients, each with its own Redis connection, send as fast as their shared budget
    /// lets them for `windows` windows.
    private func sustainedRate(redis: RedisServer) async throws -> (served: [Int], refused: Int, rate: Double) {
        let server = LimitedServer(limit: Self.limit, window: window)
        let agent = try UserAgent("linux:courier.bench:1.0 (by /u/courier)")
        let clients = (0..<Self.workers).map { _ in
            RedditClient(
                userAgent: agent, authentication: .bearer("bench"), transport: server,
                sharedBudget: RedisRateBudget(
                    connection: redis.connection(), namespace: "bench-fleet", fleetSize: Self.workers))
        }
        let end = server.start.advanced(by: window * windows)
        await withTaskGroup(of: Void.self) { group in
            for client in clients {
                group.addTask {
                    while !Task.isCancelled {
                        _ = try? await client.send(Reddit.listing(.new, subreddit: "fleet"))
                    }
                }
            }
            try? await Task.sleep(until: end)
            group.cancelAll()
        }
        let counts = server.counts()
        let served = (0..<windows).map { counts[$0]?.served ?? 0 }
        let refused = counts.values.reduce(0) { $0 + $1.refused }
        return (served, refused, Double(served.reduce(0, +)) / (window * windows).timeInterval)
    }

    private static func redisServer() -> String? {
        ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/opt/homebrew/bin/redis-server"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

/// A server in this process that enforces `limit` requests per window, with Reddit's headers.
private final class LimitedServer: HTTPTransport {
    let limit: Int
    let window: Duration
    let start = ContinuousClock.now
    private let state = Mutex<[Int: (served: Int, refused: Int)]>([:])
    private static let listing = Data(#"{"kind":"Listing","data":{"after":null,"before":null,"children":[]}}"#.utf8)

    init(limit: Int, window: Duration) {
        self.limit = limit
        self.window = window
    }

    func counts() -> [Int: (served: Int, refused: Int)] { state.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let elapsed = start.duration(to: .now)
        let index = Int(elapsed / window)
        let reset = Int((window * (index + 1) - elapsed) / .seconds(1))
        let used = state.withLock { counts -> Int in
            var count = counts[index] ?? (0, 0)
            if count.served + count.refused < limit { count.served += 1 } else { count.refused += 1 }
            counts[index] = count
            return count.served + count.refused
        }
        let headers: HTTPHeaders = [
            "Content-Type": "application/json", "X-Ratelimit-Used": String(used),
            "X-Ratelimit-Remaining": String(Double(max(limit - used, 0))), "X-Ratelimit-Reset": String(reset),
        ]
        guard used <= limit else {
            return HTTPResponse(statusCode: 429, headers: headers, body: Data(), url: request.url)
        }
        return HTTPResponse(statusCode: 200, headers: headers, body: Self.listing, url: request.url)
    }
}

/// A redis-server of the bench's own on a free loopback port, without persistence. Started with
/// `posix_spawn` and stopped with `kill` and `waitpid`: Foundation's `Process.waitUntilExit()`
/// never returned for it here. SIGKILL, since the child inherits the signals Dispatch's threads
/// block (SIGTERM among them), and it keeps nothing worth a clean shutdown.
private final class RedisServer {
    let port: Int
    private let pid: pid_t

    init(binary: String) async throws {
        port = try LoopbackSocket().bindToFreePort()
        let arguments = [binary, "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchFailure("redis-server did not start: error \(spawned)") }
        pid = child
        let probe = connection()
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while (try? await probe.run(["PING"])) == nil {
            guard ContinuousClock.now < deadline, waitpid(pid, nil, WNOHANG) == 0 else {
                stop()
                throw BenchFailure("redis-server did not answer on port \(port)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func connection() -> RedisConnection { RedisConnection(host: "127.0.0.1", port: port) }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
