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
    private static func check(_ page: URL) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = root.appendingPathComponent("Scripts/reddit-manpage")
        process.arguments = ["--check", "--reddit", try BuiltExecutable.path(), "--output", page.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = await ChildProcess.readToEnd(output)
        // The output ended: the script is exiting.
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test("Docs/reddit.1 is the help text as Scripts/reddit-manpage renders it")
    func theCommittedPageMatchesTheHelpText() async throws {
        let result = try await Self.check(Self.root.appendingPathComponent("Docs/reddit.1"))
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("The check fails, showing the difference, on a page that no longer matches the help text")
    func aStalePageFailsTheCheck() async throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Docs/reddit.1"), encoding: .utf8)
        #expect(committed.contains("reddit \\- a terminal Reddit client"))
        let stale = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString).1")
        defer { try? FileManager.default.removeItem(at: stale) }
        try committed.replacingOccurrences(of: "a post and its comment tree", with: "a post").write(
            to: stale, atomically: true, encoding: .utf8)
        let result = try await Self.check(stale)
        #expect(result.status == 1)
        #expect(result.output.contains("\n+comments       a post and its comment tree\n"))
        #expect(result.output.contains("run Scripts/reddit-manpage and commit it"))
    }
}
