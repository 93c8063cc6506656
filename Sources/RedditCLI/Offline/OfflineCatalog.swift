import Courier
import Foundation
import CourierTesting

/// What the offline cassette can answer, as the commands that show it: the message a user
/// sees when they ask for something that was not recorded.
package struct OfflineCatalog: Sendable {
    /// Commands that work offline, listings first.
    package let listings: [String]
    /// Posts with comments offline: id and title.
    package let posts: [(id: String, title: String)]
    /// Other commands that work offline.
    package let others: [String]

    init(cassette: Cassette) {
        var listings: [String] = []
        var posts: [(String, String)] = []
        var others: [String] = []
        for interaction in cassette.interactions {
            guard let components = URLComponents(string: interaction.request.url) else { continue }
            let segments = components.path.split(separator: "/").map(String.init)
            let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
            let method = interaction.request.method
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
            case (.get, "comments", 2):
                posts.append((segments[1], Self.title(of: interaction.response.body?.data)))
            case (.get, "api", 3) where segments[2] == "me":
                others.append("reddit whoami")
            case (.get, "subreddits", _):
                others.append("reddit subs")
            case (.post, "api", 2) where ["vote", "save", "unsave"].contains(segments[1]):
                let form = String(decoding: interaction.request.body?.data ?? Data(), as: UTF8.self)
                let fields = Dictionary(form.split(separator: "&").map { pair -> (String, String) in
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                }, uniquingKeysWith: { a, _ in a })
                let verb = segments[1] == "vote" ? "vote \(fields["dir"] == "1" ? "up" : fields["dir"] == "-1" ? "down" : "clear")" : segments[1]
                others.append("reddit \(verb) \(fields["id"] ?? "")")
            default:
                break
            }
        }
        self.listings = listings
        self.posts = posts
        self.others = others
    }

    private static func title(of body: Data?) -> String {
        guard let body, let json = try? JSONSerialization.jsonObject(with: body) as? [Any],
              let listing = json.first as? [String: Any], let data = listing["data"] as? [String: Any],
              let children = data["children"] as? [[String: Any]], let post = children.first?["data"] as? [String: Any],
              let title = post["title"] as? String
        else { return "" }
        return title
    }

    /// One paragraph: the listings, posts and commands available offline.
    package var summary: String {
        let postList = posts.map { "\($0.id) (\(TextLayout.truncate($0.title, to: 30)))" }.joined(separator: ", ")
        return "Available offline: listings: \(listings.joined(separator: "; ")). "
            + "Posts (reddit comments ID): \(postList). "
            + "Also: \(others.joined(separator: "; "))."
    }
}
