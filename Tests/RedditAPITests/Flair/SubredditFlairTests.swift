import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// The flair calls that are more than one request: many users' flair in calls of 100, every
/// user's flair across pages, and what goes into the CSV and the template order.
@Suite struct SubredditFlairTests {
    /// A stub answering `/r/SUB/api/flaircsv` with one result per CSV line, naming its user.
    static func csvAnswering() -> StubTransport {
        StubTransport { request in
            let lines = (request.form["flair_csv"] ?? "").split(separator: "\n")
            let results = lines.map { line -> JSON in
                let user = String(line.split(separator: ",").first ?? "")
                return ["status": .string("added flair for user \(user)"), "errors": [:], "ok": true, "warnings": [:]]
            }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: Data(JSON.array(results).description.utf8), url: request.url)
        }
    }

    @Test func manyUsersGoInCallsOf100InOrder() async throws {
        let transport = Self.csvAnswering()
        let flairs = (0..<250).map { UserFlair(user: "user\($0)", text: "Helper", cssClass: "helper") }
        let results = try await makeClient(transport).flair(of: "swift").setUsers(flairs)

        #expect(transport.requests.count == 3)
        #expect(transport.requests.map { ($0.form["flair_csv"] ?? "").split(separator: "\n").count } == [100, 100, 50])
        #expect(transport.requests.allSatisfy { $0.url.path == "/r/swift/api/flaircsv" && $0.method == .post })
        #expect(results.count == 250)
        #expect(results.map(\.status) == flairs.map { "added flair for user \($0.user)" })
        #expect(results.allSatisfy { $0.ok })
    }

    @Test func oneCallTakesAtMost100Users() throws {
        let flairs = (0..<101).map { UserFlair(user: "user\($0)") }
        #expect(throws: RedditUsageError.tooManyFlairs(101)) { try Reddit.setUserFlairs(flairs, in: "swift") }
        #expect(throws: Never.self) { try Reddit.setUserFlairs(Array(flairs.prefix(100)), in: "swift") }
    }

    @Test func theCSVQuotesOnlyWhatNeedsQuoting() async throws {
        let transport = Self.csvAnswering()
        _ = try await makeClient(transport).send(
            try Reddit.setUserFlairs(
                [
                    UserFlair(user: "bsimpson", text: nil, cssClass: "async default"),
                    UserFlair(user: "spladug", text: "a,b", cssClass: #"say "hi""#),
                ], in: "swift"))
        #expect(
            transport.requests[0].form["flair_csv"] == "bsimpson,,async default\nspladug,\"a,b\",\"say \"\"hi\"\"\"")
    }

    @Test func everyUserIsReadAcrossPagesUntilRedditSendsNoCursor() async throws {
        let pages = [
            #"{"users": [{"user": "a", "flair_text": "A", "flair_css_class": null}], "next": "t2_a"}"#,
            #"{"users": [{"user": "b", "flair_text": null, "flair_css_class": "b"}], "next": "t2_b", "prev": "t2_a"}"#,
            #"{"users": [{"user": "c", "flair_text": "C", "flair_css_class": ""}], "prev": "t2_b"}"#,
        ]
        let transport = StubTransport { request in
            let index = ["t2_a": 1, "t2_b": 2][request.query("after") ?? ""] ?? 0
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(pages[index].utf8),
                url: request.url)
        }
        var users: [UserFlair] = []
        for try await user in try makeClient(transport).items(
            Reddit.userFlairs(in: "swift", page: PageParameters(limit: 100)))
        { users.append(user) }

        #expect(
            users == [
                UserFlair(user: "a", text: "A"), UserFlair(user: "b", cssClass: "b"),
                UserFlair(user: "c", text: "C", cssClass: ""),
            ])
        #expect(transport.requests.map { $0.query("after") } == [nil, "t2_a", "t2_b"])
        #expect(transport.requests.allSatisfy { $0.url.path == "/r/swift/api/flairlist" && $0.query("limit") == "100" })
    }

    @Test func aPageThatRepeatsItsCursorEndsTheSequence() async throws {
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"users": [{"user": "a"}], "next": "t2_a"}"#.utf8), url: request.url)
        }
        var count = 0
        for try await _ in try makeClient(transport).items(
            Reddit.userFlairs(in: "swift", page: PageParameters(limit: 100)))
        { count += 1 }
        #expect(count == 2)
        #expect(transport.requests.count == 2)
    }

    @Test func reorderingSendsTheIdsAsAJSONArray() async throws {
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(), url: request.url)
        }
        try await makeClient(transport).send(Reddit.reorderFlairTemplates(["b", "a"], kind: .link, in: "swift"))
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .patch && sent.url.path == "/r/swift/api/flair_template_order")
        #expect(sent.query("flair_type") == "LINK_FLAIR" && sent.query("subreddit") == "swift")
        let body = try JSON.TapeDecoder().decode(JSON.self, from: try #require(sent.body?.data))
        #expect(body == ["b", "a"])
    }

    @Test func aTemplateReadsTheSameInBothSpellings() throws {
        let listed = try JSON.TapeDecoder().decode(
            [FlairTemplate].self, from: try Fixture("praw/flair/user_flair__200__2.json").body)
        let created = try JSON.TapeDecoder().decode(
            FlairTemplate.self, from: try Fixture("praw/flair/flairtemplate_v2__200__2.json").body)
        #expect(listed[0].text == "PRAW updated" && listed[0].cssClass == "myCSS" && listed[0].textEditable)
        #expect(listed[0].backgroundColor == "#00ffff" && listed[0].maxEmojis == 10 && listed[0].kind == nil)
        #expect(created.cssClass == "myCSS" && created.backgroundColor == "#abcdef" && created.textColor == "dark")
        #expect(created.kind == .user && created.modOnly == false && created.allowableContent == "all")
    }
}
