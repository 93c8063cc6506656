import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// An `api_type=json` error list that is present and not empty is an error, whatever the shape of
/// its entries: well-formed entries keep their code, message and field, odd ones are described.
@Suite struct DamagedErrorListTests {
    static let userRequired = RedditError.APIError(
        code: "USER_REQUIRED", message: "Please log in to do that.", field: nil)

    /// Each damaged answer, with the entries the error must carry.
    static let damaged: [(body: String, entries: [RedditError.APIError])] = [
        (
            #"{"json":{"errors":["X",["USER_REQUIRED","Please log in to do that.",null]]}}"#,
            [.init(code: "UNKNOWN", message: #"unrecognized error entry "X""#, field: nil), userRequired]
        ),
        (
            #"{"json":{"errors":[["USER_REQUIRED","Please log in to do that.",0]]}}"#,
            [.init(code: "USER_REQUIRED", message: "Please log in to do that.", field: "0")]
        ),
        (
            #"{"json":{"errors":[{"code":"USER_REQUIRED"}]}}"#,
            [.init(code: "USER_REQUIRED", message: #"unrecognized error entry {"code":"USER_REQUIRED"}"#, field: nil)]
        ),
        (
            #"{"json":{"errors":[{"code":"USER_REQUIRED","message":"Please log in to do that."}]}}"#,
            [userRequired]
        ),
        (
            #"{"json":{"errors":[["USER_REQUIRED"]]}}"#,
            [.init(code: "USER_REQUIRED", message: "", field: nil)]
        ),
        (
            #"{"json":{"errors":[[null,"Please log in to do that.","user",["extra"]]]}}"#,
            [.init(code: "UNKNOWN", message: #"Please log in to do that. ["extra"]"#, field: "user")]
        ),
        (
            #"{"json":{"errors":[null]}}"#,
            [.init(code: "UNKNOWN", message: "unrecognized error entry null", field: nil)]
        ),
        (
            #"{"json":{"errors":"USER_REQUIRED"}}"#,
            [.init(code: "UNKNOWN", message: #"unrecognized error entry "USER_REQUIRED""#, field: nil)]
        ),
        (
            #"{"json":{"errors":{"USER_REQUIRED":"Please log in to do that."}}}"#,
            [
                .init(
                    code: "UNKNOWN",
                    message: #"unrecognized error entry {"USER_REQUIRED":"Please log in to do that."}"#,
                    field: nil)
            ]
        ),
    ]

    private static func answering(_ body: String, status: Int = 200) -> StubTransport {
        StubTransport { request in
            HTTPResponse(
                statusCode: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8),
                url: request.url)
        }
    }

    /// The RedditError a write answered with `body` (HTTP 200) fails with; nil, after recording
    /// an issue, when it returns normally or fails otherwise.
    private static func writeError(answeredBy body: String) async throws -> RedditError? {
        let client = try makeClient(answering(body))
        do {
            try await client.send(Reddit.report("t3_abc", reason: "spam"))
            Issue.record("a write answered \(body) returned normally")
            return nil
        } catch {
            let reddit = try #require(error.redditError, "not a RedditError: \(error)")
            return reddit
        }
    }

    @Test(arguments: damaged.indices)
    func aDamagedErrorListFailsTheWrite(_ index: Int) async throws {
        let (body, entries) = Self.damaged[index]
        guard let reddit = try await Self.writeError(answeredBy: body) else { return }
        #expect(reddit.status == 200)
        #expect(reddit.apiErrors == entries, "\(body)")
    }

    @Test func theSameListWithAFailureStatusKeepsItsEntries() throws {
        let response = HTTPResponse(
            statusCode: 400,
            body: Data(#"{"json":{"errors":["X",["USER_REQUIRED","Please log in to do that.",null]]}}"#.utf8),
            url: URL(string: "https://oauth.reddit.com/api/report")!)
        let error = try #require(RedditErrorDecoder().redditError(from: response))
        #expect(error.apiErrors.last == Self.userRequired)
    }

    @Test func theCodeIsTheFirstRecognizedOneAndTheDescriptionNamesEveryEntry() throws {
        let response = HTTPResponse(
            statusCode: 200, body: Data(Self.damaged[0].body.utf8),
            url: URL(string: "https://oauth.reddit.com/api/report")!)
        let error = try #require(RedditErrorDecoder().redditError(from: response))
        #expect(error.code == "USER_REQUIRED")
        #expect(
            error.description
                == #"Reddit error (HTTP 200): unrecognized error entry "X"; USER_REQUIRED: Please log in to do that."#)
    }

    @Test func emptyOrNullListsAreStillSuccess() async throws {
        for body in [#"{"json":{"errors":[]}}"#, #"{"json":{"errors":null}}"#, #"{"json":{}}"#, "{}"] {
            let client = try makeClient(Self.answering(body))
            try await client.send(Reddit.report("t3_abc", reason: "spam"))
        }
    }

    /// An OAuth-style `error` member of an unexpected type in a 2xx answer is an error too.
    @Test(arguments: [
        (#"{"error":{"reason":"USER_REQUIRED"}}"#, #"OAuth error {"reason":"USER_REQUIRED"}"#),
        (#"{"error":403,"message":"Forbidden"}"#, "(HTTP 200 Forbidden, error 403): request failed"),
        (#"{"error":true}"#, "OAuth error true"),
    ])
    func anOddErrorMemberFailsTheWrite(_ body: String, _ described: String) async throws {
        guard let reddit = try await Self.writeError(answeredBy: body) else { return }
        #expect(reddit.description.contains(described), "\(reddit.description)")
    }
}
