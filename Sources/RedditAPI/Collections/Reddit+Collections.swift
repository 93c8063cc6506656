public import Courier
import Foundation

/// Collections: reading a subreddit's collections and one collection with its posts, creating,
/// changing and deleting them (scope `modposts`), and following one (scope `subscribe`).
/// ``RedditClient/collections`` adds the calls by a subreddit's name (its fullname looked up first).
///
/// ```swift
/// let collection = try await reddit.send(Reddit.createCollection(in: "t5_2qh49", title: "AMA week"))
/// try await reddit.send(Reddit.addPost("t3_abc123", toCollection: collection.id))
/// ```
extension Reddit {
    /// A collection, with its posts unless `includePosts` is false; nil when Reddit knows no
    /// collection with that id.
    public static func collection(_ id: String, includePosts: Bool = true) -> Request<PostCollection?> {
        decoded("/api/v1/collections/collection", as: CollectionLookup.self) { $0.collection }
            .withQuery([("collection_id", id), ("include_links", includePosts ? "true" : "false")])
    }

    /// A subreddit's collections, named by the subreddit's fullname (``Subreddit/name``).
    public static func collections(in subreddit: Fullname) -> Request<[PostCollection]> {
        get("/api/v1/collections/subreddit_collections", [("sr_fullname", subreddit.rawValue)])
    }

    /// Creates a collection in a subreddit you moderate; answers with it. Reddit refuses an
    /// unknown layout with `INVALID_OPTION` (a ``RedditError``).
    public static func createCollection(
        in subreddit: Fullname, title: String, description: String = "", layout: CollectionLayout? = nil
    ) -> Request<PostCollection> {
        var form = ["sr_fullname": subreddit.rawValue, "title": title, "description": description]
        if let layout { form["display_layout"] = layout.rawValue }
        return call(.post, "/api/v1/collections/create_collection", form: form, as: PostCollection.self) { $0 }
    }

    /// Deletes a collection (its posts stay).
    public static func deleteCollection(_ id: String) -> Request<Void> {
        post("/api/v1/collections/delete_collection", ["collection_id": id])
    }

    /// Adds a post to a collection.
    public static func addPost(_ post: Fullname, toCollection id: String) -> Request<Void> {
        Reddit.post(
            "/api/v1/collections/add_post_to_collection", ["collection_id": id, "link_fullname": post.rawValue])
    }

    /// Removes a post from a collection.
    public static func removePost(_ post: Fullname, fromCollection id: String) -> Request<Void> {
        Reddit.post(
            "/api/v1/collections/remove_post_in_collection", ["collection_id": id, "link_fullname": post.rawValue])
    }

    /// Puts a collection's posts in this order.
    public static func reorderCollection(_ id: String, posts: [Fullname]) -> Request<Void> {
        post(
            "/api/v1/collections/reorder_collection",
            ["collection_id": id, "link_ids": posts.map(\.rawValue).joined(separator: ",")])
    }

    /// Changes a collection's title.
    public static func setCollectionTitle(_ id: String, _ title: String) -> Request<Void> {
        post("/api/v1/collections/update_collection_title", ["collection_id": id, "title": title])
    }

    /// Changes a collection's description.
    public static func setCollectionDescription(_ id: String, _ description: String) -> Request<Void> {
        post("/api/v1/collections/update_collection_description", ["collection_id": id, "description": description])
    }

    /// Changes how a collection is shown; nil clears the layout (Reddit then shows a timeline).
    public static func setCollectionLayout(_ id: String, _ layout: CollectionLayout?) -> Request<Void> {
        post(
            "/api/v1/collections/update_collection_display_layout",
            ["collection_id": id, "display_layout": layout?.rawValue ?? ""])
    }

    /// Follows a collection (you are told of new posts in it), or stops following it.
    public static func followCollection(_ id: String, _ follow: Bool) -> Request<Void> {
        post("/api/v1/collections/follow_collection", ["collection_id": id, "follow": follow ? "true" : "false"])
    }
}
