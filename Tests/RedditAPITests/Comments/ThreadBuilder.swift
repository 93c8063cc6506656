import Courier
import Foundation

@testable import RedditAPI

/// Builds comment pages and morechildren answers in Reddit's real shapes: every comment is a
/// copy of a recorded t1 with its id, parent and depth changed; stubs are `more` objects as
/// Reddit sends them (a continue-this-thread stub is `{"id": "_", "name": "t1__", "count": 0}`).
struct ThreadBuilder {
    /// A recorded comment's `data` object, without its replies.
    let template: [String: Any]
    let linkName: String

    init(linkName: String = "t3_98vj9e", minimal: Bool = false) throws {
        let fixture = try Fixture("comments/comments_context_sort_new_limit4.json")
        let pair = try JSONSerialization.jsonObject(with: fixture.body) as! [[String: Any]]
        let listing = pair[1]["data"] as! [String: Any]
        let first = (listing["children"] as! [[String: Any]])[0]
        var data = first["data"] as! [String: Any]
        data["replies"] = ""
        if minimal {
            // Only the keys the model reads, for very long chains.
            let keys: Set<String> = [
                "id", "name", "author", "body", "link_id", "parent_id", "subreddit", "score", "created_utc", "depth",
                "replies",
            ]
            data = data.filter { keys.contains($0.key) }
        }
        template = data
        self.linkName = linkName
    }

    /// A t1 thing as JSON.
    func comment(_ id: String, parent: String, depth: Int, replies: [[String: Any]] = []) -> [String: Any] {
        var data = template
        data["id"] = id
        data["name"] = "t1_" + id
        data["parent_id"] = parent
        data["link_id"] = linkName
        data["depth"] = depth
        data["body"] = "comment \(id)"
        data["replies"] = replies.isEmpty ? "" : Self.listing(replies)
        return ["kind": "t1", "data": data]
    }

    /// A continue-this-thread stub under `parent`.
    func continueStub(parent: String, depth: Int) -> [String: Any] {
        [
            "kind": "more",
            "data": [
                "count": 0, "name": "t1__", "id": "_", "parent_id": parent, "depth": depth, "children": [String](),
            ],
        ]
    }

    static func listing(_ children: [[String: Any]]) -> [String: Any] {
        [
            "kind": "Listing",
            "data": ["after": NSNull(), "before": NSNull(), "dist": NSNull(), "modhash": "", "children": children],
        ]
    }

    /// A `/comments/ID` page: the recorded post and these top-level items.
    func page(_ items: [[String: Any]]) throws -> Data {
        let fixture = try Fixture("comments/comments_context_sort_new_limit4.json")
        let pair = try JSONSerialization.jsonObject(with: fixture.body) as! [[String: Any]]
        return try JSONSerialization.data(withJSONObject: [pair[0], Self.listing(items)])
    }

    /// A `/api/morechildren` answer holding these things, flat.
    static func moreChildren(_ things: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["json": ["errors": [Any](), "data": ["things": things]]])
    }
}
