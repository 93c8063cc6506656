import Courier
import Foundation
package import RedditAPI

/// What the offline cassette can answer, as the commands that show it: `reddit help offline`,
/// and the message a user sees when they ask for something that was not recorded.
extension OfflineCatalog {
    /// The commands that work offline, by kind.
    private struct Commands {
        var listings: [String] = []
        var posts: [(id: String, title: String)] = []
        var others: [String] = []
        var moderator: [String] = []
    }

    /// Commands that work offline, listings first.
    package var listings: [String] { commands.listings }
    /// Posts with comments offline: id and title.
    package var posts: [(id: String, title: String)] { commands.posts }
    /// Other commands that work offline.
    package var others: [String] { commands.others }
    /// The moderator's commands that work offline (queues, log, modmail, wiki pages).
    package var moderator: [String] { commands.moderator }

    private var commands: Commands {
        var commands = Commands()
        for exchange in exchanges {
            guard let components = URLComponents(url: exchange.request.url, resolvingAgainstBaseURL: false) else {
                continue
            }
            let segments = components.path.split(separator: "/").map(String.init)
            let query = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
            switch (exchange.request.method, segments.first, segments.count) {
            case (.get, let sort?, 1) where ListingOrder(rawValue: sort) != nil:
                commands.listings.append("reddit \(sort)")
            case (.get, "r", 3) where ListingOrder(rawValue: segments[2]) != nil:
                commands.listings.append(
                    "reddit \(segments[2]) \(segments[1])" + (query["t"].map { " --time \($0)" } ?? ""))
            case (.get, "r", 3) where segments[2] == "about":
                commands.others.append("reddit subreddit \(segments[1])")
            case (.get, "r", 3) where segments[2] == "search":
                commands.others.append("reddit search \"\(query["q"] ?? "")\" --subreddit \(segments[1])")
            case (.get, "user", 2):
                commands.others.append("reddit user \(segments[1])")
            case (.get, "user", 3) where UserSection(rawValue: segments[2]) != nil:
                commands.others.append("reddit user \(segments[1]) \(segments[2])")
            case (.get, "comments", 4):
                commands.others.append(
                    "reddit comments 'https://www.reddit.com\(components.path)/"
                        + (components.percentEncodedQuery.map { "?\($0)" } ?? "") + "'")
            case (.get, "comments", 2):
                commands.posts.append((segments[1], Self.title(of: exchange.body)))
            case (.get, "api", 3) where segments[2] == "me":
                commands.others.append("reddit whoami")
            case (.get, "message", 2):
                let section =
                    switch segments[1] {
                    case "inbox": ""
                    case "comments": " replies"
                    default: " " + segments[1]
                    }
                commands.others.append("reddit inbox" + section)
            case (.get, "subreddits", 3) where segments[2] == "moderator":
                commands.moderator.append("(in reddit browse, M opens the moderator's screens over these recordings)")
            case (.get, "subreddits", _):
                commands.others.append("reddit subs")
            case (.get, "r", 4) where segments[2] == "about" && ModerationFilter.queues.contains(segments[3]):
                commands.moderator.append(
                    "reddit mod queue \(segments[1])" + (segments[3] == "modqueue" ? "" : " \(segments[3])"))
            case (.get, "r", 4) where segments[2] == "about" && segments[3] == "log":
                commands.moderator.append("reddit mod log \(segments[1])")
            case (.get, "r", 4) where segments[2] == "wiki":
                commands.moderator.append("reddit wiki \(segments[1]) \(segments[3])")
            case (.get, "api", 3) where segments[1] == "mod" && segments[2] == "conversations":
                let entity = query["entity"].map { " " + $0.split(separator: ",").joined(separator: " ") } ?? ""
                commands.moderator.append("reddit modmail" + entity)
            default:
                break
            }
        }
        return commands
    }

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
        let commands = commands
        let postList = commands.posts.map { "  reddit comments \($0.id)   \(TextLayout.truncate($0.title, to: 50))" }
        return
            ([
                "Available offline (recorded responses; every post these listings show opens too,",
                "a search looks through those posts, and new or top re-sorts a recorded listing):", "", "Listings:",
            ]
            + commands.listings.map { "  \($0)" } + ["", "Posts with their comments:"] + postList
            + ["", "Also:"] + commands.others.map { "  \($0)" }
            + [
                "", "Moderators (a queue takes --only links|comments, the log --type and --mod; mod approve and",
                "remove, modmail reply, wiki --edit and flair say what they would send):",
            ] + commands.moderator.map { "  \($0)" }).joined(separator: "\n") + "\n"
    }
}
