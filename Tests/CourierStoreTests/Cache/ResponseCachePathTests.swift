import CourierStore
import Foundation
import Testing

/// A path that cannot hold the response cache's database is named in plain words.
@Suite("ResponseCache paths")
struct ResponseCachePathTests {
    @Test("A file where the cache's folder should be is named as a file")
    func fileWhereTheFolderShouldBe() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.file("blocker")
        try Data("x".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("cache/responses.sqlite")
        #expect(
            throws: ResponseCacheError(
                path: file.path, reason: "cannot create its directory: \(blocker.path) is a file, not a folder")
        ) {
            try ResponseCache(fileURL: file)
        }
    }
}
