import CourierOAuth
import Foundation
import TestSupport
import Testing

/// Two real processes share one token file against django-oauth-toolkit with refresh-token
/// rotation and reuse protection. Each treats its token as stale 2 s after issue, so an expiry
/// comes every 2 s; over several of them both must stay signed in, and the server must see one
/// refresh per expiry and no reused refresh token.
///
/// The helper's `--unshared` flag hides the store's lock and re-read (the behaviour before them);
/// `runTwoHelpers(unshared: true)` then ends with a refused, reused refresh token and a process
/// signed out in most runs, which is the defect this test guards against. It is not a test of its
/// own because whether the race is lost depends on the machine's timing.
@Suite struct CrossProcessRefreshTests {
    static let expiries = 4

    @Test func twoProcessesShareEachRefresh() async throws {
        let run = try await runTwoHelpers(unshared: false)
        for report in run.reports {
            #expect(report.state == "authenticated", "a process ended signed out: \(report.lastError)")
            #expect(report.failures == 0, "a call failed: \(report.lastError)")
        }
        #expect(run.stats["refresh_token"] == Self.expiries, "refreshes seen by the server: \(run.stats)")
        #expect(run.stats["refresh_token:400"] == nil, "a refresh token was sent twice")
        // Both used the same chain of tokens (one refresh serves both), not a chain each.
        let shared = Set(run.reports[0].tokens).intersection(run.reports[1].tokens)
        #expect(shared.count >= Self.expiries - 1, "the processes shared \(shared.count) tokens")
    }

    struct Report: Decodable {
        let calls: Int
        let failures: Int
        let state: String
        let lastError: String
        let tokens: [String]
    }

    struct Run {
        let reports: [Report]
        let stats: [String: Int]
    }

    private func runTwoHelpers(unshared: Bool) async throws -> Run {
        let server = try OAuthServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-xproc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("token.json")
        try await server.signIn(server.session(server.publicClient(), store: FileTokenStore(fileURL: file)))

        var arguments = [
            "--server", server.baseURL.absoluteString, "--token-file", file.path, "--key", server.testKey,
            "--refreshes", String(Self.expiries), "--peers", "2", "--deadline", "60",
        ]
        if unshared { arguments.append("--unshared") }
        let executable = try Self.executable()
        async let first = ChildProcess.run(executable, arguments: arguments)
        async let second = ChildProcess.run(executable, arguments: arguments)
        let outputs = try await [first, second]
        let reports = try outputs.map { output in
            let line = output.split(separator: "\n").last.map(String.init) ?? ""
            return try JSONDecoder().decode(Report.self, from: Data(line.utf8))
        }
        let stats = try await server.tokenStats()
        return Run(reports: reports, stats: stats)
    }

    /// The helper's executable, next to the test bundle in the build directory.
    static func executable() throws -> URL { try HelperExecutable.url(named: "courier-oauth-refresh-helper") }
}
