public import Courier
import Foundation

/// The wiki calls for one subreddit, from ``RedditClient/wiki(of:)``: pages, a page's text,
/// history, settings and editors, editing and reverting, and the wiki's banned users and
/// approved editors.
///
/// Each call sends the ``Reddit`` request of the same purpose through the client (its rate
/// limiter and token; writes are never retried) and returns what Reddit answered.
///
/// ```swift
/// let wiki = reddit.wiki(of: "swift")
/// let page = try await wiki.page("index")
/// try await wiki.edit("index", content: page.contentMarkdown + "\nMore.", reason: "add a line",
///                     previousRevision: page.revisionID)
/// for try await revision in wiki.allRevisions(of: "index") { print(revision.id, revision.reason ?? "") }
/// ```
public struct SubredditWiki: Sendable {
    /// The client the calls go through.
    public let client: RedditClient
    /// The subreddit.
    public let subreddit: String

    /// The calls for `subreddit` through `client`.
    public init(client: RedditClient, subreddit: String) {
        self.client = client
        self.subreddit = subreddit
    }

    // MARK: Pages

    /// The names of the wiki's pages.
    public func pages() async throws(HTTPError) -> [String] {
        try await client.send(Reddit.wikiPages(of: subreddit))
    }

    /// A page as it is now, or at `revision`.
    public func page(_ name: String, revision: String? = nil) async throws(HTTPError) -> WikiPage {
        try await client.send(Reddit.wikiPage(name, subreddit: subreddit, revision: revision))
    }

    /// Replaces a page's text (see ``Reddit/editWikiPage(_:in:content:reason:previousRevision:)``).
    public func edit(_ name: String, content: String, reason: String? = nil, previousRevision: String? = nil)
        async throws(HTTPError)
    {
        try await client.send(
            Reddit.editWikiPage(
                name, in: subreddit, content: content, reason: reason, previousRevision: previousRevision))
    }

    /// Creates a page; its name is made a valid one first, as PRAW does (spaces become `_`,
    /// letters lower case). Answers with the name it was created under.
    @discardableResult
    public func create(_ name: String, content: String, reason: String? = nil) async throws(HTTPError) -> String {
        let normalized = name.replacingOccurrences(of: " ", with: "_").lowercased()
        try await edit(normalized, content: content, reason: reason)
        return normalized
    }

    /// Puts a page back as it was at `revision`.
    public func revert(_ name: String, to revision: String) async throws(HTTPError) {
        try await client.send(Reddit.revertWikiPage(name, in: subreddit, to: revision))
    }

    // MARK: History

    /// One page of a page's revisions, newest first.
    public func revisions(of name: String, page: PageParameters = .first) async throws(HTTPError)
        -> ItemListing<WikiRevision>
    {
        try await client.send(Reddit.wikiPageRevisions(name, in: subreddit, page: page))
    }

    /// Every revision of a page, newest first, page after page as the sequence is read.
    public func allRevisions(of name: String) -> some AsyncSequence<WikiRevision, HTTPError> & Sendable {
        client.items(Reddit.wikiPageRevisions(name, in: subreddit, page: PageParameters(limit: 100)))
    }

    /// One page of the revisions of every page, newest first.
    public func recentRevisions(page: PageParameters = .first) async throws(HTTPError) -> ItemListing<WikiRevision> {
        try await client.send(Reddit.wikiRevisions(of: subreddit, page: page))
    }

    /// One page of the posts that link to a page.
    public func discussions(of name: String, page: PageParameters = .first) async throws(HTTPError) -> Listing {
        try await client.send(Reddit.wikiDiscussions(name, in: subreddit, page: page))
    }

    // MARK: Settings and editors

    /// Who may see and edit a page.
    public func settings(of name: String) async throws(HTTPError) -> WikiPageSettings {
        try await client.send(Reddit.wikiPageSettings(name, in: subreddit))
    }

    /// Changes who may see and edit a page; answers with the settings as they now are.
    @discardableResult
    public func updateSettings(of name: String, listed: Bool, permissionLevel: Int) async throws(HTTPError)
        -> WikiPageSettings
    {
        try await client.send(
            Reddit.updateWikiPageSettings(name, in: subreddit, listed: listed, permissionLevel: permissionLevel))
    }

    /// Approves a user to edit one page.
    public func addEditor(_ user: String, to name: String) async throws(HTTPError) {
        try await client.send(Reddit.addWikiEditor(user, to: name, in: subreddit))
    }

    /// Withdraws a user's approval to edit one page.
    public func removeEditor(_ user: String, from name: String) async throws(HTTPError) {
        try await client.send(Reddit.removeWikiEditor(user, from: name, in: subreddit))
    }

    // MARK: The wiki's users

    /// One page of the users banned from the wiki.
    public func bannedUsers(page: PageParameters = .first) async throws(HTTPError) -> ItemListing<UserRelationship> {
        try await client.send(Reddit.users(.wikiBanned, of: subreddit, page: page))
    }

    /// One page of the users approved to edit the wiki.
    public func contributors(page: PageParameters = .first) async throws(HTTPError) -> ItemListing<UserRelationship> {
        try await client.send(Reddit.users(.wikiContributor, of: subreddit, page: page))
    }

    /// Bans a user from the wiki, or lifts the ban.
    public func setBanned(_ user: String, _ banned: Bool) async throws(HTTPError) {
        try await client.send(
            banned
                ? Reddit.add(user, to: .wikiBanned, in: subreddit)
                : Reddit.remove(user, from: .wikiBanned, in: subreddit))
    }

    /// Approves a user to edit the wiki, or withdraws the approval.
    public func setContributor(_ user: String, _ approved: Bool) async throws(HTTPError) {
        try await client.send(
            approved
                ? Reddit.add(user, to: .wikiContributor, in: subreddit)
                : Reddit.remove(user, from: .wikiContributor, in: subreddit))
    }
}

extension RedditClient {
    /// The wiki calls for `subreddit`.
    public func wiki(of subreddit: String) -> SubredditWiki {
        SubredditWiki(client: self, subreddit: subreddit)
    }
}
