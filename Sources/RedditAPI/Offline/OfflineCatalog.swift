import Courier
package import Foundation

/// What the recordings hold, for answering requests that were not recorded as such (a post a
/// listing shows, a search through the recorded posts, another order of a recorded listing) and
/// for saying what is available (`reddit help offline`).
package struct OfflineCatalog: Sendable {
    /// Every recorded exchange, in the order of the recordings.
    package let exchanges: [RecordedExchange]
    /// Every post a recorded listing shows, by id: the listing's JSON of it (`{"kind":"t3",…}`),
    /// so a post with no recorded comment page can still be opened.
    package let listedPosts: [String: Data]
    /// Every recorded comment page, by post id (the first one recorded when a post has several,
    /// such as a page focused on one comment), so a post opens onto its recorded comments in
    /// any sort or focus.
    let recordedThreads: [String: Data]

    init(exchanges: [RecordedExchange]) {
        var listedPosts: [String: Data] = [:]
        var recordedThreads: [String: Data] = [:]
        for exchange in exchanges {
            let segments = exchange.request.url.path.split(separator: "/").map(String.init)
            if exchange.request.method == .get, segments.count >= 2, segments[0] == "comments",
                recordedThreads[segments[1]] == nil
            {
                recordedThreads[segments[1]] = exchange.body
            }
            for (id, post) in Self.posts(inListing: exchange.body) where listedPosts[id] == nil {
                listedPosts[id] = post
            }
        }
        self.exchanges = exchanges
        self.listedPosts = listedPosts
        self.recordedThreads = recordedThreads
    }

    /// The posts (`t3` children) of a listing body, by id.
    private static func posts(inListing body: Data?) -> [(String, Data)] {
        guard let body, let root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            root["kind"] as? String == "Listing", let data = root["data"] as? [String: Any],
            let children = data["children"] as? [[String: Any]]
        else { return [] }
        return children.compactMap { child in
            guard child["kind"] as? String == "t3", let id = (child["data"] as? [String: Any])?["id"] as? String,
                let json = try? JSONSerialization.data(withJSONObject: child)
            else { return nil }
            return (id, json)
        }
    }

    /// A comment page for a post a listing shows but whose comments were not recorded: the
    /// post as the listing recorded it, and one "more" stub standing for its comments (loading
    /// it says they were not recorded). Nil for a post no listing shows.
    func unrecordedCommentPage(of id: String) -> Data? {
        guard let postJSON = listedPosts[id], let post = try? JSONSerialization.jsonObject(with: postJSON) else {
            return nil
        }
        let count = ((post as? [String: Any])?["data"] as? [String: Any])?["num_comments"] as? Int ?? 0
        var comments: [[String: Any]] = []
        if count > 0 {
            comments.append([
                "kind": "more",
                "data": [
                    "count": count, "name": "t1_\(Self.unrecordedMarker)", "id": Self.unrecordedMarker,
                    "parent_id": "t3_\(id)", "depth": 0, "children": [Self.unrecordedMarker],
                ] as [String: Any],
            ])
        }
        func listing(_ children: [Any]) -> [String: Any] {
            [
                "kind": "Listing",
                "data": ["children": children, "after": NSNull(), "before": NSNull()] as [String: Any],
            ]
        }
        return try? JSONSerialization.data(withJSONObject: [listing([post]), listing(comments)])
    }

    /// A listing of the recorded posts whose title or text holds every word of `query`
    /// (ignoring case), highest score first; nil when none does.
    func search(_ query: String, subreddit: String?) -> Data? {
        let words = query.lowercased().split(separator: " ").map(String.init).filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        var matches: [(score: Int, post: Any)] = []
        for json in listedPosts.values {
            guard let post = try? JSONSerialization.jsonObject(with: json),
                let data = (post as? [String: Any])?["data"] as? [String: Any]
            else { continue }
            if let subreddit, (data["subreddit"] as? String)?.lowercased() != subreddit.lowercased() { continue }
            let text = ((data["title"] as? String ?? "") + " " + (data["selftext"] as? String ?? "")).lowercased()
            guard words.allSatisfy(text.contains) else { continue }
            matches.append((data["score"] as? Int ?? 0, post))
        }
        guard !matches.isEmpty else { return nil }
        let children = matches.sorted { $0.score > $1.score }.map(\.post)
        return try? JSONSerialization.data(
            withJSONObject: [
                "kind": "Listing",
                "data": ["children": children, "after": NSNull(), "before": NSNull()] as [String: Any],
            ] as [String: Any])
    }

    /// A recorded listing body with its children sorted by `field` (highest first).
    static func resorted(_ body: Data, by field: String) -> Data? {
        guard var root = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            var data = root["data"] as? [String: Any], let children = data["children"] as? [[String: Any]]
        else { return nil }
        func value(_ child: [String: Any]) -> Double {
            ((child["data"] as? [String: Any])?[field] as? NSNumber)?.doubleValue ?? 0
        }
        data["children"] = children.sorted { value($0) > value($1) }
        root["data"] = data
        return try? JSONSerialization.data(withJSONObject: root)
    }

    /// The id of the stub that stands for comments that were not recorded.
    package static let unrecordedMarker = "notrecorded"
}
