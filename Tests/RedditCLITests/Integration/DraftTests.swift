import Foundation
import Testing

/// A write whose sending fails keeps what the user wrote, says where, and opens the editor on
/// it the next time; once sent, the draft is gone. (A reply or a message to a user cut off by the
/// network waits in the outbox instead: `OutboxQueueingTests`. A message to a subreddit's
/// moderators is not kept there, so its draft is what saves the text.)
@Suite struct DraftTests {
    /// An editor that records what it was opened on, then writes `text` above it.
    private static func editor(writing text: String, recordingTo record: URL) throws -> String {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reddit-editor-\(UUID().uuidString).sh")
        let body = """
            #!/bin/sh
            cp "$1" '\(record.path)'
            { printf '%s\\n' '\(text)'; cat "$1"; } > "$1.new" && mv "$1.new" "$1"

            """
        try Data(body.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    @Test func aMessageThatFailsToSendKeepsItsDraftAndOffersItAgain() async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("seen-\(UUID().uuidString).txt")
        var environment = try BuiltExecutable.isolatedEnvironment([
            "EDITOR": try Self.editor(writing: "My careful reply", recordingTo: record),
            "REDDIT_CLIENT_ID": "abc",
            // No network: an unresolvable proxy, which libcurl honours.
            "https_proxy": "http://proxy.invalid:1", "HTTPS_PROXY": "http://proxy.invalid:1",
        ])
        let failed = try await BuiltExecutable.run(["message", "#swift", "--subject", "Hi"], environment: environment)
        #expect(failed.status == 1)
        let draft = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!)
            .appendingPathComponent("reddit/drafts/message-the_moderators_of_r_swift-Hi.md")
        #expect(failed.stderr.hasPrefix("reddit: can't reach www.reddit.com"), "\(failed.stderr)")
        #expect(failed.stderr.hasSuffix("; your text is kept for next time in \(draft.path)\n"), "\(failed.stderr)")
        #expect(try String(contentsOf: draft, encoding: .utf8) == "My careful reply")
        let mode = try FileManager.default.attributesOfItem(atPath: draft.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // Next time (offline here), the editor opens on the draft; once "sent" it is gone.
        environment["EDITOR"] = try Self.editor(writing: "", recordingTo: record)
        let again = try await BuiltExecutable.run(
            ["--offline", "message", "#swift", "--subject", "Hi"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOf: record, encoding: .utf8).hasPrefix("My careful reply\n\n-------- "))
        #expect(
            try String(contentsOf: record, encoding: .utf8).contains(
                "Write your message to the moderators of r/swift above the line of dashes"))
        #expect(again.stdout.hasPrefix("would send: POST /api/compose "), "\(again.stdout)")
        #expect(again.stdout.contains("text=My careful reply"), "\(again.stdout)")
        #expect(!FileManager.default.fileExists(atPath: draft.path))
    }
}
