import Courier
import Foundation
import RedditAPI
import RedditFixtureCheck
import Testing

/// The checker on recordings written for each case: what counts as the same request, what is a
/// difference, and what it does with files that are not recordings.
@Suite struct FixtureCheckerTests {
    /// A folder of recordings in a temporary directory.
    final class Folder {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-check-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes `name.json` (or `.ext`) and `name.meta.json`.
        func record(
            _ name: String, key: String? = "approve", template: String? = "api/approve/", method: String = "POST",
            path: String = "/api/approve/", query: String = "raw_json=1", form: [String: Any]? = ["api_type": "json"],
            json: Any? = nil, status: Int = 200, body: String = "{}", ext: String = "json"
        ) throws {
            var request: [String: Any] = [
                "method": method, "path": path, "query": query, "form_body": form ?? NSNull(),
            ]
            if let json { request["json_body"] = json }
            var meta: [String: Any] = [
                "request": request,
                "response": ["status_code": status, "headers": ["content-type": "application/json; charset=UTF-8"]],
            ]
            if let key {
                meta["praw"] = ["api_path_key": key, "fixture_key": key, "template": template as Any? ?? NSNull()]
            }
            try JSONSerialization.data(withJSONObject: meta).write(to: url.appendingPathComponent(name + ".meta.json"))
            try Data(body.utf8).write(to: url.appendingPathComponent(name + "." + ext))
        }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }

