public import Courier
import Foundation

/// A subreddit's wiki (scope `wikiread` to read, `wikiedit` to write, `modwiki` for settings
/// and editors): its pages, a page's text and history, editing and reverting, a page's
/// settings and editors, and the posts that link to a page. A page is read with
/// ``wikiPage(_:subreddit:revision:)``. Page names may hold `/` for sub-pages (`config/sidebar`).
///
/// ```swift
/// let page = try await reddit.send(Reddit.wikiPage("index", subreddit: "swift"))
/// try await reddit.send(
///     Reddit.editWikiPage("index", in: "swift", content: page.contentMarkdown + "\nMore.", reason: "add a line",
///                         previousRevision: page.revisionID))
/// ```
extension Reddit {
    /// The names of a wiki's pages (`/r/SUB/wiki/pages`).
    public static func wikiPages(of subreddit: String) -> Request<[String]> {
        decoded("/r/" + segment(subreddit) + "/wiki/pages", as: Wrapped<[String]>.self) { $0.value }
    }

    /// Replaces a page's text, creating the page when it does not exist (`/r/SUB/api/wiki/edit`).
    /// With `previousRevision` (the revision the new text was based on) Reddit refuses an edit
    /// that would overwrite someone else's with a ``RedditError`` (`EDIT_CONFLICT`, HTTP 409).
    public static func editWikiPage(
        _ page: String, in subreddit: String, content: String, reason: String? = nil, previousRevision: String? = nil
    ) -> Request<Void> {
        var form = ["page": page, "content": content]
        if let reason { form["reason"] = reason }
        if let previousRevision { form["previous"] = previousRevision }
        return post(wikiAPIPath(subreddit, "edit"), form)
    }

    /// Puts a page back as it was at `revision` (`/r/SUB/api/wiki/revert`).
    public static func revertWikiPage(_ page: String, in subreddit: String, to revision: String) -> Request<Void> {
        post(wikiAPIPath(subreddit, "revert"), ["page": page, "revision": revision])
    }

    /// One page of a page's revisions, newest first (`/r/SUB/wiki/revisions/PAGE`); the cursors
    /// are `WikiRevision_…` ids.
    public static func wikiPageRevisions(_ page: String, in subreddit: String, page paging: PageParameters = .first)
        -> Request<ItemListing<WikiRevision>>
    {
        get(wikiPath(subreddit, "revisions/" + wikiPageSegments(page)), paging.queryItems)
    }

    /// One page of the revisions of every page of a wiki, newest first (`/r/SUB/wiki/revisions`).
    public static func wikiRevisions(of subreddit: String, page: PageParameters = .first) -> Request<
        ItemListing<WikiRevision>
    > {
        get(wikiPath(subreddit, "revisions"), page.queryItems)
    }

    /// Who may see and edit a page (`/r/SUB/wiki/settings/PAGE`).
    public static func wikiPageSettings(_ page: String, in subreddit: String) -> Request<WikiPageSettings> {
        unwrapped(wikiPath(subreddit, "settings/" + wikiPageSegments(page)))
    }

    /// Changes who may see and edit a page (`POST /r/SUB/wiki/settings/PAGE`); answers with the
    /// settings as they now are.
    ///
    /// - Parameters:
    ///   - page: The page.
    ///   - subreddit: The subreddit.
    ///   - listed: Whether the page is listed in the wiki's pages.
    ///   - permissionLevel: 0 as the wiki's settings say, 1 only approved editors of the page,
    ///     2 only moderators.
    public static func updateWikiPageSettings(_ page: String, in subreddit: String, listed: Bool, permissionLevel: Int)
        -> Request<WikiPageSettings>
    {
        post(
            wikiPath(subreddit, "settings/" + wikiPageSegments(page)),
            ["listed": String(listed), "permlevel": String(permissionLevel)]
        ).reading(Wrapped<WikiPageSettings>.self) { $0.value }
    }

    /// Approves a user to edit one page (`/r/SUB/api/wiki/alloweditor/add`).
    public static func addWikiEditor(_ user: String, to page: String, in subreddit: String) -> Request<Void> {
        post(wikiAPIPath(subreddit, "alloweditor/add"), ["page": page, "username": user])
    }

    /// Withdraws a user's approval to edit one page (`/r/SUB/api/wiki/alloweditor/del`).
    public static func removeWikiEditor(_ user: String, from page: String, in subreddit: String) -> Request<Void> {
        post(wikiAPIPath(subreddit, "alloweditor/del"), ["page": page, "username": user])
    }

    /// One page of the posts that link to a wiki page (`/r/SUB/wiki/discussions/PAGE`).
    public static func wikiDiscussions(_ page: String, in subreddit: String, page paging: PageParameters = .first)
        -> Request<Listing>
    {
        get(wikiPath(subreddit, "discussions/" + wikiPageSegments(page)), paging.queryItems)
    }

    /// `/r/SUB/wiki/REST`.
    static func wikiPath(_ subreddit: String, _ rest: String) -> String {
        "/r/" + segment(subreddit) + "/wiki/" + rest
    }

    /// `/r/SUB/api/wiki/ACTION`.
    private static func wikiAPIPath(_ subreddit: String, _ action: String) -> String {
        "/r/" + segment(subreddit) + "/api/wiki/" + action
    }

    /// A page name as path segments: each part between `/` escaped on its own.
    static func wikiPageSegments(_ page: String) -> String {
        page.split(separator: "/", omittingEmptySubsequences: false).map { segment(String($0)) }.joined(separator: "/")
    }
}
