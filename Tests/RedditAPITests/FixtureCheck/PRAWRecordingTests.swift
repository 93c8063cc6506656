import Foundation
import RedditAPI
import RedditFixtureCheck
import TestSupport
import Testing

/// Every recording of PRAW's requests whose endpoint a route serves: the request rebuilt through
/// the public API matches PRAW's, and the answer decodes (or is a typed Reddit error).
@Suite(.ownThread) struct PRAWRecordingTests {
    static func folder(_ name: String) throws -> URL { try Fixture.root.appendingPathComponent(name) }

    /// Every failure of a served recording, with its differences.
    static func failuresOfServedRecordings(_ report: CheckReport) -> [String] {
        report.results.filter { !$0.passed && !$0.isUnsupported }.map(\.line)
    }

    @Test func everyServedRecordingPasses() async throws {
        let report = await CheckReport.check(folder: try Self.folder("praw"))
        #expect(report.results.count == 367)
        #expect(Self.failuresOfServedRecordings(report) == [])
        // Every area is served: moderation and modmail (85); subreddit, flair, wiki, rules, emoji
        // and widgets (99); live threads, collections, multireddits, drafts, relationships, users
        // and preferences (90); messages, submissions, comments, listings and other (93).
        #expect(report.passed == 367)
    }

    @Test(arguments: [
        "moderation", "modmail", "subreddit", "flair", "wiki", "rules", "emoji", "widgets", "live", "collections",
        "multireddits", "drafts", "relationships", "user", "preferences", "messages", "submissions", "comments",
        "listings", "other",
    ])
    func everyRecordingOfAFinishedAreaIsServed(_ area: String) async throws {
        let report = await CheckReport.check(folder: try Self.folder("praw").appendingPathComponent(area))
        #expect(!report.results.isEmpty)
        #expect(report.results.filter { !$0.passed }.map(\.line) == [])
    }

    @Test func theWikisListsOfUsersAreServed() async throws {
        let report = await CheckReport.check(folder: try Self.folder("praw").appendingPathComponent("wiki"))
        let lists = report.results.filter { $0.endpoint?.hasPrefix("list_wiki") == true }
        #expect(lists.count == 4)
        #expect(lists.filter { !$0.passed }.isEmpty)
    }

    @Test func handWrittenBodiesPassAndSayTheyAreHandWritten() async throws {
        let report = await CheckReport.check(folder: try Self.folder("praw-handwritten"))
        #expect(report.results.count >= 23)
        #expect(report.results.filter { !$0.passed }.map(\.line) == [])
        #expect(report.results.filter { !$0.writtenByHand }.isEmpty)
    }

    /// The older `../shared/fixtures/reddit` set has no PRAW keys: its paths are matched to
    /// PRAW's templates (a comment's permalink, `comments/{id}/_/{comment}`, to PRAW's
    /// `submission`), so the routes check its recordings too, and every one passes.
    @Test(arguments: [
        "actions", "comments", "errors", "inbox", "listings", "media", "morechildren", "search", "streams", "things",
        "users", "writes",
    ])
    func everyOlderRecordingPasses(_ folder: String) async throws {
        let report = await CheckReport.check(folder: try Self.folder(folder))
        #expect(!report.results.isEmpty)
        // A media upload's second request goes to S3, not to Reddit: no endpoint of PRAW's.
        let toS3 = report.results.filter { $0.file.hasPrefix("s3_upload") }
        #expect(toS3.allSatisfy { $0.isUnsupported }, "\(toS3.map(\.line))")
        #expect(report.results.filter { !$0.passed && !$0.file.hasPrefix("s3_upload") }.map(\.line) == [])
    }

    /// The token endpoints are OAuth's (CourierOAuth reads them), not PRAW's: the check says so
    /// for each instead of guessing a model.
    @Test func tokenEndpointsAreReportedAsNotPRAWs() async throws {
        let report = await CheckReport.check(folder: try Self.folder("auth"))
        #expect(!report.results.isEmpty)
        #expect(report.results.allSatisfy { $0.isUnsupported && $0.line.contains("a token request: CourierOAuth") })
    }

    @Test func errorAnswersComeOutAsTypedRedditErrorsWithTypeAndMessage() async throws {
        let report = await CheckReport.check(folder: try Self.folder("praw").appendingPathComponent("moderation"))
        let errors = report.results.compactMap { result -> (String, String)? in
            guard case .redditError(let error) = result.outcome else { return nil }
            return (result.file, error.code ?? error.message ?? "")
        }
        let byFile = Dictionary(errors, uniquingKeysWith: { first, _ in first })
        #expect(byFile["accept_mod_invite__200__1.json"] == "NO_INVITE_FOUND")
        #expect(byFile["removal_comment_message__400__1.json"] == "TOO_LONG")
        #expect(byFile["about_traffic__404__1.json"] == "Not Found")
        #expect(byFile["mod_notes__500__1.json"] == "Internal Server Error")
        #expect(errors.count == 6)
    }

    @Test func theSubredditAreasErrorsAreTypedToo() async throws {
        var byFile: [String: String] = [:]
        for area in ["subreddit", "wiki", "rules"] {
            let report = await CheckReport.check(folder: try Self.folder("praw").appendingPathComponent(area))
            for result in report.results {
                guard case .redditError(let error) = result.outcome else { continue }
                byFile[result.file] =
                    error.apiErrors.map(\.code).joined(separator: ",") + (error.code.map { " " + $0 } ?? "")
            }
        }
        #expect(
            byFile == [
                "site_admin__200__2.json": "NO_TEXT NO_TEXT", "upload_image__200__1.json": "IMAGE_ERROR IMAGE_ERROR",
                "upload_image__413__1.html": "BAD_CSS_NAME,IMAGE_ERROR BAD_CSS_NAME",
                "wiki_page__400__1.json": " INVALID_PAGE_NAME",
                "reorder_subreddit_rules__400__1.json": " SR_RULE_EXTRA_IN_ORDER",
            ])
    }
}
