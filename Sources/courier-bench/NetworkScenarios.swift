import Courier
import Foundation

/// A network scenario's results, one cell per contender (same order as the contenders).
struct NetworkRow: Sendable {
    let scenario: String
    let cells: [CellResult]
    /// Whether the row is about server hits (de-duplication) rather than throughput.
    var countsHits = false
    /// The same scenario over plain keep-alive sockets, when measured: the ceiling.
    var ceiling: CellResult?
    /// The ceiling's turns, each run in the same turn as the contenders' turns of that index.
    var ceilingTurns: [RunResult] = []
    /// How many connections the ceiling used.
    var ceilingConnections = 1
    /// Each contender's turns in the order they ran (same order as the cells); turn `t` of every
    /// contender ran back to back with turn `t` of the others.
    var turns: [[RunResult]] = []

    /// Contender `index`'s throughput against the first contender's, turn by turn.
    func turnRatios(_ index: Int) -> [Double] {
        zip(turns[index], turns[0]).map { $0.operationsPerSecond / $1.operationsPerSecond }
    }

    /// The median over turns of ``turnRatios(_:)``: a change in the machine's load between
    /// turns cancels out.
    func pairedRatio(_ index: Int) -> Double { turnRatios(index).median }

    /// Contender `index`'s throughput against the ceiling's, turn by turn.
    func ceilingTurnRatios(_ index: Int) -> [Double] {
        zip(turns[index], ceilingTurns).map { $0.operationsPerSecond / $1.operationsPerSecond }
    }

    /// The median over turns of ``ceilingTurnRatios(_:)``; nil without a ceiling.
    func ceilingRatio(_ index: Int) -> Double? { ceilingTurns.isEmpty ? nil : ceilingTurnRatios(index).median }
}

/// The scenarios that go through nginx. The contenders take turns in time slices within each
/// run, so a change in the machine's load hits every column alike.
struct NetworkScenarios {
    let plan: Plan
    let contenders: [Contender]
    let nginx: Nginx

    func run() async throws -> [NetworkRow] {
        for contender in contenders {
            try await contender.onItsExecutor {
                for _ in 0..<plan.warmUpRequests { _ = try await contender.fetch("/small.json", nil) }
                _ = try await contender.fetchFeed("/medium.json")
            }
        }
        let port = nginx.baseURL.port ?? 80
        _ = try await SocketLoop.run(
            port: port, path: "/small.json", connections: 16, budget: .operations(plan.warmUpRequests))
        let slice = Budget.time(plan.slice)
        return [
            try await row(
                "sequential GET, 1.8 KB",
                ceiling: Ceiling(connections: 1) {
                    try await SocketLoop.run(port: port, path: "/small.json", connections: 1, budget: slice)
                },
                { contender in
                    try await timeSequentially(slice) { _ = try await contender.fetch("/small.json", nil) }
                }),
            try await row(
                "16 in flight GET, 1.8 KB",
                ceiling: Ceiling(connections: 16) {
                    try await SocketLoop.run(port: port, path: "/small.json", connections: 16, budget: slice)
                }
            ) { contender in
                try await timeConcurrently(slice, concurrency: 16) { _ = try await contender.fetch("/small.json", nil) }
            },
            try await row("GET + decode, 100 KB JSON") { contender in
                try await timeSequentially(slice) { _ = try await contender.fetchFeed("/medium.json") }
            },
            try await identicalRequestsRow(),
        ]
    }

