import Foundation

/// A network scenario's results, one cell per contender (same order as the contenders).
struct NetworkRow: Sendable {
    let scenario: String
    let cells: [CellResult]
    /// Whether the row is about server hits (de-duplication) rather than throughput.
    var countsHits = false
    /// The same scenario over a plain keep-alive socket, when measured: the ceiling.
    var ceiling: CellResult?
}

/// The scenarios that go through nginx. Runs are interleaved (run 1 of every contender, then
/// run 2...), so a change in the machine's load hits every column alike.
struct NetworkScenarios {
    let plan: Plan
    let contenders: [Contender]
    let nginx: Nginx

    func run() async throws -> [NetworkRow] {
        for contender in contenders {
            for _ in 0..<plan.warmUpRequests { _ = try await contender.fetch("/small.json", nil) }
            _ = try await contender.fetchFeed("/medium.json")
        }
        let port = nginx.baseURL.port ?? 80
        _ = try await PlainSocket.run(port: port, path: "/small.json", count: plan.warmUpRequests)
        return [
            try await row("sequential GET, 1.8 KB", ceiling: {
                try await PlainSocket.run(port: port, path: "/small.json", count: plan.sequentialRequests)
            }) { contender in
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

    /// Measures every contender `plan.runs` times, interleaved, and the ceiling in the same
    /// rounds when there is one. Each round starts with the next contender, so no contender
    /// always runs right after the same other one.
    private func row(
        _ scenario: String, ceiling: (() async throws -> RunResult)? = nil, _ measure: (Contender) async throws -> RunResult
    ) async throws -> NetworkRow {
        var runs = Array(repeating: [RunResult](), count: contenders.count)
        var ceilingRuns: [RunResult] = []
        for round in 0..<plan.runs {
            for offset in contenders.indices {
                let index = (round + offset) % contenders.count
                runs[index].append(try await measure(contenders[index]))
            }
            if let ceiling { ceilingRuns.append(try await ceiling()) }
        }
        var row = NetworkRow(scenario: scenario, cells: runs.map { CellResult(runs: $0, unit: .requestsPerSecond) })
        if !ceilingRuns.isEmpty { row.ceiling = CellResult(runs: ceilingRuns, unit: .requestsPerSecond) }
        return row
    }

    /// 100 identical GETs started together; nginx's access log says how many reached it. Courier
    /// sends them with `.useCurrentIfPossible`, so the calls that start while the first is in
    /// flight join it instead of reaching nginx.
    private func identicalRequestsRow() async throws -> NetworkRow {
        var row = try await row("\(plan.identicalRequests) identical concurrent GETs") { contender in
            let marker = "run-" + UUID().uuidString
            var result = try await timeConcurrently(count: plan.identicalRequests, concurrency: plan.identicalRequests) {
                _ = try await contender.fetchShared("/counted/small.json", marker)
            }
            result.serverHits = await nginx.hits(containing: marker)
            return result
        }
        row.countsHits = true
        return row
    }
}
