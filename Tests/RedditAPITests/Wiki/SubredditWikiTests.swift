import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// The wiki calls: a page's history across pages, editing against a revision, an old revision.
@Suite struct SubredditWikiTests {
    @Test func aPagesHistoryIsReadAcrossPagesByRevisionCursors() async throws {
        let first = try Fixture("praw/wiki/wiki_page_revisions__200__2.json")
        let last = try Fixture("praw/wiki/wiki_page_revisions__200__1.json")
        let transport = StubTransport { request in
            (request.query("after") == nil ? first : last).response(for: request.url)
        }
        var revisions: [WikiRevision] = []
        for try await revision in try makeClient(transport).items(
            Reddit.wikiPageRevisions("config/sidebar", in: "swift", page: PageParameters(limit: 100)))
        {
            revisions.append(revision)
        }
        #expect(
            revisions.map(\.id) == ["50419daa-ced8-11eb-bf2e-0edf8c79a977", "08a4ddfa-c000-11ea-999f-0e1fd5dedea1"])
        #expect(revisions[0].reason == "PRAW testing" && revisions[0].author?.name == "Lil_SpazBot")
        #expect(revisions[0].date == Date(timeIntervalSince1970: 1_623_871_401) && !revisions[0].isHidden)
        #expect(
            transport.requests.map { $0.query("after") } == [nil, "WikiRevision_50419daa-ced8-11eb-bf2e-0edf8c79a977"])
        #expect(transport.requests.allSatisfy { $0.url.path == "/r/swift/wiki/revisions/config/sidebar" })
    }

    @Test func anEditBasedOnAnOldRevisionIsATypedConflict() async throws {
        let conflict = try Fixture("praw-handwritten/wiki/wiki_edit__409__1.json")
        let transport = StubTransport { request in conflict.response(for: request.url) }
        let client = try makeClient(transport)
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(
                Reddit.editWikiPage(
                    "index", in: "swift", content: "My text", reason: "fix typo", previousRevision: "2f38e910"))
        }
        #expect(error?.redditError?.code == "EDIT_CONFLICT" && error?.statusCode == 409)
        #expect(
            transport.requests[0].form == [
                "api_type": "json", "page": "index", "content": "My text", "reason": "fix typo", "previous": "2f38e910",
            ])
    }

    @Test func anOldRevisionIsAskedFor() async throws {
        let page = try Fixture("praw/wiki/wiki_page__200__1.json")
        let transport = StubTransport { request in page.response(for: request.url) }
        let old = try await makeClient(transport).send(
            Reddit.wikiPage("index", subreddit: "swift", revision: "2f38e910-b109-11e2-ba44-12313b0d4e76"))
        #expect(transport.requests[0].query("v") == "2f38e910-b109-11e2-ba44-12313b0d4e76")
        #expect(old.contentMarkdown == "Some text" && old.revisionBy?.name == "<USERNAME>")
    }
}
