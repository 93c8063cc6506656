import Foundation
import RedditAPI
import RedditFixtureCheck
import TestSupport
import Testing

/// Recordings of an older PRAW (3.6, through rtv): matched by what they ask Reddit for, not by
/// how that PRAW spelled it, and every one passes (Fixtures/rtv, twelve of the 94 of
/// `../shared/fixtures/reddit-rtv`).
@Suite(.ownThread) struct RtvRecordingTests {
    @Test func everyOlderSpellingIsMatchedAndPasses() async throws {
        let report = await CheckReport.check(folder: try Fixture.root.appendingPathComponent("rtv"))
        #expect(report.results.count == 12)
        #expect(report.results.filter { !$0.passed }.map(\.line) == [])
    }

    @Test(arguments: [
        ("r/Python/comments/2xmo63/a_python_terminal_viewer/", "comments/2xmo63"),
        ("r/Python/comments/2xmo63", "comments/2xmo63"),
        ("comments/2xmo63/slug", "comments/2xmo63"),
        ("r/LifeProTips/comments/441hsf//czmp112", "comments/441hsf/_/czmp112"),
        ("comments/441hsf/_/czmp112", "comments/441hsf/_/czmp112"),
        ("r/python/comments", "r/python/comments"),
        ("api/comment", "api/comment"),
    ])
    func aCommentPageIsOneRequestHoweverItIsSpelled(path: String, canonical: String) {
        #expect(PathTemplate.canonical(PathTemplate.normalized(path)) == canonical)
    }

    @Test func aDifferentThreadOrCommentIsStillADifference() async throws {
        let folder = try FixtureCheckerTests.Folder()
        let body = try Data(
            contentsOf: Fixture.root.appendingPathComponent("rtv/comments/comments_91em1h__200__20190227.json"))
        try folder.record(
            "other", key: nil, template: nil, method: "GET", path: "/r/Python/comments/91em1h/slug/e2x7vqf/.json",
            query: "", form: nil, body: String(decoding: body, as: UTF8.self))
        let wrong = FixtureRoute("submission", call: "Reddit.comments(of:)") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.comments(of: "91em1h"))
        }
        let report = await folder.check([wrong])
        #expect(
            FixtureCheckerTests.lines(report) == [
                "FAIL other.json: the request differs from PRAW's\n    path: PRAW sent /r/Python/comments/91em1h/slug/e2x7vqf, we sent /comments/91em1h"
            ])
    }
}
