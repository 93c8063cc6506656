import Courier
import Foundation
import RedditAPI

/// Rows that show the cost per item of decoding stays flat as a page grows: a listing whose
/// posts carry a numeric `edited` (RedditAPI's model tries a `Bool` first) and a page of flat
/// comments whose `replies` is `""` (the model tries a `Listing` first). Both fail a decode
/// attempt on purpose for every item, which once made a page cost O(items²).
struct DecoderScaling {
    /// Item counts of the generated pages.
    let sizes: [Int]
    let listing: Data
    let comments: Data

    /// The rows, one line per page kind and size: microseconds per item, the median of `runs`.
    func run(runs: Int) async throws -> String {
        let agent = "linux:dev.courier.bench:1.0 (by /u/courier_bench)"
        var lines = ["| page | items | KB | µs per item (median of \(runs)) |", "|---|---:|---:|---:|"]
        for size in sizes {
            let page = try Self.listing(from: listing, posts: size)
            let client = try RedditClient(userAgent: agent, transport: MemoryTransport(body: page))
            let perItem = try await Self.microsecondsPerItem(items: size, runs: runs) {
                _ = try await client.send(Reddit.listing(.hot))
            }
            lines.append("| listing, numeric `edited` | \(size) | \(page.count / 1000) | \(Self.format(perItem)) |")
        }
        for size in sizes {
            let page = try Self.flatComments(from: comments, count: size)
            let client = try RedditClient(userAgent: agent, transport: MemoryTransport(body: page))
            let perItem = try await Self.microsecondsPerItem(items: size, runs: runs) {
                _ = try await client.commentTree(of: "3hahrw").rows.count
            }
            lines.append(
                "| flat comments, `replies: \"\"` | \(size) | \(page.count / 1000) | \(Self.format(perItem)) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func microsecondsPerItem(
        items: Int, runs: Int, _ operation: () async throws -> Void
    ) async throws -> Double {
        try await operation()
        var samples: [Double] = []
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let start = clock.now
            try await operation()
            samples.append((clock.now - start).timeInterval * 1_000_000 / Double(items))
        }
        return samples.sorted()[samples.count / 2]
    }

    /// A listing of `posts` posts, cycling through `fixture`'s, each with a unique id and
    /// `edited` a number.
    static func listing(from fixture: Data, posts: Int) throws -> Data {
        guard var root = try JSONSerialization.jsonObject(with: fixture) as? [String: Any],
            var data = root["data"] as? [String: Any], let children = data["children"] as? [[String: Any]],
            !children.isEmpty
        else { throw CocoaError(.coderReadCorrupt) }
        data["children"] = (0..<posts).map { index -> [String: Any] in
            var child = children[index % children.count]
            var post = child["data"] as? [String: Any] ?? [:]
            post["edited"] = 1_716_243_322.0 + Double(index)
            post["id"] = "p\(index)"
            post["name"] = "t3_p\(index)"
            child["data"] = post
            return child
        }
        root["data"] = data
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// A comment page (`[post listing, comment listing]`) with `count` top-level comments and no
    /// replies, made from `fixture`'s first comment.
    static func flatComments(from fixture: Data, count: Int) throws -> Data {
        guard var root = try JSONSerialization.jsonObject(with: fixture) as? [[String: Any]], root.count == 2,
            var listing = root[1]["data"] as? [String: Any],
            let first = (listing["children"] as? [[String: Any]])?.first,
            let comment = first["data"] as? [String: Any]
        else { throw CocoaError(.coderReadCorrupt) }
        listing["children"] = (0..<count).map { index -> [String: Any] in
            var copy = comment
            copy["replies"] = ""
            copy["id"] = "c\(index)"
            copy["name"] = "t1_c\(index)"
            return ["kind": "t1", "data": copy]
        }
        root[1]["data"] = listing
        return try JSONSerialization.data(withJSONObject: root)
    }
}
