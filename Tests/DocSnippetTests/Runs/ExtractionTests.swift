import Foundation
import TestSupport
import Testing

/// The blocks compiled here are the documents' blocks as they are now.
@Suite struct ExtractionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theCommittedExtractionIsUpToDate() async throws {
        let script = Self.root.appendingPathComponent("Scripts/extract-doc-snippets")
        do {
            _ = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script.path, "--check"])
        } catch {
            Issue.record("run Scripts/extract-doc-snippets and commit Tests/DocSnippetTests: \(error)")
        }
    }

    @Test func everyBlockIsCheckedSomewhere() throws {
        // Counted by hand from the documents: a block the script missed would lower the count.
        let blocks = DocBlocks.all
        #expect(blocks.count >= 59)
        #expect(blocks.allSatisfy { ["swift", "apple", "manifest"].contains($0.kind) })
        let apple = blocks.filter { $0.kind == "apple" }
        #expect(apple.map(\.document) == ["README.md", "Sources/CourierCombine/CourierCombine.docc/CourierCombine.md"])
    }
}
