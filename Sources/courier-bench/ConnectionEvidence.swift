import Foundation

extension NetworkScenarios {
    /// Which connections each contender's requests came on with `concurrency` in flight,
    /// `requests` in all, from nginx's log: how the 16-in-flight row's load spreads over a
    /// transport's connections.
    func connectionEvidence(concurrency: Int, requests: Int) async throws -> [String] {
        var lines: [String] = []
        for contender in contenders {
            let marker = "spread-" + UUID().uuidString
            _ = try await contender.onItsExecutor {
                try await timeConcurrently(.operations(requests), concurrency: concurrency) {
                    _ = try await contender.fetch("/logged/small.json", marker)
                }
            }
            let summary = await nginx.connectionLog.summary(containing: marker)
            lines.append("- \(contender.name), \(concurrency) in flight: \(summary.description).")
        }
        return lines
    }
}
