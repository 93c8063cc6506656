import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// The wiki calls: a page's history across pages, editing against a revision, and names.
@Suite struct SubredditWikiTests {
    @Test func aPagesHistoryIsReadAcrossPagesByRevisionCursors() async throws {
        let first = try Fixture("praw/wiki/wiki_page_revisions__200__2.json")
        let last = try Fixture("praw/wiki/wiki_page_revisions__200__1.json")
        let transport = StubTransport { request in
            (request.query("after") == nil ? first : last).response(for: request.url)
        }
        var revisions: [WikiRevision] = []
        for try await revision in try makeClient(transport).wiki(of: "swift").allRevisions(of: "config/sidebar") {
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
        let wiki = try makeClient(transport).wiki(of: "swift")
        let error = await #expect(throws: HTTPError.self) {
            try await wiki.edit("index", content: "My text", reason: "fix typo", previousRevision: "2f38e910")
        }
        #expect(error?.redditError?.code == "EDIT_CONFLICT" && error?.statusCode == 409)
        #expect(
            transport.requests[0].form == [
                "api_type": "json", "page": "index", "content": "My text", "reason": "fix typo", "previous": "2f38e910",
            ])
    }

    @Test func aNewPagesNameIsMadeValidAndAnOldRevisionIsAskedFor() async throws {
        let page = try Fixture("praw/wiki/wiki_page__200__1.json")
        let transport = StubTransport { request in
            guard request.method == .get else {
                return HTTPResponse(statusCode: 200, headers: [:], body: Data("{}".utf8), url: request.url)
            }
            return page.response(for: request.url)
        }
        let wiki = try makeClient(transport).wiki(of: "swift")
        #expect(try await wiki.create("Release Notes", content: "# 1.0") == "release_notes")
        #expect(transport.requests[0].form["page"] == "release_notes")

        let old = try await wiki.page("index", revision: "2f38e910-b109-11e2-ba44-12313b0d4e76")
        #expect(transport.requests[1].query("v") == "2f38e910-b109-11e2-ba44-12313b0d4e76")
        #expect(old.contentMarkdown == "Some text" && old.revisionBy?.name == "<USERNAME>")
    }
}
