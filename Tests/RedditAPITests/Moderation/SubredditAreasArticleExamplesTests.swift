import Courier
import CourierTesting
import Foundation
import RedditAPI
import TestSupport
import Testing

/// The settings, flair and wiki examples of the "Moderating with RedditAPI" article, run against
/// recorded and hand-written answers.
@Suite struct SubredditAreasArticleExamplesTests {
    /// Reddit: `routes` by method and path, `{"json": {"errors": []}}` for any other POST or PATCH.
    static func transport(_ routes: [String: Fixture]) -> StubTransport {
        StubTransport { request in
            if let fixture = routes["\(request.method.rawValue) \(request.url.path)"] {
                return fixture.response(for: request.url)
            }
            guard request.method != .get else { throw UnmatchedRequest(url: request.url, known: routes.keys.sorted()) }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"json": {"errors": []}}"#.utf8), url: request.url)
        }
    }

    @Test func theSettingsExampleRuns() async throws {
        let transport = Self.transport([
            "GET /r/swift/about": try Fixture("things/subreddit_about_announcements.json"),
            "PATCH /api/v1/subreddit/update_settings": try Fixture(
                "praw-handwritten/subreddit/update_settings__200__1.json"),
            "POST /api/add_subreddit_rule": try Fixture("praw/rules/add_subreddit_rule__200__2.json"),
        ])
        let reddit = try makeClient(transport)

        // The article's code:
        var changes = SubredditSettings()
        changes.spoilersEnabled = true
        changes.welcomeMessageText = "Welcome to r/swift!"
        try await reddit.moderation(of: "swift").updateSettings(changes)
        try await reddit.send(
            Reddit.addRule(SubredditRules.Rule(shortName: "No spam", description: "Spam is removed."), to: "swift"))
        try await reddit.send(
            Reddit.updateStylesheet(of: "swift", css: ".side { color: #f05138; }", reason: "Swift orange"))

        #expect(
            transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } == [
                "GET /r/swift/about", "PATCH /api/v1/subreddit/update_settings", "POST /api/add_subreddit_rule",
                "POST /r/swift/api/subreddit_stylesheet",
            ])
        #expect(transport.requests[3].form["stylesheet_contents"] == ".side { color: #f05138; }")
    }

    @Test func theFlairExampleRuns() async throws {
        let transport = Self.transport([
            "POST /r/swift/api/flairtemplate_v2": try Fixture("praw/flair/flairtemplate_v2__200__2.json"),
            "POST /r/swift/api/flaircsv": try Fixture("praw/flair/flaircsv__200__2.json"),
        ])
        let reddit = try makeClient(transport)

        // The article's code:
        let helper = try await reddit.send(
            Reddit.createFlairTemplate(
                FlairTemplate(text: "Helper", backgroundColor: "#f05138"), kind: .user, in: "swift"))
        try await reddit.send(Reddit.selectUserFlair("swift_helper", in: "swift", templateID: helper.id))
        let results = try await reddit.flair(of: "swift").setUsers([
            UserFlair(user: "spez", text: "Admin"), UserFlair(user: "kn0thing"),
        ])

        #expect(transport.requests[1].form["flair_template_id"] == "5c16e768-ac9b-11e9-a601-0e236d92f5c8")
        #expect(transport.requests[2].form["flair_csv"] == "spez,Admin,\nkn0thing,,")
        #expect(results.count == 2 && results.allSatisfy { $0.ok })
    }

    @Test func theWikiExampleRuns() async throws {
        let transport = Self.transport([
            "GET /r/swift/wiki/index": try Fixture("praw/wiki/wiki_page__200__1.json"),
            "GET /r/swift/wiki/revisions/index": try Fixture("praw/wiki/wiki_page_revisions__200__1.json"),
            "POST /r/swift/api/wiki/edit": try Fixture("praw/wiki/wiki_edit__200__1.json"),
        ])
        let reddit = try makeClient(transport)
        var printed: [String] = []
        func print(_ items: String...) { printed.append(items.joined(separator: " ")) }

        // The article's code:
        let index = try await reddit.send(Reddit.wikiPage("index", subreddit: "swift"))
        try await reddit.send(
            Reddit.editWikiPage(
                "index", in: "swift", content: index.contentMarkdown + "\n* Concurrency", reason: "add a link",
                previousRevision: index.revisionID))
        for try await revision in reddit.items(Reddit.wikiPageRevisions("index", in: "swift")).prefix(10) {
            print(revision.id, revision.reason ?? "")
        }

        #expect(transport.requests[1].form["content"] == "Some text\n* Concurrency")
        #expect(printed.count == 1 && printed[0].hasPrefix("08a4ddfa-c000-11ea-999f-0e1fd5dedea1"))
    }
}