        func check(_ routes: [FixtureRoute] = FixtureRoutes.all) async -> CheckReport {
            await CheckReport.check(folder: url, with: FixtureChecker(routes: routes))
        }
    }

    static func lines(_ report: CheckReport) -> [String] { report.results.map(\.line) }

    @Test func aMatchingRequestPassesWithTheAddedFieldsToleratedOnlyWhenPRAWLeftThemOut() async throws {
        let folder = try Folder()
        // PRAW's booleans as Python wrote them, JSON values as asyncpraw stored them.
        try folder.record("a", form: ["api_type": "json", "id": "t1_abc"], body: "{}")
        try folder.record("b", query: "", form: ["id": "t1_abc"], body: "{}")
        let report = await folder.check()
        #expect(report.passed == 2, "\(Self.lines(report))")
        #expect(Self.lines(report).first == "OK Void acknowledged  [a.json]")
    }

    @Test func aRouteThatBuildsAnotherRequestFailsWithTheDifferencesShown() async throws {
        let folder = try Folder()
        try folder.record("approve", form: ["api_type": "json", "id": "t1_abc"])
        let wrong = FixtureRoute("approve", call: "Reddit.lock(_:)") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.lock(try r.fullname("id")))
        }
        let report = await folder.check([wrong])
        #expect(report.failed == 1 && report.unsupported == 0)
        #expect(
            Self.lines(report) == [
                "FAIL approve.json: the request differs from PRAW's\n    path: PRAW sent /api/approve, we sent /api/lock"
            ])
    }

    @Test func missingExtraAndDifferentFieldsAreDifferences() async throws {
        let folder = try Folder()
        try folder.record(
            "remove", key: "remove", template: "api/remove/", path: "/api/remove/",
            form: ["api_type": "json", "id": "t3_x", "spam": "True", "mod_note": "why"])
        let route = FixtureRoute("remove", call: "test") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.remove("t3_y", spam: true))
        }
        let report = await folder.check([route])
        guard case .failed(_, let details) = try #require(report.results.first).outcome else {
            Issue.record("expected a failure: \(Self.lines(report))")
            return
        }
        #expect(
            details.sorted() == [
                "form: PRAW sent id=t3_x, we sent id=t3_y", "form: PRAW sent mod_note=why, we did not",
            ])
    }

    @Test func ourAddedFieldsAreDifferencesWhenPRAWSentOtherValues() async throws {
        let folder = try Folder()
        try folder.record("a", query: "raw_json=0", form: ["api_type": "xml", "id": "t1_abc"])
        let report = await folder.check()
        guard case .failed(_, let details) = try #require(report.results.first).outcome else {
            Issue.record("expected a failure: \(Self.lines(report))")
            return
        }
        #expect(
            details == [
                "query: PRAW sent raw_json=0, we sent raw_json=1",
                "form: PRAW sent api_type=xml, we sent api_type=json",
            ])
    }

    @Test func declaredDefaultsAndLeftOutFieldsAreTolerated() async throws {
        let folder = try Folder()
        // PRAW left out `spam` (we send the default) and sent a field we leave out on purpose.
        try folder.record(
            "remove", key: "remove", template: "api/remove/", path: "/api/remove/",
            form: ["api_type": "json", "id": "t3_x", "legacy": "1"])
        let route = FixtureRoute("remove", call: "test") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.remove(try r.fullname("id"))).sendingDefaults([Field("spam", "false")])
                .leavingOut("legacy", because: "a test")
        }
        #expect(await folder.check([route]).passed == 1)
        let strict = FixtureRoute("remove", call: "test") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.remove(try r.fullname("id")))
        }
        #expect(await folder.check([strict]).failed == 1)
    }

    @Test func limitsOfAHundredOrMoreAreTheSameRequest() async throws {
        let folder = try Folder()
        for (name, limit) in [("all", "1024"), ("hundred", "100"), ("fewer", "25")] {
            try folder.record(
                name, key: "about_spam", template: "r/{subreddit}/about/spam/", method: "GET",
                path: "/r/test/about/spam/", query: "limit=\(limit)&raw_json=1", form: nil,
                body: #"{"kind": "Listing", "data": {"children": []}}"#)
        }
        let capped = FixtureRoute("about_spam", call: "test") { r throws(FixtureRouteError) in
            FixtureCall(Reddit.moderationQueue(.spam, of: try r.path("subreddit"), page: PageParameters(limit: 1024)))
        }
        let report = await folder.check([capped])
        #expect(report.results.map(\.file) == ["all.json", "fewer.json", "hundred.json"])
        #expect(report.results.map(\.passed) == [true, false, true], "\(Self.lines(report))")
    }

    @Test func aJSONBodyEqualsAFormCarryingTheSameDocumentInItsJSONField() async throws {
        let folder = try Folder()
        let document: [String: Any] = ["item_id": ["t3_x"], "message": "m", "title": "t", "type": "public"]
        try folder.record(
            "message", key: "removal_link_message", template: "api/v1/modactions/removal_link_message",
            path: "/api/v1/modactions/removal_link_message", form: nil, json: document, body: "{}")
        try folder.record(
            "other", key: "removal_link_message", template: "api/v1/modactions/removal_link_message",
            path: "/api/v1/modactions/removal_link_message", form: nil,
            json: ["item_id": ["t3_x"], "message": "other", "title": "t", "type": "public"], body: "{}")
        let route = FixtureRoute("removal_link_message", call: "test") { _ throws(FixtureRouteError) in
            FixtureCall(Reddit.sendRemovalMessage(for: "t3_x", message: "m", title: "t"))
        }
        let report = await folder.check([route])
        #expect(report.results.map(\.passed) == [true, false], "\(Self.lines(report))")
    }

    @Test func anErrorAnswerMustComeOutAsARedditErrorAndASuccessMustNot() async throws {
        let folder = try Folder()
        try folder.record(
            "refused", form: ["api_type": "json", "id": "t1_abc"],
            body: #"{"json": {"errors": [["NO_INVITE_FOUND", "there is no pending invite", null]]}}"#)
        try folder.record(
            "forbidden", form: ["api_type": "json", "id": "t1_abc"], status: 403,
            body: #"{"message": "Forbidden", "error": 403}"#)
        let report = await folder.check()
        #expect(
            Self.lines(report) == [
                "ERROR Reddit error (HTTP 403 Forbidden): request failed  [forbidden.json]",
                "ERROR Reddit error (HTTP 200): NO_INVITE_FOUND: there is no pending invite  [refused.json]",
            ])
        #expect(report.passed == 2)

        // An `error` member in a 200 answer is Reddit's error too: the client reports it as a typed
        // error (issue 32, item 10), and the checker counts that as the pass it is, not as a model.
        let plain = FixtureRoute("approve", call: "test") { _ throws(FixtureRouteError) in
            FixtureCall(Request<Data>(method: .post, path: "/api/approve", body: .form(["id": "t1_abc"])))
        }
        let odd = try Folder()
        try odd.record("ok", form: ["id": "t1_abc"], status: 200, body: #"{"error": 403, "message": "Forbidden"}"#)
        let oddReport = await odd.check([plain])
        #expect(oddReport.passed == 1 && oddReport.failed == 0, "\(Self.lines(oddReport))")

        // An error shape Reddit's decoder lets through on a 200 (an `errors` list late in a large
        // body, which it does not look for) that decodes into a model is a failure, not a pass.
        let swallowing = FixtureRoute("approve", call: "test") { _ throws(FixtureRouteError) in
            FixtureCall(Request<Data>(method: .post, path: "/api/approve", body: .form(["id": "t1_abc"])))
        }
        let lax = try Folder()
        let padding = String(repeating: "x", count: 2_000)
        try lax.record(
            "ok", form: ["id": "t1_abc"], status: 200, body: #"{"img_src": "\#(padding)", "errors": ["IMAGE_ERROR"]}"#)
        let laxReport = await lax.check([swallowing])
        #expect(laxReport.failed == 1, "\(Self.lines(laxReport))")
    }

    @Test func oddFilesAreFailuresNeverCrashes() async throws {
        let folder = try Folder()
        try folder.write("lonely.json", "{}")
        try folder.write(
            "orphan.meta.json", #"{"request": {"method": "GET", "path": "/x"}, "response": {"status_code": 200}}"#)
        try folder.write("broken.json", "{}")
        try folder.write("broken.meta.json", "not json")
        try folder.write("partial.json", "{}")
        try folder.write("partial.meta.json", #"{"request": {"method": "GET"}}"#)
        try folder.record("unknown", key: "no_such_key", template: nil, body: "{}")
        try folder.record("unmatched", key: nil, template: nil, method: "GET", path: "/no/such/path", body: "{}")
        try folder.record("html", form: ["id": "t1_abc"], status: 200, body: "<html>not json</html>", ext: "html")
        try folder.write("README.md", "not a recording")
        let report = await folder.check()
        #expect(
            Self.lines(report) == [
                "FAIL broken.json: bad sidecar: not JSON (DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON: Invalid literal; 'null' was expected at byte offset 1.)",
                "FAIL html.html: Void did not decode: POST https://oauth.reddit.com/api/approve?raw_json=1 failed: decoding failed: data corrupted (The given data was not valid JSON: Unexpected byte; a value was expected at byte offset 0.); body: <html>not json</html>",
                "FAIL lonely.json: no .meta.json sidecar beside the body",
                "FAIL orphan.meta.json: no body beside the sidecar",
                "FAIL partial.json: bad sidecar: no request.method and request.path",
                "UNSUPPORTED POST /api/approve/  [unknown.json] (no route for no_such_key)",
                "UNSUPPORTED GET /no/such/path  [unmatched.json] (no PRAW endpoint and no RedditAPI call asks for GET /no/such/path)",
            ])
        #expect(report.summary == "0 passed, 7 failed (2 unsupported), 3 distinct endpoints")
    }
}
