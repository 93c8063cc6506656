public import Courier
import Foundation

/// The flair calls for one subreddit, from ``RedditClient/flair(of:)``: templates for users and
/// posts, users' flair (one, many, all), posts' flair and the subreddit's flair settings.
///
/// Each call sends the ``Reddit`` request of the same purpose through the client (its rate
/// limiter and token; writes are never retried) and returns what Reddit answered.
///
/// ```swift
/// let flair = reddit.flair(of: "swift")
/// let helper = try await flair.createTemplate(FlairTemplate(text: "Helper", textColor: "dark"), kind: .user)
/// try await flair.select(helper.id, forUser: "spez")
/// for try await user in flair.allUsers() { print(user.user, user.text ?? "") }
/// ```
public struct SubredditFlair: Sendable {
    /// The client the calls go through.
    public let client: RedditClient
    /// The subreddit.
    public let subreddit: String

    /// The calls for `subreddit` through `client`.
    public init(client: RedditClient, subreddit: String) {
        self.client = client
        self.subreddit = subreddit
    }

    // MARK: Templates

    /// The templates of one kind, in order.
    public func templates(_ kind: FlairKind) async throws(HTTPError) -> [FlairTemplate] {
        try await client.send(Reddit.flairTemplates(kind, in: subreddit))
    }

    /// Creates a template; answers with it.
    @discardableResult
    public func createTemplate(_ template: FlairTemplate, kind: FlairKind) async throws(HTTPError) -> FlairTemplate {
        try await client.send(Reddit.createFlairTemplate(template, kind: kind, in: subreddit))
    }

    /// Replaces a template's fields with `template`'s; answers with it.
    @discardableResult
    public func updateTemplate(_ template: FlairTemplate) async throws(HTTPError) -> FlairTemplate {
        try await client.send(Reddit.updateFlairTemplate(template, in: subreddit))
    }

    /// Deletes a template.
    public func deleteTemplate(_ id: String) async throws(HTTPError) {
        try await client.send(Reddit.deleteFlairTemplate(id, in: subreddit))
    }

    /// Deletes every template of one kind.
    public func clearTemplates(_ kind: FlairKind) async throws(HTTPError) {
        try await client.send(Reddit.clearFlairTemplates(kind, in: subreddit))
    }

    /// Puts the templates of one kind in the order of `ids`.
    public func reorderTemplates(_ ids: [String], kind: FlairKind) async throws(HTTPError) {
        try await client.send(Reddit.reorderFlairTemplates(ids, kind: kind, in: subreddit))
    }

    // MARK: Users

    /// Sets a user's flair text and CSS class.
    public func set(_ user: String, text: String = "", cssClass: String = "") async throws(HTTPError) {
        try await client.send(Reddit.setUserFlair(user, in: subreddit, text: text, cssClass: cssClass))
    }

    /// Gives a user a template's flair, with `text` for an editable one.
    public func select(_ templateID: String, forUser user: String, text: String? = nil) async throws(HTTPError) {
        try await client.send(Reddit.selectUserFlair(user, in: subreddit, templateID: templateID, text: text))
    }

    /// Removes a user's flair.
    public func delete(_ user: String) async throws(HTTPError) {
        try await client.send(Reddit.deleteUserFlair(user, in: subreddit))
    }

    /// One page of the users with flair, or one user's flair with `user`.
    public func users(named user: String? = nil, page: PageParameters = .first) async throws(HTTPError)
        -> ItemListing<UserFlair>
    {
        try await client.send(Reddit.userFlairs(in: subreddit, user: user, page: page))
    }

    /// Every user with flair, page after page (100 a page) as the sequence is read.
    public func allUsers() -> some AsyncSequence<UserFlair, HTTPError> & Sendable {
        client.items(Reddit.userFlairs(in: subreddit, page: PageParameters(limit: 100)))
    }

    /// Sets the flair of any number of users, 100 a call, one call after another (as PRAW
    /// does); answers with every line's result, in order. Nothing is retried: when a call
    /// fails, the users of the calls before it have their flair and the error says why.
    public func setUsers(_ flairs: [UserFlair]) async throws(HTTPError) -> [FlairUpdateResult] {
        var results: [FlairUpdateResult] = []
        var start = flairs.startIndex
        while start < flairs.endIndex {
            let end = min(start + Reddit.flairCSVLimit, flairs.endIndex)
            results += try await client.send(Reddit.flairCSV(Array(flairs[start..<end]), in: subreddit))
            start = end
        }
        return results
    }

    // MARK: Posts and settings

    /// Sets a post's flair text and CSS class.
    public func set(post: Fullname, text: String = "", cssClass: String = "") async throws(HTTPError) {
        try await client.send(Reddit.setLinkFlair(post, in: subreddit, text: text, cssClass: cssClass))
    }

    /// Gives a post a template's flair, with `text` for an editable one.
    public func select(_ templateID: String, forPost post: Fullname, text: String? = nil) async throws(HTTPError) {
        try await client.send(Reddit.selectFlair(subreddit: subreddit, link: post, templateID: templateID, text: text))
    }

    /// The flair a post has and may get, or with `post` nil the flair a new post may get.
    public func choices(forPost post: Fullname? = nil) async throws(HTTPError) -> FlairSelection {
        try await client.send(Reddit.flairSelector(subreddit: subreddit, link: post))
    }

    /// Turns user and post flair on or off (nil position) and lets users pick their own.
    public func configure(
        userFlairPosition: String? = "right", usersMayAssign: Bool = false, linkFlairPosition: String? = "left",
        postersMayAssign: Bool = false
    ) async throws(HTTPError) {
        try await client.send(
            Reddit.configureFlair(
                in: subreddit, userFlairPosition: userFlairPosition, usersMayAssign: usersMayAssign,
                linkFlairPosition: linkFlairPosition, postersMayAssign: postersMayAssign))
    }
}

extension RedditClient {
    /// The flair calls for `subreddit`.
    public func flair(of subreddit: String) -> SubredditFlair {
        SubredditFlair(client: self, subreddit: subreddit)
    }
}
