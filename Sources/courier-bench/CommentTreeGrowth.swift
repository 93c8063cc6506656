import Courier
import Foundation
import RedditAPI

/// A thread followed one "continue this thread" at a time, through `RedditClient.loadMore(_:in:)`
/// on a transport that writes each page from memory: c0 → c1 → … , each page holding the comment
/// the stub continues, its one reply and the next stub. Loading more must cost what it adds, so
/// the time per level stays flat as the tree grows; the same walk keeping the previous tree alive
/// at every step (what the old `loadMore`, which returned a grown copy, amounted to) copies the
/// whole tree each time and grows with it.
struct CommentTreeGrowth {
    /// Levels of the in-place walks and of the walks that keep the previous tree.
    let inPlaceLevels: [Int]
    let keptCopyLevels: [Int]
    /// The recorded 3hahrw comment page: its post and first comment are the pages' models.
    let comments: Data

    func run() async throws -> String {
        let pages = try ThreadPages(from: comments)
        var lines = [
            "| growth | levels | total | µs per level | CPU µs per level |",
            "|---|---:|---:|---:|---:|",
        ]
        for (levels, keepsCopy) in inPlaceLevels.map({ ($0, false) }) + keptCopyLevels.map({ ($0, true) }) {
            let cpuBefore = ProcessUsage.cpuSeconds()
            let time = try await grow(levels: levels, keepingCopies: keepsCopy, pages: pages)
            let cpu = ProcessUsage.cpuSeconds() - cpuBefore
            let label = keepsCopy ? "keeping the previous tree at each step (a copy per step)" : "in place (`inout`)"
            lines.append(
                "| \(label) | \(levels) | \(String(format: "%.2f", time.timeInterval)) s | "
                    + "\(String(format: "%.1f", time.timeInterval * 1e6 / Double(levels))) | "
                    + "\(String(format: "%.1f", cpu * 1e6 / Double(levels))) |")
        }
        return lines.joined(separator: "\n")
    }

    private func grow(levels: Int, keepingCopies: Bool, pages: ThreadPages) async throws -> Duration {
        let client = try RedditClient(
            userAgent: "linux:dev.courier.bench:1.0 (by /u/courier_bench)", transport: pages.transport)
        var tree = CommentTree(try JSON.TapeDecoder().decode(PostWithComments.self, from: pages.page(0)))
        let clock = ContinuousClock()
        let start = clock.now
        for level in 1...levels {
            // The stub continues c<level>: found by its parent, without walking the tree.
            let below = tree.children(of: CommentNodeID(comment: Fullname("t1_c\(level)")))
            guard case .continueThread(let stub)? = below.first.flatMap(tree.content(of:)) else {
                throw BenchFailure("comment tree growth: no continue-this-thread stub under c\(level)")
            }
            if keepingCopies {
                let previous = tree
                try await client.loadMore(stub, in: &tree)
                withExtendedLifetime(previous) {}
            } else {
                try await client.loadMore(stub, in: &tree)
            }
        }
        let elapsed = clock.now - start
        guard tree.count == levels + 3 else {
            throw BenchFailure("comment tree growth: \(tree.count) nodes after \(levels) levels")
        }
        return elapsed
    }
}

/// The `/comments/3hahrw/_/c<level>` pages of a thread c0 → c1 → …, written on request.
private struct ThreadPages {
    /// The post's listing, as recorded.
    let post: String
    /// The first recorded comment with its id, parent, depth and replies cut out.
    let comment: [String]
    let commentMarkers: [String]

    init(from recorded: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: recorded) as? [[String: Any]], root.count == 2,
            let listing = root[1]["data"] as? [String: Any],
            let first = (listing["children"] as? [[String: Any]])?.first, var data = first["data"] as? [String: Any]
        else { throw BenchFailure("comment tree growth: the recorded page has no comment") }
        post = String(decoding: try JSONSerialization.data(withJSONObject: root[0]), as: UTF8.self)
        data["id"] = "@ID@"
        data["name"] = "t1_@ID@"
        data["parent_id"] = "@PARENT@"
        data["depth"] = 7_654_321
        data["replies"] = "@REPLIES@"
        let text = String(
            decoding: try JSONSerialization.data(withJSONObject: ["kind": "t1", "data": data]), as: UTF8.self)
        var pieces: [String] = []
        var markers: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: #"@[A-Z]+@|"@REPLIES@"|7654321"#, options: .regularExpression) {
            pieces.append(String(rest[..<range.lowerBound]))
            markers.append(String(rest[range]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        comment = pieces
        commentMarkers = markers
    }

    /// Comment `id` under `parent` at `depth` with `replies` (a listing's JSON, or `""`).
    private func comment(_ id: String, parent: String, depth: Int, replies: String) -> String {
        var text = ""
        for (index, marker) in commentMarkers.enumerated() {
            text += comment[index]
            switch marker {
            case "@ID@": text += id
            case "@PARENT@": text += parent
            case "\"@REPLIES@\"": text += replies
            default: text += String(depth)
            }
        }
        return text + comment[commentMarkers.count]
    }

    private func listing(_ children: String) -> String {
        #"{"kind":"Listing","data":{"after":null,"before":null,"modhash":"","children":["# + children + "]}}"
    }

    /// The page of c<level>: it, its reply c<level + 1>, and a continue-this-thread stub under that.
    func page(_ level: Int) -> Data {
        let stub =
            #"{"kind":"more","data":{"count":0,"name":"t1__","id":"_","parent_id":"t1_c\#(level + 1)","depth":2,"children":[]}}"#
        let reply = comment("c\(level + 1)", parent: "t1_c\(level)", depth: 1, replies: listing(stub))
        let top = comment("c\(level)", parent: "t3_3hahrw", depth: 0, replies: listing(reply))
        return Data(("[" + post + "," + listing(top) + "]").utf8)
    }

    /// Answers `/comments/3hahrw/_/c<level>` with ``page(_:)``, anything else with a 404.
    var transport: PageTransport { PageTransport(pages: self) }

    struct PageTransport: HTTPTransport {
        let pages: ThreadPages

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            // `/comments/3hahrw/_/c<level>.json` on www.reddit.com, without `.json` on oauth.
            let last = request.url.deletingPathExtension().lastPathComponent
            guard last.hasPrefix("c"), let level = Int(last.dropFirst()) else {
                return HTTPResponse(statusCode: 404, headers: [:], body: Data(), url: request.url)
            }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: pages.page(level),
                url: request.url)
        }
    }
}
