public import Courier
import Foundation

/// The calls for one multireddit, from ``RedditClient/multireddit(_:of:)``: its settings, its
/// posts and comments (one page, or new ones as they appear), adding and removing subreddits,
/// changing, renaming, copying and deleting it.
///
/// Each call sends the ``Reddit`` request of the same name through the client (its rate
/// limiter and token; writes are never retried) and returns what Reddit answered.
///
/// ```swift
/// let apple = reddit.multireddit("apple", of: "me_myself")
/// try await apple.add("swift")
/// for try await post in apple.newPosts() { print(post.title) }
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

    /// The multireddit's settings and subreddits.
    public func about() async throws(HTTPError) -> Multi { try await client.send(Reddit.multireddit(name, of: owner)) }

    /// One page of its posts; nil asks for Reddit's default order.
    public func posts(_ sort: ListingSort? = nil, page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.multiredditPosts(name, of: owner, sort: sort, page: page))
    }

    /// One page of its newest comments.
    public func comments(page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.multiredditComments(name, of: owner, page: page))
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

    /// Adds a subreddit.
    public func add(_ subreddit: String) async throws(HTTPError) {
        try await client.send(Reddit.addSubreddit(subreddit, toMultireddit: name, of: owner))
    }

    /// Removes a subreddit.
    public func remove(_ subreddit: String) async throws(HTTPError) {
        try await client.send(Reddit.removeSubreddit(subreddit, fromMultireddit: name, of: owner))
    }

    /// Changes some settings; answers with the multireddit as it is now.
    @discardableResult
    public func update(_ changes: MultiredditChanges) async throws(HTTPError) -> Multi {
        try await client.send(Reddit.updateMultireddit(name, of: owner, changes))
    }

    /// Gives it a new display name; answers with it (under its new name).
    @discardableResult
    public func rename(to displayName: String) async throws(HTTPError) -> Multi {
        try await client.send(Reddit.renameMultireddit(name, of: owner, to: displayName))
    }

    /// Copies it to your account, as PRAW does: your name is read first (``Reddit/me()``); the
    /// copy takes `displayName` and a name made from it as Reddit makes one, or, without
    /// `displayName`, this name and this display name (read with ``about()``, one more call).
    /// Answers with the copy.
    @discardableResult
    public func copy(displayName: String? = nil) async throws(HTTPError) -> Multi {
        let me = try await client.send(Reddit.me()).name
        let newName = displayName.map(Reddit.multiredditName(for:)) ?? name
        var shownName = displayName
        if shownName == nil { shownName = try await about().displayName }
        return try await client.send(
            Reddit.copyMultireddit(name, of: owner, to: me, as: newName, displayName: shownName ?? name))
    }

    /// Deletes it.
    public func delete() async throws(HTTPError) { try await client.send(Reddit.deleteMultireddit(name, of: owner)) }
}

extension RedditClient {
    /// The calls for `owner`'s multireddit `name`.
    public func multireddit(_ name: String, of owner: String) -> Multireddit {
        Multireddit(client: self, name: name, owner: owner)
    }
}
