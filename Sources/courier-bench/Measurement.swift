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

/// A scenario's result for one contender: the median of several runs with their spread.
struct CellResult: Sendable {
    enum Unit: Sendable { case requestsPerSecond, megabytesPerSecond, treesPerSecond }

    let runs: [RunResult]
    let unit: Unit

    /// Operations (or MB) per second of each run.
    var rates: [Double] {
        runs.map { run in
            let seconds = run.elapsed.seconds
            return unit == .megabytesPerSecond ? Double(run.bytes) / 1_000_000 / seconds : Double(run.operations) / seconds
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
        return sorted[max(0, index)].seconds * 1000
    }

    /// The median run's server hits, when counted.
    var serverHits: Int? {
        let hits = runs.compactMap(\.serverHits)
        return hits.isEmpty ? nil : Int(hits.map(Double.init).median)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
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

/// Times `operation` once per call, `count` times in a row.
func timeSequentially(count: Int, bytesEach: Int = 0, _ operation: () async throws -> Void) async throws -> RunResult {
    var latencies: [Duration] = []
    latencies.reserveCapacity(count)
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0..<count {
        let begin = clock.now
        try await operation()
        latencies.append(clock.now - begin)
    }
    return RunResult(operations: count, bytes: bytesEach * count, elapsed: clock.now - started, latencies: latencies)
}

/// Times `count` operations run by `concurrency` workers, each doing its share one at a time.
func timeConcurrently(
    count: Int, concurrency: Int, _ operation: @escaping @Sendable () async throws -> Void
) async throws -> RunResult {
    let clock = ContinuousClock()
    let started = clock.now
    let latencies = try await withThrowingTaskGroup(of: [Duration].self) { group in
        for worker in 0..<concurrency {
            let share = count / concurrency + (worker < count % concurrency ? 1 : 0)
            group.addTask {
                var latencies: [Duration] = []
                latencies.reserveCapacity(share)
                for _ in 0..<share {
                    let begin = clock.now
                    try await operation()
                    latencies.append(clock.now - begin)
                }
                return latencies
            }
        }
        return try await group.reduce(into: []) { $0 += $1 }
    }
    return RunResult(operations: count, elapsed: clock.now - started, latencies: latencies)
}
