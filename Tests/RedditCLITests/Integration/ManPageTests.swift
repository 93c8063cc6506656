import Foundation
import TestSupport
import Testing

/// The committed man page, Docs/reddit.1, is what `Scripts/reddit-manpage` makes from the help
/// text the built `reddit` prints.
@Suite("Man page")
struct ManPageTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Scripts/reddit-manpage --check` on `page` with the built executable.
    /// - Throws: `ChildProcess.Failure`, with the difference, when the page is not what the script makes.
    private static func check(_ page: URL) async throws {
        _ = try await ChildProcess.run(
            root.appendingPathComponent("Scripts/reddit-manpage"),
            arguments: ["--check", "--reddit", try BuiltExecutable.path(), "--output", page.path])
    }

    @Test("Docs/reddit.1 is the help text as Scripts/reddit-manpage renders it")
    func theCommittedPageMatchesTheHelpText() async throws {
        try await Self.check(Self.root.appendingPathComponent("Docs/reddit.1"))
    }

    @Test("The check fails, showing the difference, on a page that no longer matches the help text")
    func aStalePageFailsTheCheck() async throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Docs/reddit.1"), encoding: .utf8)
        #expect(committed.contains("reddit \\- a terminal Reddit client"))
        let stale = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).1")
        defer { try? FileManager.default.removeItem(at: stale) }
        try committed.replacingOccurrences(of: "a post and its comment tree", with: "a post").write(
            to: stale, atomically: true, encoding: .utf8)
        do {
            try await Self.check(stale)
            Issue.record("the check passed on a stale page")
        } catch let failure as ChildProcess.Failure {
            #expect(failure.description.contains("reddit-manpage exited with 1"))
            #expect(failure.description.contains("\n+comments       a post and its comment tree\n"))
            #expect(failure.description.contains("run Scripts/reddit-manpage and commit it"))
        }
    }
}
