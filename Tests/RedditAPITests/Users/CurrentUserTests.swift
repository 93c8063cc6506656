import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// The signed-in user's calls and other users': batching account summaries, unblocking,
/// friends' JSON bodies, drafts, preferences and the moderated list.
@Suite struct CurrentUserTests {
    static func ok(_ request: HTTPRequest, _ body: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [:], body: Data(body.utf8), url: request.url)
    }

    static func json(_ request: HTTPRequest) throws -> JSON {
        try JSON.TapeDecoder().decode(JSON.self, from: try #require(request.body?.data))
    }

    @Test func accountSummariesAreAsked100AtATimeInOrderAndA404BatchIsNone() async throws {
        let ids = (0..<250).map { Fullname("t2_u\($0)") }
        let transport = StubTransport { request in
            let asked = try #require(request.query("ids")).split(separator: ",").map(String.init)
            // The second batch holds no known account: Reddit answers 404.
            if asked.first == "t2_u100" {
                return Self.ok(request, #"{"message": "Not Found", "error": 404}"#, status: 404)
            }
            // Reddit answers an object keyed by fullname, in no particular order, without unknown ids.
            let known = asked.filter { !$0.hasSuffix("7") }.reversed()
            let entries = known.map {
                #""\#($0)": {"name": "name_\#($0)", "created_utc": 1498231550.0, "link_karma": 1, "comment_karma": 2}"#
            }
            return Self.ok(request, "{" + entries.joined(separator: ",") + "}")
        }
        let accounts = try await makeClient(transport).accounts(ids)
        #expect(transport.requests.count == 3)
        #expect(transport.requests.map { $0.query("ids")?.split(separator: ",").count } == [100, 100, 50])
        let expected = ids.filter { id in
            let number = Int(id.rawValue.dropFirst(4))!
            return !(100..<200).contains(number) && !id.rawValue.hasSuffix("7")
        }
        #expect(accounts.map(\.fullname) == expected)
        #expect(accounts.first?.name == "name_t2_u0" && accounts.first?.commentKarma == 2)
    }

    @Test func anErrorOtherThan404StopsTheBatches() async throws {
        let transport = StubTransport { request in
            Self.ok(request, #"{"message": "Forbidden", "error": 403}"#, status: 403)
        }
        let error = await #expect(throws: HTTPError.self) {
            try await makeClient(transport).accounts((0..<150).map { Fullname("t2_\($0)") })
        }
        #expect(error?.statusCode == 403 && transport.requests.count == 1)
    }

    @Test func unblockingReadsYourFullnameFirst() async throws {
        let transport = StubTransport { request in
            request.url.path == "/api/v1/me"
                ? try Fixture("things/me_2016.json").response(for: request.url) : Self.ok(request, "{}")
        }
        try await makeClient(transport).user.unblock("PyAPITestUser3")
        #expect(transport.requests.map(\.url.path) == ["/api/v1/me", "/r/all/api/unfriend"])
        #expect(
            transport.requests[1].form == [
                "name": "PyAPITestUser3", "type": "enemy", "container": "t2_4cixf", "api_type": "json",
            ])
    }

    @Test func friendsAreChangedWithJSONBodies() async throws {
        let transport = StubTransport { request in
            request.method == .delete
                ? Self.ok(request, "", status: 204)
                : try Fixture("praw/relationships/friend_v1__201__1.json").response(for: request.url)
        }
        let client = try makeClient(transport)
        let friendship = try await client.send(Reddit.addFriend("spez", note: "My favorite admin"))
        #expect(friendship.name == "spez" && friendship.accountID == "t2_1w72")
        try await client.send(Reddit.addFriend("spez"))
        try await client.send(Reddit.removeFriend("spez"))
        #expect(transport.requests.map(\.method) == [.put, .put, .delete])
        #expect(transport.requests.allSatisfy { $0.url.path == "/api/v1/me/friends/spez" })
        #expect(try transport.requests.map(Self.json) == [["note": "My favorite admin"], [:], ["id": "spez"]])
        #expect(transport.requests.allSatisfy { $0.headers["Content-Type"]?.hasPrefix("application/json") == true })
    }

    @Test func preferencesAreChangedThroughTheJSONField() async throws {
        let transport = StubTransport(fixture: try Fixture("praw/preferences/preferences__200__2.json"))
        let preferences = try await makeClient(transport).send(Reddit.updatePreferences(["media_preview": "on"]))
        #expect(preferences["media_preview"] == "on" && preferences.over18 == false)
        #expect(transport.requests.first?.method == .patch)
        #expect(transport.requests.first?.form == ["json": #"{"media_preview":"on"}"#, "api_type": "json"])
    }

    @Test func draftsReadTheirContentAndMillisecondDates() throws {
        let drafts = try JSON.TapeDecoder().decode(
            DraftList.self, from: try Fixture("praw/drafts/drafts__200__2.json").body
        ).drafts
        #expect(drafts.map(\.id) == ["b7f7a2ec-f0ce-11eb-912e-5694ec6ef8f6", "aef38cb0-f0ce-11eb-8a61-4afdc3078d51"])
        #expect(drafts[0].content == DraftContent(title: "test", kind: "markdown", body: "test"))
        #expect(drafts[0].created == Date(timeIntervalSince1970: 1_627_605_620.532))
        let form = DraftContent.link(title: "test", url: "https://reddit.com", in: "t5_29ey0j").form
        #expect(
            form == [
                "title": "test", "kind": "link", "body": "https://reddit.com", "subreddit": "t5_29ey0j",
                "target": "subreddit", "nsfw": "false", "spoiler": "false", "original_content": "false",
                "send_replies": "true", "is_public_link": "false",
            ])
    }

    @Test func aUserWhoModeratesNothingHasAnEmptyList() throws {
        let none = try JSON.TapeDecoder().decode(
            ModeratedList.self, from: try Fixture("praw/user/moderated__200__1.json").body)
        #expect(none.subreddits.isEmpty)
        let some = try JSON.TapeDecoder().decode(
            ModeratedList.self, from: try Fixture("praw/user/moderated__200__2.json").body)
        #expect(some.subreddits.first?.displayName == "announcements" && some.subreddits.first?.name == "t5_2r0ij")
        #expect(some.subreddits.first?.id == "2r0ij" && some.subreddits.first?.subscribers == 47_455_998)
    }
}
