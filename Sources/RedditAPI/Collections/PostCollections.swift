public import Courier
import Foundation

/// Collections by a subreddit's name, from ``RedditClient/collections``: Reddit names a
/// subreddit by its fullname in these calls, so each reads it first
/// (``Reddit/subredditAbout(_:)``, one more call). Each single call (adding a post, reordering,
/// deleting...) is a ``Reddit`` factory sent with ``RedditClient/send(_:)``.
///
/// ```swift
/// let created = try await reddit.collections.create(in: "swift", title: "WWDC", layout: .gallery)
/// try await reddit.send(Reddit.addPost("t3_abc123", toCollection: created.id))
/// ```
public struct PostCollections: Sendable {
    /// The client the calls go through.
    public let client: RedditClient

    /// The calls through `client`.
    public init(client: RedditClient) { self.client = client }

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

    private func fullname(of subreddit: String) async throws(HTTPError) -> Fullname {
        try await client.send(Reddit.subredditAbout(subreddit)).name
    }
}

extension RedditClient {
    /// The calls for collections.
    public var collections: PostCollections { PostCollections(client: self) }
}
