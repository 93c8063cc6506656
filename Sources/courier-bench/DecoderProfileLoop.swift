import Courier
import Foundation
import RedditAPI

/// `courier-bench --profile-decoder NAME [SECONDS]`: one document decoded over and over, in
/// turns of a second, by `JSON.TapeDecoder` and by `JSONDecoder` into the same structs; prints
/// each turn's rates and the median ratio. NAME is `twitter`, `citm`, `canada`, `listing` (the
/// Reddit listing into plain structs), `reddit-listing` or `reddit-comments` (RedditAPI's models
/// through a `RedditClient` on an in-memory transport, against `JSONDecoder` into plain structs,
/// as the "Reddit listing decode" and "comment tree build" rows). A quick check while working on
/// the decoder, and a steady load to attach a profiler to:
/// `perf record -g -- courier-bench --profile-decoder twitter 10 tape` (a third argument, `tape`
/// or `foundation`, runs only that decoder).
enum DecoderProfileLoop {
    static func run(repository: URL, listing: Data, comments: Data, arguments: [String]) async throws {
        let name = arguments.first ?? "twitter"
        let seconds = arguments.dropFirst().first.flatMap { Int($0) } ?? 6
        let only = arguments.dropFirst(2).first
        let documents = try DecoderDocuments.documents(repository: repository, listing: listing)
        let agent = "linux:dev.courier.bench:1.0 (by /u/courier_bench)"
        let tape: @Sendable () async throws -> Void
        let foundation: @Sendable () async throws -> Void
        let bytes: Int
        switch name {
        case "reddit-listing":
            let client = try RedditClient(userAgent: agent, transport: MemoryTransport(body: listing))
            tape = { _ = try await client.send(Reddit.listing(.hot)) }
            foundation = { _ = try JSONDecoder().decode(PlainListing.self, from: listing) }
            bytes = listing.count
        case "reddit-comments":
            let client = try RedditClient(userAgent: agent, transport: MemoryTransport(body: comments))
            tape = { _ = try await client.commentTree(of: "3hahrw").rows.count }
            foundation = {
                let page = try JSONDecoder().decode([PlainListing].self, from: comments)
                _ = PlainCommentRows(page.last?.data.children ?? []).rows.count
            }
            bytes = comments.count
        default:
            let prefixes = ["twitter": "twitter", "citm": "citm", "canada": "canada", "listing": "Reddit listing"]
            guard let prefix = prefixes[name], let document = documents.first(where: { $0.name.hasPrefix(prefix) })
            else { throw BenchFailure("--profile-decoder: unknown document \(name)") }
            tape = { try document.decodeWithTape(document.data) }
            foundation = { try document.decodeWithFoundation(document.data) }
            bytes = document.data.count
        }
        var ratios: [Double] = []
        for turn in 0..<seconds {
            let tapeRate = only == "foundation" ? 0 : try await rate(bytes, tape)
            let foundationRate = only == "tape" ? 0 : try await rate(bytes, foundation)
            if only == nil { ratios.append(tapeRate / foundationRate) }
            print(
                "turn \(turn): tape \(String(format: "%.1f", tapeRate)) MB/s, JSONDecoder \(String(format: "%.1f", foundationRate)) MB/s"
            )
        }
        if !ratios.isEmpty {
            print(
                "\(name): median ratio \(String(format: "%.2f", ratios.median))×, load average \(MachineDescription.loadAverage())"
            )
        }
    }

    /// MB/s over decodes repeated for a second.
    private static func rate(_ bytes: Int, _ decode: @Sendable () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var decodes = 0
        repeat {
            try await decode()
            decodes += 1
        } while clock.now - start < .seconds(1)
        return Double(bytes * decodes) / 1e6 / (clock.now - start).timeInterval
    }
}
