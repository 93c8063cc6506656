import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// New modmail's requests, on the recorded and hand-written answers.
@Suite struct ModmailTests {
    static func decode<T: Decodable>(_ type: T.Type, _ fixture: String) throws -> T {
        try JSON.TapeDecoder().decode(T.self, from: try Fixture(fixture).body)
    }

    @Test func aConversationHoldsItsMessagesAndActionsInOrderAndTheUser() throws {
        let muted = try Self.decode(ModmailConversationAnswer.self, "praw/modmail/modmail_mute__200__2.json")
            .conversation
        #expect(muted.id == "g46rw" && muted.messages.count == 6 && muted.actions.count == 9)
        #expect(
            muted.messages.map(\.date)
                == muted.messages.map(\.date).sorted { ($0 ?? .distantPast) < ($1 ?? .distantPast) })
        let user = try #require(muted.user)
        #expect(user.name == "Lil_SpazTest" && user.isMuted && user.muteCount == 5 && !user.isBanned)
        #expect(user.muteEndDate == ISODate.parse("2020-08-15T19:50:34.482+00:00"))

        let modsOnly = try Self.decode(ModmailConversationAnswer.self, "praw/modmail/modmail_conversation__200__1.json")
            .conversation
        #expect(modsOnly.isInternal && modsOnly.participant == nil && modsOnly.user == nil)
        #expect(modsOnly.subreddit == "<USERNAME>" && modsOnly.subredditID == "t5_7ss0q")
        #expect(modsOnly.messages.first?.bodyMarkdown == "test" && modsOnly.actions.map(\.type) == [0, 1])
    }

    @Test func aFolderListsConversationsInReddITsOrder() throws {
        let folder = try Self.decode(
            ModmailConversationList.self, "praw-handwritten/modmail/modmail_conversations__200__1.json")
        #expect(folder.conversations.map(\.id) == ["2gn0", "2gmz"])
        #expect(
            folder.conversations[1].messages.map(\.bodyMarkdown) == ["Why was my post removed?", "It broke rule 2."])
        #expect(folder.conversations[1].participant?.name == "curious_user")
        #expect(folder.conversations[0].lastUnread == Date(timeIntervalSince1970: 1_709_374_800))
    }

    @Test func callsSendWhatPRAWSends() async throws {
        let reply = try Fixture("praw/modmail/modmail_conversation__201__1.json")
        let archived = try Fixture("praw/modmail/modmail_archive__200__1.json")
        let transport = StubTransport { request in
            switch (request.method, request.url.path) {
            case (.post, "/api/mod/conversations/ik72"): return reply.response(for: request.url)
            case (_, "/api/mod/conversations/read"):
                return HTTPResponse(statusCode: 204, headers: [:], body: Data(), url: request.url)
            default: return archived.response(for: request.url)
            }
        }
        let client = try makeClient(transport)
        let message = try await client.send(Reddit.replyToModmail("ik72", body: "A note", internal: true)).messages.last
        #expect(message?.id == "138qf")
        try await client.send(Reddit.markModmailRead(["a", "b"]))
        let unhighlighted = try await client.send(Reddit.setModmailHighlighted("faj6z", false))
        try await client.send(Reddit.muteModmailUser(in: "faj6z", days: 7))
        let requests = transport.requests
        #expect(
            requests[0].form == ["body": "A note", "isAuthorHidden": "false", "isInternal": "true", "api_type": "json"])
        #expect(requests[1].form == ["conversationIds": "a,b", "api_type": "json"])
        #expect(requests[2].method == .delete && requests[2].url.path == "/api/mod/conversations/faj6z/highlight")
        #expect(unhighlighted?.id == "faj6z")
        #expect(requests[3].method == .post && requests[3].query("num_hours") == "168" && requests[3].body == nil)
    }

    @Test func anActionAnsweredWithoutABodyIsNil() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 204, headers: [:], body: Data(), url: request.url)
        }
        let archived = try await makeClient(transport).send(Reddit.setModmailArchived("2gmz", true))
        #expect(archived == nil)
        #expect(transport.requests.first?.url.path == "/api/mod/conversations/2gmz/archive")
    }

    @Test func isoTimestampsWithAnyFractionAndOffset() {
        #expect(ISODate.parse("1970-01-01T00:00:00+00:00") == Date(timeIntervalSince1970: 0))
        #expect(
            abs((ISODate.parse("2020-07-11T00:18:56.643987+00:00")?.timeIntervalSince1970 ?? 0) - 1_594_426_736.643987)
                < 1e-5)
        #expect(ISODate.parse("2020-07-11T02:18:56Z") == ISODate.parse("2020-07-11T04:18:56+02:00"))
        #expect(ISODate.parse("0001-01-01T00:00:00+00:00") == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(ISODate.parse("2020-07-11") == nil)
        #expect(ISODate.parse("2020-13-11T00:00:00Z") == nil)
        #expect(ISODate.parse("2020-07-11T00:00:00.Z") == nil)
        #expect(ISODate.parse("2020-07-11T00:00:00+00:00 ") == nil)
    }

    @Test func everyTimestampFormRedditSendsIsRead() {
        let expected = Date(timeIntervalSince1970: 1_689_107_594.617)
        for text in [
            "2023-07-11T20:33:14.617000+0000", "2023-07-11T20:33:14.617000+00:00", "2023-07-11T20:33:14.617Z",
            "2023-07-11T20:33:14.617z", "2023-07-11T22:33:14.617+0200", "2023-07-11T22:33:14.617+02",
            "2023-07-11T18:03:14.617-0230", "2023-07-11T20:33:14.617",
        ] {
            let date = ISODate.parse(text)
            #expect(abs((date?.timeIntervalSince1970 ?? 0) - expected.timeIntervalSince1970) < 1e-5, "\(text)")
        }
        #expect(ISODate.parse("2023-07-11T20:33:14+0") == nil)
        #expect(ISODate.parse("2023-07-11T20:33:14+2500") == nil)
        #expect(ISODate.parse("2023-07-11T20:33:14+00:6") == nil)
    }

    @Test func aConversationUpdatedWithAnOffsetWithoutAColonDecodes() throws {
        let body = Data(
            #"{"conversation": {"id": "2gmz", "subject": "s", "isInternal": false, "lastUpdated": "2023-07-11T20:33:14.617000+0000", "objIds": [], "authors": [], "owner": {"displayName": "sub", "id": "t5_1"}}, "messages": {}, "modActions": {}}"#
                .utf8)
        let conversation = try JSON.TapeDecoder().decode(ModmailConversationAnswer.self, from: body).conversation
        #expect(conversation.lastUpdated == ISODate.parse("2023-07-11T20:33:14.617Z"))
    }

    @Test func aMalformedTimestampIsADecodingError() {
        let body = Data(#"{"id": "m", "author": {"name": "x"}, "date": "yesterday"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSON.TapeDecoder().decode(ModmailMessage.self, from: body) }
    }
}
