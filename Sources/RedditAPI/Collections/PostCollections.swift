public import Courier
import Foundation

/// The calls for collections, from ``RedditClient/collections``: each sends the ``Reddit``
/// request of the same name through the client and returns what Reddit answered.
///
/// Reddit names a subreddit by its fullname in these calls; the calls that take a subreddit's
/// name read its fullname first (``Reddit/subredditAbout(_:)``, one more call).
///
/// ```swift
/// let collections = reddit.collections
/// let created = try await collections.create(in: "swift", title: "WWDC", layout: .gallery)
/// try await collections.add("t3_abc123", to: created.id)
/// ```
public struct PostCollections: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The calls through `client`.
    public init(client: RedditClient) { self.client = client }

    /// A collection, with its posts unless `includePosts` is false; nil when there is none with that id.
    public func collection(_ id: String, includePosts: Bool = true) async throws(HTTPError) -> PostCollection? {
        try await client.send(Reddit.collection(id, includePosts: includePosts))
    }

    /// A subreddit's collections (two calls: the subreddit's fullname, then its collections).
    public func all(in subreddit: String) async throws(HTTPError) -> [PostCollection] {
        try await client.send(Reddit.collections(in: try await fullname(of: subreddit)))
    }

    /// Creates a collection in a subreddit you moderate (two calls: the subreddit's fullname,
    /// then the collection); answers with it.
    public func create(in subreddit: String, title: String, description: String = "", layout: CollectionLayout? = nil)
        async throws(HTTPError) -> PostCollection
    {
        try await client.send(
            Reddit.createCollection(
                in: try await fullname(of: subreddit), title: title, description: description, layout: layout))
    }

    /// Deletes a collection.
    public func delete(_ id: String) async throws(HTTPError) { try await client.send(Reddit.deleteCollection(id)) }

    /// Adds a post to a collection.
    public func add(_ post: Fullname, to id: String) async throws(HTTPError) {
        try await client.send(Reddit.addPost(post, toCollection: id))
    }

    /// Removes a post from a collection.
    public func remove(_ post: Fullname, from id: String) async throws(HTTPError) {
        try await client.send(Reddit.removePost(post, fromCollection: id))
    }

    /// Puts a collection's posts in this order.
    public func reorder(_ id: String, posts: [Fullname]) async throws(HTTPError) {
        try await client.send(Reddit.reorderCollection(id, posts: posts))
    }

    /// Changes a collection's title.
    public func setTitle(of id: String, to title: String) async throws(HTTPError) {
        try await client.send(Reddit.setCollectionTitle(id, title))
    }

    /// Changes a collection's description.
    public func setDescription(of id: String, to description: String) async throws(HTTPError) {
        try await client.send(Reddit.setCollectionDescription(id, description))
    }

    /// Changes how a collection is shown; nil clears the layout.
    public func setLayout(of id: String, to layout: CollectionLayout?) async throws(HTTPError) {
        try await client.send(Reddit.setCollectionLayout(id, layout))
    }

    /// Follows a collection, or stops following it.
    public func setFollowing(_ id: String, _ following: Bool) async throws(HTTPError) {
        try await client.send(Reddit.followCollection(id, following))
    }

    private func fullname(of subreddit: String) async throws(HTTPError) -> Fullname {
        try await client.send(Reddit.subredditAbout(subreddit)).name
    }
}

extension RedditClient {
    /// The calls for collections.
    public var collections: PostCollections { PostCollections(client: self) }
}
