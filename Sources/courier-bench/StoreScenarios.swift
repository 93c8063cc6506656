import Courier
import CourierStore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stores' rows: what one operation costs as a store grows, and how much memory a document
/// takes to read and write. Costs are the mean of the operations timed at each size (amortized:
/// an eviction batch is spread over the stores it serves), so a flat row means the cost does
/// not grow with the store.
struct StoreScenarios {
    let plan: Plan

    /// Cache sizes (entries) at which inserts and evictions are measured;
    /// `COURIER_BENCH_CACHE_SIZES=1000,10000` overrides them (a cache whose cost grows with its
    /// size can take an hour to reach 100,000 entries).
    var cacheSizes: [Int] {
        if let sizes = ProcessInfo.processInfo.environment["COURIER_BENCH_CACHE_SIZES"]?.split(separator: ",")
            .compactMap({ Int($0) }),
            !sizes.isEmpty
        {
            return sizes.sorted()
        }
        return plan.name == "quick" ? [1_000, 3_000] : [1_000, 10_000, 100_000]
    }
    /// Operations timed at each size.
    var sampledOperations: Int { plan.name == "quick" ? 100 : 1_000 }
    /// Document sizes (bytes) whose peak memory is measured.
    var documentSizes: [Int] { plan.name == "quick" ? [1_000_000] : [1_000_000, 10_000_000, 100_000_000] }

    /// Every row of the stores' table, rendered.
    func run() async throws -> String {
        var lines = [
            "Stores (\(plan.name)): per-operation cost at growing sizes (mean of at least \(sampledOperations) operations, amortized)",
            "",
        ]
        lines.append(Self.row("ResponseCache", cacheSizes.map { Self.grouped($0) + " entries" }))
        lines.append(Self.row("insert (ms, cache not full)", try await insertCosts().map(Self.milliseconds)))
        lines.append(Self.row("insert + evict (ms, cache full)", try await evictionCosts().map(Self.milliseconds)))
        lines.append("")
        lines.append(
            "Peak memory above the process's own, in MB and as a multiple of the file (a child process per cell; peak resident size)"
        )
        lines.append(Self.row("DocumentStore", documentSizes.map { Self.grouped($0 / 1_000_000) + " MB file" }))
        for mode in DocumentMemory.Mode.allCases {
            var cells: [String] = []
            for size in documentSizes {
                let peak = try await DocumentMemory.measure(mode, size: size)
                cells.append(String(format: "%.0f MB (%.1f×)", Double(peak) / 1_000_000, Double(peak) / Double(size)))
            }
            lines.append(Self.row(mode.title, cells))
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Response cache

    /// Answers every request with a 200 of `bodySize` bytes, fresh for an hour, without a network.
    private struct Answering: HTTPTransport {
        static let bodySize = 200
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(
                statusCode: 200, headers: ["Cache-Control": "max-age=3600"],
                body: Data(repeating: 0x61, count: Self.bodySize), url: request.url)
        }
    }

    private static func client(_ cache: ResponseCache) -> HTTPClient {
        HTTPClient(baseURL: URL(string: "https://bench.example")!, transport: Answering()) { $0.interceptors = [cache] }
    }

    /// Stores `count` new responses through the interceptor; returns each store's duration.
    private static func store(_ count: Int, from first: Int, through client: HTTPClient) async throws -> [Duration] {
        let clock = ContinuousClock()
        var durations: [Duration] = []
        durations.reserveCapacity(count)
        for index in first..<(first + count) {
            let started = clock.now
            _ = try await client.send(Request<Data>(path: "/r/\(index)").cachePolicy(.reloadIgnoringCache))
            durations.append(clock.now - started)
        }
        return durations
    }

    /// One cache with room for everything, grown to each size; the last operations before each
    /// size is reached are timed.
    private func insertCosts() async throws -> [Duration] {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ResponseCache(
            fileURL: directory.appendingPathComponent("insert.sqlite"),
            configuration: .init(maximumSize: Int.max / 2))
        let client = Self.client(cache)
        var stored = 0
        var costs: [Duration] = []
        for size in cacheSizes {
            _ = try await Self.store(size - stored - sampledOperations, from: stored, through: client)
            costs.append(try await Self.store(sampledOperations, from: size - sampledOperations, through: client).mean)
            stored = size
        }
        return costs
    }

    /// For each size, a cache whose budget holds about that many responses, filled, then timed
    /// while every store pushes older responses out.
    private func evictionCosts() async throws -> [Duration] {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var costs: [Duration] = []
        for size in cacheSizes {
            let file = directory.appendingPathComponent("evict-\(size).sqlite")
            // Measure one response's size as the cache counts it, then budget for `size` of them.
            let probe = try ResponseCache(fileURL: directory.appendingPathComponent("probe-\(size).sqlite"))
            _ = try await Self.store(1, from: 0, through: Self.client(probe))
            let entrySize = try await probe.usage().bytes
            let cache = try ResponseCache(fileURL: file, configuration: .init(maximumSize: entrySize * size))
            let client = Self.client(cache)
            _ = try await Self.store(size + size / 5, from: 0, through: client)
            // Enough stores to span a few eviction batches (each frees a tenth of the budget).
            let timed = max(sampledOperations, size / 4)
            costs.append(try await Self.store(timed, from: size + size / 5, through: client).mean)
        }
        return costs
    }

    // MARK: - Formatting

    private static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-stores-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func row(_ title: String, _ cells: [String]) -> String {
        title.padding(toLength: 34, withPad: " ", startingAt: 0)
            + cells.map { $0.padding(toLength: 20, withPad: " ", startingAt: 0) }.joined()
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.3f", duration.timeInterval * 1000)
    }

    private static func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}

extension Array where Element == Duration {
    fileprivate var mean: Duration {
        guard !isEmpty else { return .zero }
        return reduce(.zero, +) / count
    }
}
