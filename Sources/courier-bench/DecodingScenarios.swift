import Courier
import Foundation
import RedditAPI

/// An in-memory scenario: a baseline (plain `JSONDecoder`, or the transport called directly)
/// against RedditAPI on Courier, or Courier's pipeline.
struct DecodingRow: Sendable {
    let scenario: String
    let baseline: CellResult
    let courier: CellResult
}

/// Work without the network. The Reddit rows decode with RedditAPI's models the way an app gets
/// them, through a `RedditClient` on a ``MemoryTransport`` (Courier's pipeline, RedditAPI's
/// interceptors and decoding, no I/O), against a plain `JSONDecoder` into the equivalent structs
/// of `PlainRedditModels.swift`.
struct DecodingScenarios {
    let plan: Plan
    let listing: Data
    let comments: Data

    func run() async throws -> [DecodingRow] {
        let agent = "linux:dev.courier.bench:1.0 (by /u/courier_bench)"
        let listingClient = try RedditClient(userAgent: agent, transport: MemoryTransport(body: listing))
        let commentsClient = try RedditClient(userAgent: agent, transport: MemoryTransport(body: comments))
        let listing = self.listing
        let comments = self.comments
        // One decoder for every call, as a client holds one.
        let decoder = JSONDecoder()

        let listingRow = try await row(
            "Reddit listing decode, \(listing.count / 1000) KB", unit: .megabytesPerSecond, count: plan.listingDecodes,
            bytes: listing.count,
            baseline: { _ = try decoder.decode(PlainListing.self, from: listing) },
            courier: { _ = try await listingClient.send(Reddit.listing(.hot)) }
        )
        // Decoding the page and building the rows a client shows, in display order.
        let treeRow = try await row(
            "comment tree build, \(comments.count / 1000) KB page", unit: .treesPerSecond, count: plan.treeBuilds,
            bytes: comments.count,
            baseline: {
                let page = try decoder.decode([PlainListing].self, from: comments)
                _ = PlainCommentRows(page.last?.data.children ?? []).rows.count
            },
            courier: { _ = try await commentsClient.commentTree(of: "3hahrw").rows.count }
        )
        // What Courier's pipeline alone costs a request: building it, validating and returning
        // the body, against calling the same in-memory transport directly.
        let small = try Feed.json(atLeast: 1_800)
        let transport = MemoryTransport(body: small)
        let smallClient = HTTPClient(baseURL: URL(string: "http://memory.invalid"), transport: transport)
        let direct = HTTPRequest(url: URL(string: "http://memory.invalid/small.json")!)
        let pipelineRow = try await row(
            "pipeline alone, 1.8 KB Data response", unit: .requestsPerSecond, count: plan.pipelineRequests,
            bytes: small.count,
            baseline: { _ = try await transport.send(direct).body },
            courier: { _ = try await smallClient.send(Request<Data>(path: "/small.json")).value }
        )
        let concurrentPipelineRow = try await row(
            "pipeline alone, 16 in flight", unit: .requestsPerSecond, count: plan.pipelineRequests, bytes: small.count,
            concurrency: 16,
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
            guard concurrency > 1 else {
                return try await timeSequentially(.operations(count), bytesEach: bytes, operation)
            }
            var result = try await timeConcurrently(.operations(count), concurrency: concurrency, operation)
            result.bytes = bytes * count
            return result
        }
        var baselineRuns: [RunResult] = []
        var courierRuns: [RunResult] = []
        for _ in 0..<plan.runs {
            baselineRuns.append(try await measure(baseline))
            courierRuns.append(try await measure(courier))
        }
        return DecodingRow(
            scenario: scenario, baseline: CellResult(runs: baselineRuns, unit: unit),
            courier: CellResult(runs: courierRuns, unit: unit))
    }
}
