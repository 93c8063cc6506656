import CourierStore
import Foundation
import Testing

/// A path that cannot hold the store's file is named in plain words: what is in the way and what
/// it is, not the system's "File exists".
@Suite("DocumentStore paths")
struct DocumentStorePathTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The error a save to `url` ends with.
    private func saveError(at url: URL) async throws -> DocumentStoreError {
        let store = DocumentStore<Profile>(fileURL: url)
        store.save(Profile(name: "ada", karma: 1))
        do {
            try await store.flush()
        } catch {
            return error
        }
        Issue.record("saving to \(url.path) succeeded")
        throw CancellationError()
    }

    @Test("A file where the store's folder should be is named as a file")
    func fileWhereTheFolderShouldBe() async throws {
        defer { directory.remove() }
        let blocker = directory.file("blocker")
        try Data("x".utf8).write(to: blocker)
        for target in [
            blocker.appendingPathComponent("profile.json"), blocker.appendingPathComponent("a/b/profile.json"),
        ] {
            let error = try await saveError(at: target)
            guard case .unwritable(let path, let reason) = error else {
                Issue.record("expected .unwritable, got \(error)")
                continue
            }
            #expect(path == target.deletingLastPathComponent().path)
            #expect(reason == "\(blocker.path) is a file, not a folder")
            #expect(!error.description.contains("File exists"), "\(error)")
            #expect(error.description.contains("\(blocker.path) is a file, not a folder"), "\(error)")
        }
        // Nothing was written anywhere, and the file in the way is untouched.
        #expect(try directory.contents() == ["blocker"])
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
    }

    @Test("A folder where the store's file should be is named as a folder, on save and on load")
    func folderWhereTheFileShouldBe() async throws {
        defer { directory.remove() }
        let folder = directory.file("profile.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let error = try await saveError(at: folder)
        guard case .writeFailed(let path, let reason) = error else {
            Issue.record("expected .writeFailed, got \(error)")
            return
        }
        #expect(path == folder.path)
        #expect(reason == "\(folder.path) is a folder, not a file")
        #expect(
            throws: DocumentStoreError.unreadable(path: folder.path, reason: "\(folder.path) is a folder, not a file")
        ) {
            try DocumentStore<Profile>(fileURL: folder).load()
        }
        // No temporary file is left beside it.
        #expect(try directory.contents() == ["profile.json"])
    }

    @Test("remove() with no file and no folder yet has nothing to remove")
    func removeBeforeTheFolderExists() async throws {
        defer { directory.remove() }
        let store = DocumentStore<Profile>(fileURL: directory.file("never/created/profile.json"))
        try await store.remove()
        #expect(try store.load() == nil)
        #expect(try directory.contents().isEmpty)
    }
}
