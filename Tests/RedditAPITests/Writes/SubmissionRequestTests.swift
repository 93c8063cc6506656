import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// What submissions and the other writes put on the wire, as PRAW sends them: the options of
/// collections, chats, drafts and events, a crosspost without `resubmit`, a report with `id`
/// and `reason`, text under an image post, rich text, and any endpoint as JSON.
@Suite struct SubmissionRequestTests {
    typealias E = EndpointTests
    typealias W = WriteTests

    @Test func anEventPostSendsItsTimesInItsTimeZone() async throws {
        let zone = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let start = Date(timeIntervalSince1970: 1_536_692_400)  // 2018-09-11 19:00 UTC, 12:00 in Los Angeles
        let options = SubmitOptions(
            collectionID: "c1", liveChat: true, draftID: "d1", eventStart: start, eventEnd: start + 5400,
            eventTimeZone: zone)
        let sent = try await E.sent(
            Reddit.submitSelf(subreddit: "test", title: "Meetup", text: "Come", options: options))
        #expect(sent.form["event_start"] == "2018-09-11T12:00:00" && sent.form["event_end"] == "2018-09-11T13:30:00")
        #expect(sent.form["event_tz"] == "America/Los_Angeles")
        #expect(
            sent.form["collection_id"] == "c1" && sent.form["discussion_type"] == "CHAT"
                && sent.form["draft_id"] == "d1")
        let utc = try await E.sent(
            Reddit.submitLink(subreddit: "test", title: "T", url: "https://e.com", options: .init(eventStart: start)))
        #expect(utc.form["event_start"] == "2018-09-11T19:00:00" && utc.form["event_tz"] == "UTC")
        let plain = try await E.sent(Reddit.submitSelf(subreddit: "test", title: "T", text: ""))
        #expect(["event_start", "event_tz", "discussion_type", "collection_id"].allSatisfy { plain.form[$0] == nil })
    }

    @Test func aPollCarriesTheSameOptionsInItsJSONBody() async throws {
        let sent = try await E.sent(
            Reddit.submitPoll(
                subreddit: "test", title: "Q", options: ["A", "B"], durationDays: 3,
                options: SubmitOptions(collectionID: "c1", liveChat: true)))
        let body = try JSON.TapeDecoder().decode(JSON.self, from: try #require(sent.body?.data))
        #expect(body["collection_id"] == "c1" && body["discussion_type"] == "CHAT" && body["duration"] == 3)
        #expect(body["options"] == ["A", "B"] && body["resubmit"] == true)
    }

    /// PRAW's crosspost sends no `resubmit`: it says nothing about a crosspost.
    @Test func aCrosspostSendsNoResubmit() async throws {
        let (post, sent) = try await W.send(
            Reddit.submitCrosspost(subreddit: "test", title: "Test Title", of: "t3_6vx01b"),
            answeredBy: "writes/submit_crosspost_2020_200.json")
        #expect(post.name != nil && sent.form["crosspost_fullname"] == "t3_6vx01b")
        #expect(sent.form["resubmit"] == nil && sent.form["kind"] == "crosspost")
    }

    @Test func anImagePostMayHaveTextUnderIt() async throws {
        let (post, sent) = try await W.send(
            Reddit.submitImage(subreddit: "test", title: "Cat", imageURL: "https://i.redd.it/x.png", text: "*so* cute"),
            answeredBy: "writes/submit_image_2025_200.json")
        #expect(post.websocketURL != nil)
        #expect(sent.form["kind"] == "image" && sent.form["text"] == "*so* cute")
        let video = try await E.sent(
            Reddit.submitVideo(subreddit: "t", title: "T", videoURL: "v", posterURL: "p", text: "words"))
        #expect(video.form["text"] == "words" && video.form["video_poster_url"] == "p")
    }

    @Test func aRichTextPostSendsTheDocument() async throws {
        let (document, converted) = try await W.send(
            Reddit.convertToRichText("New Text with a gif"),
            answeredBy: "praw/submissions/convert_rte_body__200__1.json")
        #expect(converted.form["output_mode"] == "rtjson" && converted.form["markdown_text"] == "New Text with a gif")
        #expect(document["document"]?.arrayValue?.count == 7)
        let sent = try await E.sent(Reddit.submitSelf(subreddit: "test", title: "T", richText: document))
        let sentDocument = try JSON.TapeDecoder().decode(
            JSON.self, from: Data(try #require(sent.form["richtext_json"]).utf8))
        #expect(sentDocument == document && sent.form["text"] == nil && sent.form["kind"] == "self")
    }

    /// PRAW reports with `id` and `reason`; we sent `thing_id` as well.
    @Test func aReportSendsIDAndReasonOnly() async throws {
        let (_, sent) = try await W.send(
            Reddit.report("t3_hmkbt8", reason: "praw"), answeredBy: "actions/report_2020.json")
        #expect(sent.form == ["id": "t3_hmkbt8", "reason": "praw", "api_type": "json"])
    }

    @Test func savingInACategoryAndInboxReplies() async throws {
        let saved = try await E.sent(Reddit.save("t1_fx19hsi", category: "foo"))
        #expect(saved.form == ["id": "t1_fx19hsi", "category": "foo", "api_type": "json"])
        #expect(try await E.sent(Reddit.save("t1_x")).form["category"] == nil)
        let replies = try await E.sent(Reddit.setInboxReplies("t1_fwxxs5d", false))
        #expect(replies.url.path == "/api/sendreplies" && replies.form["state"] == "false")
    }

    @Test func aSubmissionFieldCheckListsEveryError() async throws {
        let sent = try await E.sent(
            Reddit.validateSubmissionField("title", subreddit: "AskReddit", kind: "self", title: "l", text: "lol"))
        #expect(sent.url.path == "/api/validate_submission_field")
        #expect(
            sent.form["show_error_list"] == "true" && sent.form["field"] == "title" && sent.form["sr"] == "AskReddit")
    }

    @Test func anyEndpointAnswersJSON() async throws {
        let transport = StubTransport { request in
            let body = request.method == .get ? #"{"kind": "KarmaList", "data": []}"# : ""
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
        }
        let client = try makeClient(transport)
        let karma = try await client.send(Reddit.endpoint(.get, "/api/v1/me/karma", query: ["sr": "swift"]))
        #expect(karma["kind"] == "KarmaList")
        #expect(transport.requests[0].query("sr") == "swift" && transport.requests[0].query("raw_json") == "1")
        let empty = try await client.send(Reddit.endpoint(.post, "/api/some_action", form: ["id": "t3_x"]))
        #expect(empty == .null)
        #expect(transport.requests[1].form == ["id": "t3_x", "api_type": "json"])
        let refused = StubTransport { request in
            HTTPResponse(
                statusCode: 400, headers: ["Content-Type": "application/json"],
                body: Data(#"{"message": "Bad Request", "error": 400}"#.utf8), url: request.url)
        }
        let error = await #expect(throws: HTTPError.self) {
            _ = try await makeClient(refused).send(Reddit.endpoint(.post, "/api/validate_submission_field", form: [:]))
        }
        #expect(error?.redditError?.status == 400 && error?.redditError?.message == "Bad Request")
    }
}
