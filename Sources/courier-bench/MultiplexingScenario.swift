import Courier
import Foundation

/// The HTTP/2 row: 100 requests in flight on `CurlTransport` to nginx over TLS, multiplexed on
/// one HTTP/2 connection, against the same over HTTP/1.1 with the transport's per-host connection
/// limit (6 connections, the other 94 requests waiting for one).
struct MultiplexingScenario {
    let plan: Plan
    let nginx: Nginx
    let tls: NginxTLS

    static let inFlight = 100

    /// The row's table, and lines saying which connections and protocols nginx logged for one
    /// burst of 100 requests from each contender.
    func run() async throws -> (table: [String], evidence: [String]) {
        let limit = CurlTransport.defaultMaximumConnectionsPerHost
        let http1 = Contender.courier(
            "CurlTransport, HTTP/1.1 (\(limit) connections)", baseURL: tls.http1URL,
            transport: try CurlTransport(timeout: .seconds(60), certificateAuthorities: tls.certificate))
        let http2 = Contender.courier(
            "CurlTransport, HTTP/2", baseURL: tls.http2URL,
            transport: try CurlTransport(timeout: .seconds(60), certificateAuthorities: tls.certificate))
        let contenders = [http1, http2]
        let scenarios = NetworkScenarios(plan: plan, contenders: contenders, nginx: nginx)
        for contender in contenders {
            _ = try await burst(contender, path: "/small.json", marker: nil)
        }
        let slice = Budget.time(plan.slice)
        let row = try await scenarios.row("\(Self.inFlight) in flight GET over TLS, 1.8 KB") { contender in
            try await timeConcurrently(slice, concurrency: Self.inFlight) {
                _ = try await contender.fetch("/small.json", nil)
            }
        }
        var evidence: [String] = []
        for contender in contenders {
            let marker = "burst-" + UUID().uuidString
            _ = try await burst(contender, path: "/logged/small.json", marker: marker)
            let summary = await nginx.connectionLog.summary(containing: marker)
            evidence.append("- \(contender.name), \(Self.inFlight) requests started together: \(summary.description).")
        }
        let report = Report(contenders: contenders.map(\.name), networkRows: [row], decodingRows: [])
        return (report.networkTable(), evidence)
    }

    /// `inFlight` GETs of `path` started together.
    private func burst(_ contender: Contender, path: String, marker: String?) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.inFlight {
                group.addTask { _ = try await contender.fetch(path, marker) }
            }
            try await group.waitForAll()
        }
    }
}
