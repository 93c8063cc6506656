import Foundation
import TestSupport
import Testing

/// Four worker processes (courier-fleet-helper) share one budget and one sign-in through a real
/// redis-server, against the fake Reddit of Scripts/test (Tests/Servers/fake_reddit.py: 60
/// requests per 6 s per client id, 429 past it; 8-second tokens rotated with reuse protection).
/// The test starts a redis-server of its own, so that it can kill and restart it.
@Suite(.serialized) struct FleetTests {
    static let workers = 4
    static let limit = 60

    @Test func fourProcessesShareOneBudgetAndOneSignIn() async throws {
        let run = try await FleetRun.start()
        defer { run.stop() }
        let reports = try await run.workers(seconds: 26)
        let stats = try await run.stats()
        print("fleet (Redis up):", stats.summary, reports.map(\.ok))
        for report in reports {
            #expect(report.state == "authenticated", "a worker ended signed out: \(report.lastError)")
            #expect(report.failures == 0, "a call failed: \(report.lastError)")
        }
        #expect(stats.refused == 0, "429s: \(stats.summary); events: \(reports.map(\.events))")
        // Every window the fleet ran through from start to end: within 5% of the budget.
        let full = stats.fullWindows
        #expect(full.count >= 3, "\(stats.summary)")
        for window in full {
            #expect(window.served >= Self.limit * 95 / 100 && window.served <= Self.limit, "\(stats.summary)")
        }
        // One refresh per expiry (8 s tokens refreshed 2 s early: one every 6 s), never two.
        #expect(stats.reuses == 0 && stats.youngRefreshes == 0, "\(stats.summary)")
        #expect(stats.refreshes >= 3 && stats.refreshes <= 5, "\(stats.summary)")
    }

    /// Redis is killed (SIGKILL) mid-run and restarted on the same port, with its data (an
    /// append-only file) or empty: the workers go on with their local shares (nothing more in the
    /// window Redis went away in, then a quarter of what the fleet left of the next, then a
    /// quarter of each window), nobody gets a 429 or is signed out, each reports the fallback
    /// and the recovery, nobody refreshes twice or reuses a refresh token, and from the third
    /// window after the restart the fleet spends the whole budget together again.
    @Test(arguments: [true, false])
    func killingRedisMidRunFallsBackToLocalSharesAndConverges(persistent: Bool) async throws {
        let run = try await FleetRun.start(persistent: persistent)
        defer { run.stop() }
        let stopFile = run.folder.appendingPathComponent("stop")
        let workers = Task { try await run.workers(seconds: 150, stopFile: stopFile) }
        let stopWorkers = { _ = FileManager.default.createFile(atPath: stopFile.path, contents: nil) }
        let restartWindow: Int
        var outage: Duration = .zero
        var servedInOutage = 0
        do {
            // Two windows' worth with Redis up, then just after a refresh: the outage has most of
            // a token's life before the next refresh falls due.
            try await run.waitForServed(2 * Self.limit, freshToken: true)
            await run.killRedis()
            let killedAt = ContinuousClock.now
            // The fleet goes on without Redis, until a refresh falls due: that one waits for Redis
            // (a refresh without the fleet's lock could send one refresh token twice).
            let atKill = try await run.stats().served
            try await run.waitForServed(atKill + Self.limit / 4, orRefreshDue: true)
            servedInOutage = try await run.stats().served - atKill
            try await run.startRedis()
            outage = killedAt.duration(to: .now)
            restartWindow = try await run.stats().mine.last?.index ?? 0
            // A worker keeps to its share until two more windows have begun: the windows from
            // restartWindow + 3 on are the fleet's again. Wait until one of them has ended.
            try await run.waitForWindow(restartWindow + 4)
        } catch {
            stopWorkers()
            let reports = try? await workers.value
            print("fleet stuck:", (try? await run.stats().summary) ?? "", reports ?? [])
            throw error
        }
        stopWorkers()
        let reports = try await workers.value
        let stats = try await run.stats()
        print(
            "fleet (Redis \(persistent ? "with" : "without") its data killed for \(outage), \(servedInOutage) requests served meanwhile, restarted in window",
            "\(restartWindow)):", stats.summary,
            "requests in fallback \(reports.map(\.fallbackRequests)), converged after (s)",
            reports.map(\.convergeSeconds), "events", reports.map(\.events))
        for report in reports {
            #expect(report.state == "authenticated", "a worker ended signed out: \(report.lastError)")
            #expect(report.failures == 0 && report.tooMany == 0, "a call failed: \(report.lastError)")
            #expect(report.events == ["unreachable", "recovered"], "\(report.events)")
        }
        // A worker that waited through the outage (for the lock, or the window's end) never needed its
        // share; the fleet as a whole did.
        #expect(reports.map(\.fallbackRequests).reduce(0, +) > 0)
        #expect(stats.refused == 0, "429s: \(stats.summary)")
        #expect(stats.reuses == 0 && stats.youngRefreshes == 0, "\(stats.summary)")
        let converged = stats.fullWindows.filter { $0.index >= restartWindow + 3 }
        #expect(!converged.isEmpty, "\(stats.summary)")
        for window in converged {
            #expect(window.served >= Self.limit * 95 / 100 && window.served <= Self.limit, "\(stats.summary)")
        }
    }
}
