import Courier

/// What one timed run produced: how much work, how long it took, and each operation's latency.
struct RunResult: Sendable {
    /// Operations (requests, decodes) completed.
    var operations: Int
    /// Bytes processed, for throughput in MB/s (decode rows).
    var bytes: Int = 0
    /// Wall-clock time of the whole run.
    var elapsed: Duration
    /// One entry per operation.
    var latencies: [Duration]
    /// Server hits counted during the run (de-duplication row).
    var serverHits: Int?
}

extension RunResult {
    /// Operations completed per second of the run.
    var operationsPerSecond: Double { Double(operations) / elapsed.timeInterval }

    /// One run made of `parts` taken at different times: their operations, bytes, time,
    /// latencies and server hits added up.
    init(combining parts: [RunResult]) {
        let hits = parts.compactMap(\.serverHits)
        self.init(
            operations: parts.reduce(0) { $0 + $1.operations }, bytes: parts.reduce(0) { $0 + $1.bytes },
            elapsed: parts.reduce(.zero) { $0 + $1.elapsed }, latencies: parts.flatMap(\.latencies),
            serverHits: hits.isEmpty ? nil : hits.reduce(0, +)
        )
    }
}

/// A scenario's result for one contender: the median of several runs with their spread.
struct CellResult: Sendable {
    enum Unit: Sendable { case requestsPerSecond, megabytesPerSecond, treesPerSecond }

    let runs: [RunResult]
    let unit: Unit

    /// Operations (or MB) per second of each run.
    var rates: [Double] {
        runs.map { run in
            unit == .megabytesPerSecond
                ? Double(run.bytes) / 1_000_000 / run.elapsed.timeInterval : run.operationsPerSecond
        }
    }

    /// The median run's rate: what the table and the ratios use.
    var rate: Double { rates.median }

    /// (max − min) / median of the runs' rates, in percent.
    var spreadPercent: Double {
        let rates = rates
        guard let low = rates.min(), let high = rates.max(), rate > 0 else { return 0 }
        return (high - low) / rate * 100
    }

    /// Latency percentile over every operation of every run, in milliseconds.
    func percentile(_ fraction: Double) -> Double {
        let sorted = runs.flatMap(\.latencies).sorted()
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)
        return sorted[max(0, index)].timeInterval * 1000
    }

    /// The median run's server hits, when counted.
    var serverHits: Int? {
        let hits = runs.compactMap(\.serverHits)
        return hits.isEmpty ? nil : Int(hits.map(Double.init).median)
    }
}

extension Array where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count).
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// How much a timed loop does: a number of operations, or as many as fit in a time slice.
enum Budget: Sendable {
    case operations(Int)
    case time(Duration)

    /// The operations worker `worker` of `workers` does, or nil when the loop runs on time.
    func share(of worker: Int, among workers: Int) -> Int? {
        guard case .operations(let count) = self else { return nil }
        return count / workers + (worker < count % workers ? 1 : 0)
    }

    /// When a loop that started at `start` stops, or nil when it counts operations.
    func deadline(from start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard case .time(let slice) = self else { return nil }
        return start + slice
    }
}

/// Times `operation` once per call, calls following one another until `budget` is spent.
func timeSequentially(_ budget: Budget, bytesEach: Int = 0, _ operation: () async throws -> Void) async throws
    -> RunResult
{
    let started = ContinuousClock.now
    let latencies = try await timedLoop(
        share: budget.share(of: 0, among: 1), deadline: budget.deadline(from: started), operation)
    return RunResult(
        operations: latencies.count, bytes: bytesEach * latencies.count, elapsed: .now - started, latencies: latencies
    )
}

/// Times operations run by `concurrency` workers, each doing one at a time until `budget` is
/// spent: its share of the operations, or the same time slice for all.
func timeConcurrently(
    _ budget: Budget, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void
) async throws -> RunResult {
    let started = ContinuousClock.now
    let deadline = budget.deadline(from: started)
    let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
        for worker in 0..<concurrency {
            let share = budget.share(of: worker, among: concurrency)
            group.addTask { try await timedLoop(share: share, deadline: deadline, operation) }
        }
        return try await group.reduce(into: []) { $0 += $1 }
    }
    return RunResult(operations: latencies.count, elapsed: .now - started, latencies: latencies)
}

/// One worker's loop: `share` operations, or as many as start before `deadline`; their latencies.
private func timedLoop(
    share: Int?, deadline: ContinuousClock.Instant?, _ operation: () async throws -> Void
) async throws -> [Duration] {
    var latencies: [Duration] = []
    latencies.reserveCapacity(share ?? 1_024)
    let clock = ContinuousClock()
    while true {
        let begin = clock.now
        if let share, latencies.count >= share { break }
        if let deadline, begin >= deadline { break }
        try await operation()
        latencies.append(clock.now - begin)
    }
    return latencies
}
