import Foundation

/// A network scenario's results, one cell per contender (same order as the contenders).
struct NetworkRow: Sendable {
    let scenario: String
    let cells: [CellResult]
    /// Whether the row is about server hits (de-duplication) rather than throughput.
    var countsHits = false
}

/// The scenarios that go through nginx. Runs are interleaved (run 1 of every contender, then
/// run 2...), so a change in the machine's load hits every column alike.
struct NetworkScenarios {
    let plan: Plan
    let contenders: [Contender]
    let nginx: Nginx

    /// The plain keep-alive socket loop on the sequential scenario: the ceiling.
    func socketReference() async throws -> CellResult {
        let port = nginx.baseURL.port ?? 80
        _ = try await PlainSocket.run(port: port, path: "/small.json", count: plan.warmUpRequests)
        var runs: [RunResult] = []
        for _ in 0..<plan.runs {
            runs.append(try await PlainSocket.run(port: port, path: "/small.json", count: plan.sequentialRequests))
        }
        return CellResult(runs: runs, unit: .requestsPerSecond)
    }

    func run() async throws -> [NetworkRow] {
        for contender in contenders {
            for _ in 0..<plan.warmUpRequests { _ = try await contender.fetch("/small.json", nil) }
            _ = try await contender.fetchFeed("/medium.json")
        }
        return [
            try await row("sequential GET, 1.8 KB") { contender in
                try await timeSequentially(count: plan.sequentialRequests) { _ = try await contender.fetch("/small.json", nil) }
            },
            try await row("16 in flight GET, 1.8 KB") { contender in
                try await timeConcurrently(count: plan.concurrentRequests, concurrency: 16) { _ = try await contender.fetch("/small.json", nil) }
            },
            try await row("GET + decode, 100 KB JSON") { contender in
                try await timeSequentially(count: plan.mediumRequests) { _ = try await contender.fetchFeed("/medium.json") }
            },
            try await identicalRequestsRow(),
        ]
    }

    private func row(_ scenario: String, _ measure: (Contender) async throws -> RunResult) async throws -> NetworkRow {
        var runs = Array(repeating: [RunResult](), count: contenders.count)
        for _ in 0..<plan.runs {
            for (index, contender) in contenders.enumerated() {
                runs[index].append(try await measure(contender))
            }
        }
        return NetworkRow(scenario: scenario, cells: runs.map { CellResult(runs: $0, unit: .requestsPerSecond) })
    }

    /// 100 identical GETs started together; nginx's access log says how many reached it.
    private func identicalRequestsRow() async throws -> NetworkRow {
        var row = try await row("\(plan.identicalRequests) identical concurrent GETs") { contender in
            let marker = "run-" + UUID().uuidString
            var result = try await timeConcurrently(count: plan.identicalRequests, concurrency: plan.identicalRequests) {
                _ = try await contender.fetch("/counted/small.json", marker)
            }
            result.serverHits = await nginx.hits(containing: marker)
            return result
        }
        row.countsHits = true
        return row
    }
}
