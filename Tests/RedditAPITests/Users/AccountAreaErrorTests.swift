import Foundation
import RedditAPI
import RedditFixtureCheck
import TestSupport
import Testing

/// Every error answer recorded (or written by hand) for live threads, collections, multireddits,
/// drafts, relationships, users and preferences comes out as a typed ``RedditError`` with
/// Reddit's type and message.
@Suite(.ownThread) struct AccountAreaErrorTests {
    static let areas = ["live", "collections", "multireddits", "drafts", "relationships", "user", "preferences"]

    static func errors(in set: String) async throws -> [String: RedditError] {
        var errors: [String: RedditError] = [:]
        for area in areas {
            let report = await CheckReport.check(folder: try Fixture.root.appendingPathComponent(set + "/" + area))
            for result in report.results {
                if case .redditError(let error) = result.outcome { errors[area + "/" + result.file] = error }
            }
        }
        return errors
    }

    @Test func errorAnswersAreTypedRedditErrors() async throws {
        let recorded = try await Self.errors(in: "praw")
        #expect(recorded.count == 6)
        let trophies = try #require(recorded["user/trophies__400__1.json"])
        #expect(trophies.kind == .reason("USER_DOESNT_EXIST", explanation: "that user doesn't exist", fields: ["id"]))
        #expect(trophies.status == 400 && trophies.message == "Bad Request")
        #expect(recorded["user/username_available__200__2.json"]?.code == "BAD_USERNAME")
        #expect(recorded["collections/collection_create__200__1.json"]?.code == "INVALID_OPTION")
        #expect(recorded["user/me__401__1.json"]?.status == 401)
        #expect(recorded["user/user_by_fullname__404__1.json"]?.message == "Not Found")
        #expect(recorded["live/live_info__500__1.json"]?.message == "Internal Server Error")

        let handWritten = try await Self.errors(in: "praw-handwritten")
        let gold = try #require(handWritten["relationships/friend_v1__400__1.json"])
        #expect(gold.code == "GOLD_REQUIRED" && gold.status == 400)
    }
}
