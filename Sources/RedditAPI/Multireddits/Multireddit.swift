public import Courier
import Foundation

/// What one multireddit needs more than one request for, from
/// ``RedditClient/multireddit(_:of:)``: new posts and comments as they appear, and copying it
/// to your account. Each single call (its settings, one page, adding a subreddit, renaming,
/// deleting...) is a ``Reddit`` factory sent with ``RedditClient/send(_:)``.
///
/// ```swift
/// try await reddit.send(Reddit.addSubreddit("swift", toMultireddit: "apple", of: "me_myself"))
/// for try await post in reddit.multireddit("apple", of: "me_myself").newPosts() { print(post.title) }
/// ```
public struct Multireddit: Sendable {
    /// The client the calls go through.
    public let client: RedditClient
    /// The multireddit's name (as in its path).
    public let name: String
    /// The owner's username.
    public let owner: String

    /// The calls for `owner`'s multireddit `name` through `client`.
    public init(client: RedditClient, name: String, owner: String) {
        self.client = client
        self.name = name
        self.owner = owner
    }

    /// New posts as they appear (``RedditStream``).
    public func newPosts(options: StreamOptions = .init()) -> RedditStream<Link> {
        RedditStream(
            client: client, options: options,
            request: { [name, owner] in Reddit.multiredditPosts(name, of: owner, sort: .new, page: $0) },
            extract: \.link)
    }

    /// New comments as they appear (``RedditStream``).
    public func newComments(options: StreamOptions = .init()) -> RedditStream<Comment> {
        RedditStream(
            client: client, options: options,
            request: { [name, owner] in Reddit.multiredditComments(name, of: owner, page: $0) }, extract: \.comment)
    }

    /// Copies it to your account, as PRAW does: your name is read first (``Reddit/me()``); the
    /// copy takes `displayName` and a name made from it as Reddit makes one, or, without
    /// `displayName`, this name and this display name (read with ``Reddit/multireddit(_:of:)``,
    /// one more call).
    /// Answers with the copy.
    @discardableResult
    public func copy(displayName: String? = nil) async throws(HTTPError) -> Multi {
        let me = try await client.send(Reddit.me()).name
        let newName = displayName.map(Reddit.multiredditName(for:)) ?? name
        var shownName = displayName
        if shownName == nil { shownName = try await client.send(Reddit.multireddit(name, of: owner)).displayName }
        return try await client.send(
            Reddit.copyMultireddit(name, of: owner, to: me, as: newName, displayName: shownName ?? name))
    }
}

extension RedditClient {
    /// The several-request calls for `owner`'s multireddit `name`.
    public func multireddit(_ name: String, of owner: String) -> Multireddit {
        Multireddit(client: self, name: name, owner: owner)
    }
}
