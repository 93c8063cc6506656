import Courier
import Foundation

/// An in-memory scenario: a baseline (plain `JSONDecoder`, or the transport called directly)
/// against Courier's pipeline.
struct DecodingRow: Sendable {
    let scenario: String
    let baseline: CellResult
    let courier: CellResult
}

/// Decoding without the network: the baseline decodes with a plain `JSONDecoder`; Courier sends
/// a `Request<T>` through an ``HTTPClient`` on a ``MemoryTransport`` (pipeline, validation and
/// decoding, no I/O). Both decode into the same types.
struct DecodingScenarios {
    let plan: Plan
    let listing: Data
    let comments: Data

    func run() async throws -> [DecodingRow] {
        let listingClient = HTTPClient(baseURL: URL(string: "http://memory.invalid"), transport: MemoryTransport(body: listing))
        let commentsClient = HTTPClient(baseURL: URL(string: "http://memory.invalid"), transport: MemoryTransport(body: comments))
        let listing = self.listing
        let comments = self.comments
        // One decoder for every call, as a client holds one.
        let decoder = JSONDecoder()

        let listingRow = try await row(
            "Reddit listing decode, \(listing.count / 1000) KB", unit: .megabytesPerSecond, count: plan.listingDecodes, bytes: listing.count,
            baseline: { _ = try decoder.decode(BenchListing.self, from: listing) },
            courier: { _ = try await listingClient.send(Request<BenchListing>(path: "/hot")).value }
        )
        let treeRow = try await row(
            "comment tree build, \(comments.count / 1000) KB page", unit: .treesPerSecond, count: plan.treeBuilds, bytes: comments.count,
            baseline: {
                let page = try decoder.decode([BenchListing].self, from: comments)
                _ = BenchCommentTree(page.last?.children ?? [])
            },
            courier: {
                let page = try await commentsClient.send(Request<[BenchListing]>(path: "/comments")).value
                _ = BenchCommentTree(page.last?.children ?? [])
            }
        )
        // What Courier's pipeline alone costs a request: building it, validating and returning
        // the body, against calling the same in-memory transport directly.
        let small = try Feed.json(atLeast: 1_800)
        let transport = MemoryTransport(body: small)
        let smallClient = HTTPClient(baseURL: URL(string: "http://memory.invalid"), transport: transport)
        let direct = HTTPRequest(url: URL(string: "http://memory.invalid/small.json")!)
        let pipelineRow = try await row(
            "pipeline alone, 1.8 KB Data response", unit: .requestsPerSecond, count: plan.pipelineRequests, bytes: small.count,
            baseline: { _ = try await transport.send(direct).body },
            courier: { _ = try await smallClient.send(Request<Data>(path: "/small.json")).value }
        )
        let concurrentPipelineRow = try await row(
            "pipeline alone, 16 in flight", unit: .requestsPerSecond, count: plan.pipelineRequests, bytes: small.count, concurrency: 16,
            baseline: { _ = try await transport.send(direct).body },
            courier: { _ = try await smallClient.send(Request<Data>(path: "/small.json")).value }
        )
        return [listingRow, treeRow, pipelineRow, concurrentPipelineRow]
    }

    private func row(
        _ scenario: String, unit: CellResult.Unit, count: Int, bytes: Int, concurrency: Int = 1,
        baseline: @escaping @Sendable () async throws -> Void, courier: @escaping @Sendable () async throws -> Void
    ) async throws -> DecodingRow {
        try await baseline()
        try await courier()
        func measure(_ operation: @escaping @Sendable () async throws -> Void) async throws -> RunResult {
            guard concurrency > 1 else { return try await timeSequentially(count: count, bytesEach: bytes, operation) }
            var result = try await timeConcurrently(count: count, concurrency: concurrency, operation)
            result.bytes = bytes * count
            return result
        }
        var baselineRuns: [RunResult] = []
        var courierRuns: [RunResult] = []
        for _ in 0..<plan.runs {
            baselineRuns.append(try await measure(baseline))
            courierRuns.append(try await measure(courier))
        }
        return DecodingRow(scenario: scenario, baseline: CellResult(runs: baselineRuns, unit: unit), courier: CellResult(runs: courierRuns, unit: unit))
    }
}
