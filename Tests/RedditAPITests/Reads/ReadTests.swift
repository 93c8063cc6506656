import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// `/api/info`, preferences, karma, rules, wiki pages and visits, on the recorded answers.
@Suite struct ReadTests {
    typealias F = FixtureDecodingTests
    typealias W = WriteTests

    @Test func infoReadsThingsByFullname() async throws {
        let (found, sent) = try await W.send(Reddit.info(["t1_cklhv0f"]), answeredBy: "things/info_t1_2020.json")
        #expect(sent.url.path == "/api/info" && sent.query("id") == "t1_cklhv0f")
        #expect(found.comments.first?.name == "t1_cklhv0f")
        let (none, _) = try await W.send(Reddit.info(["t1_0"]), answeredBy: "things/info_unknown_empty_2020.json")
        #expect(none.children.isEmpty)
    }

    @Test func infoBatchesBy100AndReportsWhatIsMissing() async throws {
        let known = try Fixture("things/info_t1_2020.json")
        let empty = try Fixture("things/info_unknown_empty_2020.json")
        let transport = StubTransport { request in
            (request.query("id")?.contains("t1_cklhv0f") == true ? known : empty).response(for: request.url)
        }
        var ids: [Fullname] = (0..<230).map { Fullname("t1_x\($0)") }
        ids.insert("t1_cklhv0f", at: 150)
        let result = try await makeClient(transport).info(ids)
        #expect(transport.requests.map { $0.query("id")?.split(separator: ",").count } == [100, 100, 31])
        #expect(result.things.compactMap(\.fullname) == ["t1_cklhv0f"])
        #expect(
            result.missing.count == 230 && !result.missing.contains("t1_cklhv0f") && result.missing.first == "t1_x0")
    }

    @Test func preferencesKarmaAndRules() async throws {
        let (prefs, prefsSent) = try await W.send(Reddit.preferences(), answeredBy: "things/prefs_2020.json")
        #expect(prefsSent.url.path == "/api/v1/me/prefs")
        #expect(prefs.values.count == 67 && prefs.threadedMessages == true && prefs.labelNSFW == true)
        let (karma, _) = try await W.send(Reddit.karma(), answeredBy: "things/karma_2020.json")
        #expect(karma.first == SubredditKarma(subreddit: "WTF", commentKarma: 1146, linkKarma: 6248))
        let (rules, rulesSent) = try await W.send(
            Reddit.rules(of: "test"), answeredBy: "things/subreddit_rules_2020.json")
        #expect(rulesSent.url.path == "/r/test/about/rules")
        let first = try #require(rules.rules.first)
        #expect(first.kind == "all" && first.shortName == "No spa3" && first.priority == 0)
        #expect(first.created == Date(timeIntervalSince1970: 1_593_594_888))
        #expect(rules.siteRules.first == "Spam" && rules.siteRulesFlow?.arrayValue?.isEmpty == false)
    }

    @Test func wikiPagesAndTheirErrors() async throws {
        let (page, sent) = try await W.send(
            Reddit.wikiPage("search", subreddit: "reddit.com"), answeredBy: "things/wiki_page_2022.json")
        #expect(sent.url.path == "/r/reddit.com/wiki/search")
        #expect(page.contentMarkdown.hasPrefix("#Reddit Search") && !page.mayRevise)
        #expect(page.revisionDate == Date(timeIntervalSince1970: 1_649_887_932) && page.revisionBy != nil)
        #expect(page.revisionID == "c4dc1330-bb76-11ec-a46b-0e2c43d99690")
        let invalid = try await F.error("errors/wiki_invalid_page_name_400.json")
        #expect(invalid.status == 400 && invalid.code == "INVALID_PAGE_NAME")
        let missing = try await F.error("errors/wiki_page_not_found_404.json")
        #expect(missing.status == 404 && missing.code == "PAGE_NOT_FOUND")
        #expect(Reddit.wikiPage("config/sidebar", subreddit: "swift").path == "/r/swift/wiki/config/sidebar")
        #expect(Reddit.wikiPage("../../api/x?y", subreddit: "swift").path.contains("?") == false)
    }

    @Test func storeVisitsPostsTheLinks() async throws {
        let (_, sent) = try await W.send(
            Reddit.storeVisits(["t3_a", "t3_b"]), answeredBy: "writes/delete_comment_2020_200.json")
        #expect(sent.url.path == "/api/store_visits" && sent.form["links"] == "t3_a,t3_b")
    }

    @Test func quarantineAndSpecialErrorTextsAreKept() {
        let quarantined = HTTPResponse(
            statusCode: 403, headers: ["Content-Type": "application/json"],
            body: Data(
                #"{"reason": "quarantined", "quarantine_message": "This community is quarantined.", "message": "Forbidden", "error": 403}"#
                    .utf8),
            url: URL(string: "https://oauth.reddit.com/r/q/hot")!)
        let error = RedditErrorDecoder().redditError(from: quarantined)
        #expect(error?.code == "quarantined" && error?.quarantineMessage == "This community is quarantined.")
        #expect(error?.description.contains("This community is quarantined.") == true)
        let special = HTTPResponse(
            statusCode: 415, headers: ["Content-Type": "application/json"],
            body: Data(
                #"{"reason": "UNSUPPORTED", "explanation": "bad media", "special_errors": ["too big", "wrong type"], "message": "Unsupported Media Type"}"#
                    .utf8),
            url: URL(string: "https://oauth.reddit.com/api/submit")!)
        let specialError = RedditErrorDecoder().redditError(from: special)
        #expect(specialError?.specialErrors == ["too big", "wrong type"] && specialError?.status == 415)
    }
}
