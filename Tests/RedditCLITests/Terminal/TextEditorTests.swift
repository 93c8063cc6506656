import Foundation
import Testing

@testable import RedditCLI

/// The editor's file: the user's text above a fence line made for each edit, the instructions
/// below it; every line the user wrote comes back, `#` lines included.
@Suite struct TextEditorTests {
    /// An editor script (`body` runs with the file as `$1`) in a temporary directory.
    private func editor(_ body: String) throws -> [String: String] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return ["EDITOR": script.path]
    }

    private static let markdown = """
        # A heading

        #1 reason: it works
        ```
        # a comment in a code fence
        ```
        #NoSpaceHeading
        """

    @Test func savingUnchangedKeepsEveryHashLine() async throws {
        // `true` leaves the file as it was: the text must come back as it went in.
        let text = try await TextEditor(environment: try editor("true")).edit(what: "the text", draft: Self.markdown)
        #expect(text == Self.markdown)
    }

    @Test func theFenceCarriesAFreshTokenAndTextLikeTheInstructionsIsKept() async throws {
        #expect(TextEditor.fence() != TextEditor.fence(), "a token made for each edit")
        // The user writes lines that look like the old template's comments and like a fence.
        let written = "# Write your reply above this line (Markdown).\n-------- abc -------- write above this line"
        let environment = try editor(
            "{ printf '%s\\n' '# Write your reply above this line (Markdown).' '-------- abc -------- write above this line'; cat \"$1\"; } > \"$1.new\" && mv \"$1.new\" \"$1\""
        )
        let text = try await TextEditor(environment: environment).edit(what: "your reply")
        #expect(text == written)
    }

    @Test func withoutTheFenceTheWholeFileIsTheText() {
        let fence = TextEditor.fence()
        #expect(TextEditor.text(in: "\n\nkept\n# too\n\n", fence: fence) == "kept\n# too")
        #expect(
            TextEditor.text(in: "  indented code\nnext\n\n" + fence + "\nhelp\n", fence: fence)
                == "  indented code\nnext")
        #expect(TextEditor.text(in: "\n" + fence + "\nhelp\n", fence: fence).isEmpty, "an empty text cancels")
    }

    @Test func theTemplateSaysWhatToWriteBelowTheFence() {
        let fence = TextEditor.fence()
        let lines = TextEditor.template(what: "your reply to t3_x", fence: fence).split(separator: "\n")
        #expect(lines.first == Substring(fence))
        #expect(lines.contains { $0.contains("Write your reply to t3_x above the line of dashes") })
    }
}
