import Courier
import Foundation
import RedditFixtureCheck
import Testing

@testable import RedditAPI

/// Requests that leave out a parameter our calls used to send every time: each is rebuilt
/// through the public API and matches, field for field.
@Suite struct OmittedParameterTests {
    typealias Folder = FixtureCheckerTests.Folder

    @Test func aDraftSavedWithoutNSFWIsRebuiltWithoutIt() async throws {
        let folder = try Folder()
        try folder.record(
            "draft", key: "draft", template: "api/v1/draft", path: "/api/v1/draft",
            form: [
                "api_type": "json", "kind": "markdown", "title": "t", "body": "b", "spoiler": "false",
                "original_content": "false", "send_replies": "true", "is_public_link": "false",
            ],
            body: #"{"json": {"errors": [], "data": {"drafts_count": 1, "id": "d1"}}}"#)
        let report = await folder.check()
        #expect(report.passed == 1, "\(FixtureCheckerTests.lines(report))")
        #expect(DraftContent(nsfw: nil).form["nsfw"] == nil)
        #expect(DraftContent().form["nsfw"] == "false")
    }

    @Test func aModNoteDeletionWithoutANoteIDIsRebuiltWithoutIt() async throws {
        let folder = try Folder()
        try folder.record(
            "notes", key: "mod_notes", template: "api/mod/notes", method: "DELETE", path: "/api/mod/notes",
            query: "subreddit=swift&user=spez&raw_json=1", form: nil, body: "{}")
        let report = await folder.check()
        #expect(report.passed == 1, "\(FixtureCheckerTests.lines(report))")
        let request = Reddit.deleteModNote(nil, about: "spez", in: "swift")
        #expect(request.query.map(\.name) == ["user", "subreddit"])
    }

    @Test func anImageUploadWithoutUploadTypeIsRebuiltWithoutIt() async throws {
        let folder = try Folder()
        try folder.record(
            "upload", key: "upload_image", template: "r/{subreddit}/api/upload_sr_img",
            path: "/r/swift/api/upload_sr_img",
            form: [
                "api_type": "json", "img_type": "png", "name": "praw",
                "file": "<file content omitted by extractor: 8 bytes>",
            ],
            body: #"{"errors": [], "img_src": "https://example.com/a.png"}"#)
        let report = await folder.check()
        #expect(report.passed == 1, "\(FixtureCheckerTests.lines(report))")
    }
}
