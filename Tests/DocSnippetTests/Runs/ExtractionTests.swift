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

    @Test func everyBlockOfEveryDocumentIsExtracted() throws {
        // Counted here apart from the script: every ```swift fence of README.md and the catalogs.
        var documents = [Self.root.appendingPathComponent("README.md")]
        let sources = Self.root.appendingPathComponent("Sources")
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where file.pathExtension == "md" && file.pathComponents.contains(where: { $0.hasSuffix(".docc") }) {
            documents.append(file)
        }
        var fences = 0
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            fences +=
                text.split(separator: "\n").filter {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix("```swift")
                }.count
        }
        #expect(DocBlocks.all.count == fences)
        #expect(DocBlocks.all.allSatisfy { ["swift", "apple", "manifest"].contains($0.kind) })
        let apple = DocBlocks.all.filter { $0.kind == "apple" }
        #expect(apple.map(\.document) == ["README.md", "Sources/CourierCombine/CourierCombine.docc/CourierCombine.md"])
    }
}
