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
        #expect(stats.refused == 0, "429s: \(stats.summary)")
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

    // Not a test yet: killing Redis mid-run (FleetRun.killRedis) made Foundation's Process
    // report a worker as exited while it ran (terminationStatus trapped in this process). The kill
    // and restart were run by hand with the same helper; see the issue 38 report.
}
