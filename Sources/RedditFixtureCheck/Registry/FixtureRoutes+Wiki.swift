import Courier
import RedditAPI

/// The `wiki` area: pages, a page and its revisions, the wiki's revisions, editing, reverting,
/// a page's settings and editors, and discussions. The wiki's lists of users are served by the
/// `moderation` area.
extension FixtureRoutes {
    static let wiki: [FixtureRoute] = [
        FixtureRoute("wiki_pages", call: "Reddit.wikiPages(of:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.wikiPages(of: try r.path("subreddit"))).leavingOutUnique
        },
        FixtureRoute("wiki_page", call: "Reddit.wikiPage(_:subreddit:revision:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.wikiPage(try r.path("page"), subreddit: try r.path("subreddit"), revision: r.optionalQuery("v")))
        },
        FixtureRoute("wiki_edit", call: "Reddit.editWikiPage(_:in:content:reason:previousRevision:)") {
            r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.editWikiPage(
                    try r.field("page"), in: try r.path("subreddit"), content: try r.field("content"),
                    reason: r.optionalField("reason"), previousRevision: r.optionalField("previous")))
        },
        FixtureRoute("wiki_revert", call: "Reddit.revertWikiPage(_:in:to:)") { r throws(FixtureRouteError) in
            FixtureCall(
                Reddit.revertWikiPage(try r.field("page"), in: try r.path("subreddit"), to: try r.field("revision")))
        },
        FixtureRoute("wiki_page_revisions", call: "Reddit.wikiPageRevisions(_:in:page:)") {
            r throws(FixtureRouteError) in
            FixtureCall(Reddit.wikiPageRevisions(try r.path("page"), in: try r.path("subreddit"), page: try r.page))
        },
        FixtureRoute("wiki_revisions", call: "Reddit.wikiRevisions(of:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.wikiRevisions(of: try r.path("subreddit"), page: try r.page))
        },
        FixtureRoute(
            "wiki_page_settings",
            call: "Reddit.wikiPageSettings(_:in:), Reddit.updateWikiPageSettings(_:in:listed:permissionLevel:)"
        ) { r throws(FixtureRouteError) in
            let (page, subreddit) = (try r.path("page"), try r.path("subreddit"))
            switch r.method {
            case "GET": return FixtureCall(Reddit.wikiPageSettings(page, in: subreddit))
            case "POST":
                guard let level = try r.optionalInt("permlevel") else { throw .missing("field permlevel") }
                return FixtureCall(
                    Reddit.updateWikiPageSettings(
                        page, in: subreddit, listed: try r.bool("listed"), permissionLevel: level))
            default: throw .unsupported("\(r.method) of a wiki page's settings")
            }
        },
        FixtureRoute("wiki_page_editor", call: "Reddit.addWikiEditor(_:to:in:), Reddit.removeWikiEditor(_:from:in:)") {
            r throws(FixtureRouteError) in
            let (user, page, subreddit) = (try r.field("username"), try r.field("page"), try r.path("subreddit"))
            switch try r.path("method") {
            case "add": return FixtureCall(Reddit.addWikiEditor(user, to: page, in: subreddit))
            case "del": return FixtureCall(Reddit.removeWikiEditor(user, from: page, in: subreddit))
            case let other: throw .unsupported("wiki editor method \(other)")
            }
        },
        FixtureRoute("wiki_discussions", call: "Reddit.wikiDiscussions(_:in:page:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.wikiDiscussions(try r.path("page"), in: try r.path("subreddit"), page: try r.page))
        },
    ]
}
