import Courier
import CourierTesting
import Foundation

/// What the offline cassette can answer, as the commands that show it: the message a user
/// sees when they ask for something that was not recorded.
package struct OfflineCatalog: Sendable {
    /// Commands that work offline, listings first.
    package let listings: [String]
    /// Posts with comments offline: id and title.
    package let posts: [(id: String, title: String)]
    /// Other commands that work offline.
    package let others: [String]
    /// The moderator's commands that work offline (queues, log, modmail, wiki pages).
    package let moderator: [String]
    /// Every post a recorded listing shows, by id: the listing's JSON of it (`{"kind":"t3",…}`),
    /// so a post with no recorded comment page can still be opened.
    let listedPosts: [String: Data]
    /// Every recorded comment page, by post id (the first one recorded when a post has several,
    /// such as a page focused on one comment), so a post opens onto its recorded comments in
    /// any sort or focus.
    let recordedThreads: [String: Data]

    init(cassette: Cassette) {
        var listings: [String] = []
        var posts: [(String, String)] = []
        var others: [String] = []
        var moderator: [String] = []
        var listedPosts: [String: Data] = [:]
        var recordedThreads: [String: Data] = [:]
        for interaction in cassette.interactions {
            guard let components = URLComponents(string: interaction.request.url) else { continue }
            let segments = components.path.split(separator: "/").map(String.init)
            let query = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
            let method = interaction.request.method
            if method == .get, segments.count >= 2, segments[0] == "comments", recordedThreads[segments[1]] == nil {
                recordedThreads[segments[1]] = interaction.response.body?.data
            }
            for (id, post) in Self.posts(inListing: interaction.response.body?.data) where listedPosts[id] == nil {
                listedPosts[id] = post
            }
            switch (method, segments.first, segments.count) {
            case (.get, let sort?, 1) where ListingOrder(rawValue: sort) != nil:
                listings.append("reddit \(sort)")
            case (.get, "r", 3) where ListingOrder(rawValue: segments[2]) != nil:
                listings.append("reddit \(segments[2]) \(segments[1])" + (query["t"].map { " --time \($0)" } ?? ""))
            case (.get, "r", 3) where segments[2] == "about":
                others.append("reddit subreddit \(segments[1])")
            case (.get, "r", 3) where segments[2] == "search":
                others.append("reddit search \"\(query["q"] ?? "")\" --subreddit \(segments[1])")
            case (.get, "user", 2):
                others.append("reddit user \(segments[1])")
            case (.get, "user", 3) where UserSection(rawValue: segments[2]) != nil:
                others.append("reddit user \(segments[1]) \(segments[2])")
            case (.get, "comments", 4):
                others.append(
                    "reddit comments 'https://www.reddit.com\(components.path)/"
                        + (components.percentEncodedQuery.map { "?\($0)" } ?? "") + "'")
            case (.get, "comments", 2):
                posts.append((segments[1], Self.title(of: interaction.response.body?.data)))
            case (.get, "api", 3) where segments[2] == "me":
                others.append("reddit whoami")
            case (.get, "message", 2):
                let section =
                    switch segments[1] {
                    case "inbox": ""
                    case "comments": " replies"
                    default: " " + segments[1]
                    }
                others.append("reddit inbox" + section)
            case (.get, "subreddits", 3) where segments[2] == "moderator":
                moderator.append("(in reddit browse, M opens the moderator's screens over these recordings)")
            case (.get, "subreddits", _):
                others.append("reddit subs")
            case (.get, "r", 4) where segments[2] == "about" && ModerationFilter.queues.contains(segments[3]):
                moderator.append(
                    "reddit mod queue \(segments[1])" + (segments[3] == "modqueue" ? "" : " \(segments[3])"))
            case (.get, "r", 4) where segments[2] == "about" && segments[3] == "log":
                moderator.append("reddit mod log \(segments[1])")
            case (.get, "r", 4) where segments[2] == "wiki":
                moderator.append("reddit wiki \(segments[1]) \(segments[3])")
            case (.get, "api", 3) where segments[1] == "mod" && segments[2] == "conversations":
                let entity = query["entity"].map { " " + $0.split(separator: ",").joined(separator: " ") } ?? ""
                moderator.append("reddit modmail" + entity)
            default:
                break
            }
        }
        self.listings = listings
        self.posts = posts
        self.others = others
        self.moderator = moderator
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
    static let unrecordedMarker = "notrecorded"

    private static func title(of body: Data?) -> String {
        guard let body, let json = try? JSONSerialization.jsonObject(with: body) as? [Any],
            let listing = json.first as? [String: Any], let data = listing["data"] as? [String: Any],
            let children = data["children"] as? [[String: Any]], let post = children.first?["data"] as? [String: Any],
            let title = post["title"] as? String
        else { return "" }
        return title
    }

    /// Everything available offline, one kind a line (`reddit help offline` prints it).
    package var report: String {
        let postList = posts.map { "  reddit comments \($0.id)   \(TextLayout.truncate($0.title, to: 50))" }
        return
            ([
                "Available offline (recorded responses; every post these listings show opens too,",
                "a search looks through those posts, and new or top re-sorts a recorded listing):", "", "Listings:",
            ]
            + listings.map { "  \($0)" } + ["", "Posts with their comments:"] + postList
            + ["", "Also:"] + others.map { "  \($0)" }
            + [
                "", "Moderators (a queue takes --only links|comments, the log --type and --mod; mod approve and",
                "remove, modmail reply, wiki --edit and flair say what they would send):",
            ] + moderator.map { "  \($0)" }).joined(separator: "\n") + "\n"
    }
}