    /// Measures every contender `plan.runs` times, and the ceiling (when there is one) in every
    /// turn alongside them.
    ///
    /// A run is `slices` turns of `measure` per contender (each ``Plan/slice`` long in the
    /// time-sliced rows), the contenders running one after another in each turn, in a new order
    /// each turn (see ``orders(of:)``), so a change in the machine's load hits every column alike;
    /// the slices of a run add up to its result, and ``NetworkRow/pairedRatio(_:)`` compares the
    /// contenders turn by turn. The ceiling takes its turn as one more participant, in every
    /// order too, so ``NetworkRow/ceilingRatio(_:)`` compares a contender with it under the same
    /// load. Slices are equal in time, not in requests: here a burst of requests starts slow after
    /// any change of load (CurlTransport's first requests after URLSession ran measured up to twice
    /// as slow as later ones, settling over about 200 ms), so slices of equal count would be
    /// mostly that ramp for the fastest contender.
    func row(
        _ scenario: String, slices: Int? = nil, ceiling: Ceiling? = nil,
        _ measure: (Contender) async throws -> RunResult
    ) async throws -> NetworkRow {
        var runs = Array(repeating: [RunResult](), count: contenders.count)
        var turns = Array(repeating: [RunResult](), count: contenders.count)
        var ceilingRuns: [RunResult] = []
        var ceilingTurns: [RunResult] = []
        // The ceiling, when measured, is participant `contenders.count`.
        let participants = contenders.count + (ceiling == nil ? 0 : 1)
        let orders = Self.orders(of: Array(0..<participants))
        var turn = 0
        for _ in 0..<plan.runs {
            var parts = Array(repeating: [RunResult](), count: participants)
            for _ in 0..<(slices ?? plan.slicesPerRun) {
                for index in orders[turn % orders.count] {
                    if index < contenders.count {
                        let contender = contenders[index]
                        parts[index].append(try await contender.onItsExecutor { try await measure(contender) })
                    } else if let ceiling {
                        parts[index].append(try await ceiling.measure())
                    }
                }
                turn += 1
            }
            for index in contenders.indices {
                runs[index].append(RunResult(combining: parts[index]))
                turns[index] += parts[index]
            }
            if ceiling != nil {
                ceilingRuns.append(RunResult(combining: parts[contenders.count]))
                ceilingTurns += parts[contenders.count]
            }
        }
        var row = NetworkRow(
            scenario: scenario, cells: runs.map { CellResult(runs: $0, unit: .requestsPerSecond) }, turns: turns)
        if let ceiling {
            row.ceiling = CellResult(runs: ceilingRuns, unit: .requestsPerSecond)
            row.ceilingTurns = ceilingTurns
            row.ceilingConnections = ceiling.connections
        }
        return row
    }

    /// The same scenario over plain keep-alive sockets (see ``SocketLoop``).
    struct Ceiling {
        let connections: Int
        let measure: () async throws -> RunResult
    }

    /// The orders turns go through in turn. Up to four participants, every order (6 of 3, 24 of
    /// 4): over a cycle each runs first, last, and right after each other one equally often. With
    /// more, every order would take more turns than a run has (120 of 5, in lexicographic order:
    /// 36 turns would never put the last participants first), so each rotation of the
    /// participants and of their reverse (10 of 5): every participant takes every place equally
    /// often, and follows its neighbours from both sides.
    static func orders(of items: [Int]) -> [[Int]] {
        guard items.count > 4 else { return permutations(of: items) }
        func rotations(_ base: [Int]) -> [[Int]] { base.indices.map { Array(base[$0...] + base[..<$0]) } }
        return rotations(items) + rotations(items.reversed())
    }

    /// Every order of `items`.
    private static func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.flatMap { first in
            permutations(of: items.filter { $0 != first }).map { [first] + $0 }
        }
    }

    /// 100 identical GETs started together; nginx's access log says how many reached it. Courier
    /// sends them with `.useCurrentIfPossible`, so the calls that start while the first is in
    /// flight join it instead of reaching nginx.
    private func identicalRequestsRow() async throws -> NetworkRow {
        var row = try await row("\(plan.identicalRequests) identical concurrent GETs", slices: 1) { contender in
            let marker = "run-" + UUID().uuidString
            var result = try await timeConcurrently(
                .operations(plan.identicalRequests), concurrency: plan.identicalRequests
            ) {
                _ = try await contender.fetchShared("/counted/small.json", marker)
            }
            result.serverHits = await nginx.hits(containing: marker)
            return result
        }
        row.countsHits = true
        return row
    }
}
