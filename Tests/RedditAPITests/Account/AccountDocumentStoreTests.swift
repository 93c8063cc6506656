import CourierStore
import Foundation
import RedditAPI
import Testing

@Suite struct AccountDocumentStoreTests {
    @Test func snapshotIsPersistedToAFileAndRemovedOnSignOut() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "reddit-account-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("account.json")
        let store = AccountStore(
            client: try makeClient(try AccountStoreTests.accountTransport()),
            persistence: DocumentStore<AccountSnapshot>(fileURL: file))
        try await store.refresh()
        #expect(FileManager.default.fileExists(atPath: file.path))

        // A fresh store over the same file starts from it.
        let reopened = AccountStore(
            client: try makeClient(try AccountStoreTests.accountTransport()),
            persistence: DocumentStore<AccountSnapshot>(fileURL: file))
        #expect(await reopened.snapshot.subscriptions.count == 12)
        #expect(await reopened.snapshot == store.snapshot)

        await reopened.clear()
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
