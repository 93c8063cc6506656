import CourierStore
import Foundation
import Testing

/// What a ``DocumentStore`` cleans up or survives on its own: a killed writer's temporary files,
/// a corrupt file it cannot move aside, files it need not parse twice.
@Suite("DocumentStore heals")
struct DocumentStoreHealingTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Temporary files as a writer killed mid-write leaves them (see `AtomicFile`).
    private func plantLeftovers(next file: URL, count: Int = 3) throws {
        for index in 0..<count {
            try Data(repeating: UInt8(index), count: 1_000)
                .write(to: directory.file("." + file.lastPathComponent + ".tmp-" + UUID().uuidString))
        }
    }

    @Test(
        "A killed writer's temporary files are removed in every order of calls",
        arguments: ["load, then save", "save without load", "load only", "load of a missing file, then save"])
    func leftoversRemoved(order: String) async throws {
        defer { directory.remove() }
        let file = directory.file("state.json")
        if order != "load of a missing file, then save" {
            try DocumentEnvelopeFixture.document(name: "before").write(to: file)
        }
        try plantLeftovers(next: file)
        let store = DocumentStore<Profile>(fileURL: file)
        switch order {
        case "load, then save", "load of a missing file, then save":
            _ = try store.load()
            store.save(Profile(name: "after", karma: 1))
            try await store.flush()
        case "save without load":
            store.save(Profile(name: "after", karma: 1))
            try await store.flush()
        default:
            #expect(try store.load()?.name == "before")
        }
        #expect(try directory.contents() == ["state.json"], "leftovers after \(order)")
    }

    @Test("A corrupt file that cannot be moved aside: load() returns nil and reports why, never throws")
    func corruptFileStaysWhenTheMoveFails() async throws {
        defer { directory.remove() }
        // Root ignores permission bits, so the rename is made to fail another way: the file's name
        // is so long that `<name>.corrupt-<milliseconds>` exceeds the file system's name limit
        // (ENAMETOOLONG), the same path through the code as EROFS on a read-only volume.
        let file = directory.file(String(repeating: "p", count: 240) + ".json")
        let bytes = Data("{ truncated".utf8)
        try bytes.write(to: file)
        let events = EventLog()
        let store = DocumentStore<Profile>(fileURL: file, onEvent: events.record)

        #expect(try store.load() == nil)

        guard case .corruptFileNotMovedAside(let reported, let reason, let moveError) = try #require(events.all.first)
        else {
            Issue.record("expected a corruptFileNotMovedAside event, got \(events.all)")
            return
        }
        #expect(reported.lastPathComponent == file.lastPathComponent)
        #expect(!reason.isEmpty)
        #expect(moveError.description.contains(".corrupt-"), "\(moveError)")
        #expect(try Data(contentsOf: file) == bytes, "the corrupt file must stay untouched")
        #expect(events.all.count == 1)
    }

    @Test("A file written with keys in another order still has its version checked before the first save")
    func newerVersionWithOtherKeyOrder() async throws {
        defer { directory.remove() }
        let file = directory.file("profile.json")
        let future = Data(#"{"value":{"name":"ada","karma":1}, "formatVersion": 9}"#.utf8)
        try future.write(to: file)
        let store = DocumentStore<Profile>(fileURL: file, formatVersion: 2)
        store.save(Profile(name: "old app", karma: 0))
        await #expect(throws: DocumentStoreError.newerFormatVersion(path: file.path, found: 9, supported: 2)) {
            try await store.flush()
        }
        #expect(try Data(contentsOf: file) == future)
    }
}

/// Document files as a store writes them.
enum DocumentEnvelopeFixture {
    static func document(name: String, formatVersion: Int = 1) -> Data {
        Data(#"{"formatVersion":\#(formatVersion),"value":{"karma":0,"name":"\#(name)"}}"#.utf8)
    }
}
