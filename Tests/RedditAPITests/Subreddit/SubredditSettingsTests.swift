import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Settings: read as Reddit names them, written as PRAW remaps them, and an update that looks up
/// the subreddit's fullname first.
@Suite struct SubredditSettingsTests {
    @Test func anUpdateReadsTheFullnameThenSendsTheRemappedChanges() async throws {
        let about = try Fixture("things/subreddit_about_announcements.json")
        let answer = try Fixture("praw-handwritten/subreddit/update_settings__200__1.json")
        let transport = StubTransport { request in
            request.method == .get ? about.response(for: request.url) : answer.response(for: request.url)
        }
        var changes = SubredditSettings()
        changes.title = "Swift"
        changes.subredditType = "restricted"
        changes.contentOptions = "self"
        changes.language = "en"
        changes["welcome_message_text"] = "Hi"
        let changed = try await makeClient(transport).moderation(of: "announcements").updateSettings(changes)

        #expect(
            transport.requests.map { "\($0.method.rawValue) \($0.url.path)" } == [
                "GET /r/announcements/about", "PATCH /api/v1/subreddit/update_settings",
            ])
        let body = try JSON.TapeDecoder().decode(JSON.self, from: try #require(transport.requests[1].body?.data))
        #expect(
            body == [
                "sr": "t5_2r0ij", "title": "Swift", "type": "restricted", "link_type": "self", "lang": "en",
                "welcome_message_text": "Hi",
            ])
        #expect(changed.title == "Swift" && changed["type"] == "restricted")
    }

    @Test func readSettingsAreTypedAndChangesHoldOnlyWhatWasSet() throws {
        let settings = try JSON.TapeDecoder().decode(
            Wrapped<SubredditSettings>.self, from: try Fixture("praw/subreddit/subreddit_settings__200__1.json").body
        ).value
        #expect(settings.subredditID == "t5_7ss0q" && settings.title == "x" && settings.wikiMode == "modonly")
        #expect(settings.subredditType == "public" && settings.contentOptions == "any" && settings.over18 == false)
        #expect(settings.language == "en" && settings.allowPolls == true && settings.welcomeMessageText == nil)

        var changes = SubredditSettings()
        changes.over18 = true
        changes.title = nil
        #expect(changes.values == ["over_18": true])
    }

    @Test func creatingASubredditSendsWhatPRAWSends() async throws {
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: [:], body: Data(#"{"json": {"errors": []}}"#.utf8), url: request.url)
        }
        var settings = SubredditSettings()
        settings.language = "de"
        settings["header_hover_text"] = "Hallo"
        settings["wiki_edit_age"] = 0
        try await makeClient(transport).send(
            Reddit.createSubreddit("swift_de", title: "Swift auf Deutsch", settings: settings))
        #expect(
            transport.requests[0].form == [
                "api_type": "json", "name": "swift_de", "title": "Swift auf Deutsch", "type": "public",
                "link_type": "any", "wikimode": "disabled", "lang": "de", "header-title": "Hallo", "wiki_edit_age": "0",
            ])
    }
}
