import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RedditAPI

/// The moderator calls go through the client's send path, and the models read what the
/// recordings (and the hand-written bodies) hold.
@Suite struct SubredditModerationTests {
    /// A transport answering by path with recorded or hand-written bodies, `{}` for other POSTs.
    static func transport(_ routes: [String: Fixture]) -> StubTransport {
        StubTransport { request in
            if let fixture = routes[request.url.path] { return fixture.response(for: request.url) }
            guard request.method == .post else { throw UnmatchedRequest(url: request.url, known: routes.keys.sorted()) }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8), url: request.url)
        }
    }

    @Test func aQueueGoesThroughTheTokenAndTheRateLimiter() async throws {
        let transport = Self.transport([
            "/r/test/about/modqueue": try Fixture("praw/moderation/about_modqueue__200__2.json")
        ])
        let client = try makeClient(transport)
        let queue = try await client.send(
            Reddit.moderationQueue(.modQueue, of: "test", only: .comments, page: .init(limit: 100)))
        #expect(queue.comments.count == 6)
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Authorization"] == "bearer test-token")
        #expect(sent.query("only") == "comments" && sent.query("limit") == "100" && sent.query("raw_json") == "1")
        let recorded = try Fixture("praw/moderation/about_modqueue__200__2.json")
        #expect(client.rateLimit?.remaining == Double(try #require(recorded.headers["x-ratelimit-remaining"])))
    }

    @Test func removingWithAReasonSendsBothCallsAndNoWriteIsRetried() async throws {
        let queueAnswers = Mutex(0)
        let transport = StubTransport { request in
            var status = request.url.path == "/api/v1/modactions/removal_reasons" ? 503 : 200
            if request.method == .get {
                // The queue answers 503 once: a read is retried, so the policy is in place.
                status = queueAnswers.withLock { count in
                    defer { count += 1 }
                    return count == 0 ? 503 : 200
                }
            }
            let body = request.method == .get ? #"{"kind": "Listing", "data": {"children": []}}"# : "{}"
            return HTTPResponse(statusCode: status, headers: [:], body: Data(body.utf8), url: request.url)
        }
        let client = RedditClient(
            userAgent: try testAgent(), authentication: .tokens(RenewingTestToken()), transport: transport
        ) { $0.interceptors.insert(RetryPolicy(maxAttempts: 3, backoff: .exponential(base: .zero, cap: .zero)), at: 0) }
        _ = try await client.send(Reddit.moderationQueue(.spam, of: "test"))
        #expect(transport.requests.count == 2)
        transport.clearRequests()

        let error = await #expect(throws: HTTPError.self) {
            try await client.moderation(of: "test").remove("t3_abc", spam: true, reasonID: "r1", modNote: "rule 2")
        }
        #expect(error?.statusCode == 503)
        #expect(transport.requests.map(\.url.path) == ["/api/remove", "/api/v1/modactions/removal_reasons"])
        #expect(transport.requests[0].form == ["id": "t3_abc", "spam": "true", "api_type": "json"])
        let document = try JSON.TapeDecoder().decode(
            JSON.self, from: Data(try #require(transport.requests[1].form["json"]).utf8))
        #expect(document == ["item_ids": ["t3_abc"], "reason_id": "r1", "mod_note": "rule 2"])
    }

    @Test func leavingModerationRemovesTheSignedInUser() async throws {
        let transport = Self.transport(["/api/v1/me": try Fixture("things/me_2016.json")])
        try await makeClient(transport).moderation(of: "test").leaveModeration()
        #expect(transport.requests.map(\.url.path) == ["/api/v1/me", "/r/test/api/unfriend"])
        #expect(transport.requests[1].form == ["name": "PyAPITestUser2", "type": "moderator", "api_type": "json"])
    }

    @Test func banInviteAndPermissionsFormsAreWhatPRAWSends() async throws {
        let transport = Self.transport([:])
        let client = try makeClient(transport)
        try await client.send(
            Reddit.ban(
                "spammer", in: "test", days: 7, reason: "Spam", message: "Read the rules", note: "link farm",
                context: "t3_x"))
        try await client.send(Reddit.inviteModerator("helper", to: "test", permissions: [.posts, .mail]))
        try await client.send(Reddit.setModeratorPermissions(of: "helper", in: "test", to: nil, invitation: true))
        try await client.send(Reddit.add("loud", to: .muted, in: "test", note: "caps"))
        let forms = transport.requests.map(\.form)
        #expect(
            forms[0] == [
                "name": "spammer", "type": "banned", "duration": "7", "ban_reason": "Spam",
                "ban_message": "Read the rules", "note": "link farm", "ban_context": "t3_x", "api_type": "json",
            ])
        #expect(forms[1]["permissions"] == "-all,-access,-config,-flair,-wiki,+posts,+mail")
        #expect(forms[2] == ["name": "helper", "type": "moderator_invite", "permissions": "+all", "api_type": "json"])
        #expect(forms[3] == ["name": "loud", "type": "muted", "note": "caps", "api_type": "json"])
        #expect(
            transport.requests.map(\.url.path) == [
                "/r/test/api/friend", "/r/test/api/friend", "/r/test/api/setpermissions", "/r/test/api/friend",
            ])
    }

    @Test func listsOfUsersKeepWhatEachListRecords() async throws {
        let banned = try JSON.TapeDecoder().decode(
            ItemListing<UserRelationship>.self,
            from: try Fixture("praw-handwritten/moderation/list_banned__200__1.json").body)
        #expect(banned.items.map(\.name) == ["spammer_one", "troll_two"])
        #expect(banned.items[0].note == "spam links" && banned.items[0].daysLeft == 6)
        #expect(banned.items[1].daysLeft == nil && banned.items[0].relationshipID == "rb_1abc23")

        let moderators = try JSON.TapeDecoder().decode(
            ItemListing<UserRelationship>.self, from: try Fixture("praw/moderation/list_moderator__200__1.json").body)
        #expect(moderators.items.first?.permissions == ["config"] && moderators.items.first?.accountID == "t2_6c1xj")

        let invited = try JSON.TapeDecoder().decode(
            InvitedModerators.self, from: try Fixture("praw/moderation/list_invited_moderator__200__1.json").body)
        #expect(invited.page.items.first?.name == "ElonMusk")
        #expect(invited.page.items.first?.permissions.contains("all") == true)
        #expect(invited.page.items.first?.date == Date(timeIntervalSince1970: 1_578_247_466))
    }

    @Test func theLogAndNotesReadTheirEntries() async throws {
        let log = try JSON.TapeDecoder().decode(
            ItemListing<ModAction>.self, from: try Fixture("praw/moderation/about_log__200__2.json").body)
        let entry = try #require(log.items.first)
        #expect(entry.action == "adjust_post_crowd_control_level" && entry.details == "medium")
        #expect(entry.targetFullname == "t3_ol4d5w" && log.after == entry.id)

        let notes = try JSON.TapeDecoder().decode(
            ModNotePage.self, from: try Fixture("praw-handwritten/moderation/mod_notes__200__1.json").body)
        #expect(notes.notes.map(\.type) == ["NOTE", "BAN"] && notes.hasNextPage)
        #expect(notes.notes[0].label == "HELPFUL_USER" && notes.notes[0].thing == "t1_k0abc1")
        #expect(notes.notes[1].action == "banuser" && notes.notes[1].note == nil)

        let reasons = try JSON.TapeDecoder().decode(
            RemovalReasonList.self, from: try Fixture("praw/moderation/removal_reasons_list__200__2.json").body)
        #expect(reasons.ordered.map(\.title) == ["test", "bruh"])
    }

    @Test func permissionsAreWrittenAsPRAWWritesThem() {
        #expect(ModeratorPermission.field(nil) == "+all")
        #expect(ModeratorPermission.field([]) == "-all,-access,-config,-flair,-mail,-posts,-wiki")
        #expect(ModeratorPermission.field([.config]) == "-all,-access,-flair,-mail,-posts,-wiki,+config")
        #expect(ModeratorPermission.field(["chat_config"]).hasSuffix(",-wiki,+chat_config"))
    }
}
