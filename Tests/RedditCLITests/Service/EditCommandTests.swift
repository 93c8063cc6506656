import Courier
import CourierTesting
import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

/// `reddit edit` without `--text`: the editor starts on the current text (saved unchanged, the
/// same text is sent, headings included), and only the user's own posts and comments are edited.
@Suite struct EditCommandTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json; charset=UTF-8"]
    private static let body = "# Why\n\n#1 reason: it works\n\n    # code, kept"

    private static func comment(by author: String) -> String {
        ##"{"kind":"Listing","data":{"after":null,"before":null,"children":[{"kind":"t1","data":{"id":"abc","name":"t1_abc","author":"\##(author)","body":"# Why\n\n#1 reason: it works\n\n    # code, kept","link_id":"t3_x","parent_id":"t3_x","score":1,"created_utc":1600000000}}]}}"##
    }

    /// Runs `reddit edit t1_abc` with an editor that saves the file unchanged, its service on `stub`.
    private func runEdit(on stub: StubTransport) async throws -> Int32 {
        let editor = FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        let environment = try BuiltExecutable.isolatedEnvironment([
            "EDITOR": editor.path, "REDDIT_CLIENT_ID": "test-client",
        ])
        let service = RedditService(
            userAgent: try UserAgent("test:reddit-cli:1.0 (by /u/tester)"), authentication: .bearer("token"),
            transport: stub)
        return await RedditCommandLine(environment: environment) { _, _ throws(CLIError) in service }.run([
            "edit", "t1_abc",
        ])
    }

    private func stub(author: String) -> StubTransport {
        let stub = StubTransport()
        stub.on(.get, .path("/api/info"), .string(Self.comment(by: author), headers: Self.json))
        stub.on(.get, .path("/api/v1/me"), .string(#"{"name":"Tester","id":"1"}"#, headers: Self.json))
        // Reddit answers an edit with the edited comment.
        let edited =
            #"{"json":{"errors":[],"data":{"things":[{"kind":"t1","data":{"id":"abc","name":"t1_abc","author":"tester","body":"x","link_id":"t3_x","parent_id":"t3_x","score":1,"created_utc":1600000000}}]}}}"#
        stub.on(.post, .path("/api/editusertext"), .string(edited, headers: Self.json))
        return stub
    }

    @Test func theEditorStartsOnTheCurrentTextAndSavingUnchangedSendsItAsItWas() async throws {
        let stub = stub(author: "tester")
        #expect(try await runEdit(on: stub) == 0)
        let edit = try #require(stub.requests.first { $0.url.path == "/api/editusertext" })
        #expect(FormFields.of(edit)["text"] == Self.body)
        #expect(FormFields.of(edit)["thing_id"] == "t1_abc")
    }

    @Test func anotherUsersCommentIsNotEdited() async throws {
        let stub = stub(author: "someone_else")
        #expect(try await runEdit(on: stub) == 1)
        // Refused once the author was known, not for want of a configuration.
        #expect(stub.requests.map(\.url.path) == ["/api/info", "/api/v1/me"])
        #expect(!stub.requests.contains { $0.url.path == "/api/editusertext" }, "nothing sent")
    }
}
