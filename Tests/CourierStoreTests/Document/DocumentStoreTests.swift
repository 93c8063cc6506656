import CourierStore
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

struct Profile: Codable, Sendable, Equatable {
    var name: String
    var karma: Int
}

@Suite("DocumentStore")
struct DocumentStoreTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test("A saved value loads back in a new store, from disk")
    func roundTrip() async throws {
        defer { directory.remove() }
        let file = directory.file("profile.json")
        let store = DocumentStore<Profile>(fileURL: file)
        #expect(try store.load() == nil)
        store.save(Profile(name: "ada", karma: 1))
        #expect(try store.load() == Profile(name: "ada", karma: 1))
        try await store.flush()
        #expect(try DocumentStore<Profile>(fileURL: file).load() == Profile(name: "ada", karma: 1))
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(envelope?["formatVersion"] as? Int == 1)
    }

    @Test("A burst of 1,000 saves writes a handful of times and keeps the last value")
    func coalescing() async throws {
        defer { directory.remove() }
        let file = directory.file("burst.json")
        let store = DocumentStore<Profile>(fileURL: file)
        for karma in 1...1_000 { store.save(Profile(name: "burst", karma: karma)) }
        try await store.flush()
        #expect(store.writeCount >= 1)
        #expect(store.writeCount < 50, "wrote \(store.writeCount) times for 1,000 saves")
        #expect(try DocumentStore<Profile>(fileURL: file).load()?.karma == 1_000)
        #expect(try directory.contents() == ["burst.json"], "temporary files left behind")
    }

    @Test("remove() deletes the file and supersedes pending saves")
    func remove() async throws {
        defer { directory.remove() }
        let file = directory.file("gone.json")
        let store = DocumentStore<Profile>(fileURL: file)
        store.save(Profile(name: "a", karma: 1))
        try await store.flush()
        store.save(Profile(name: "b", karma: 2))
        try await store.remove()
        #expect(try store.load() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try await store.remove()  // removing nothing is fine
    }

    @Test(
        "Corrupt, truncated and mis-shaped files are moved aside and reported; load() returns nil",
        arguments: [
            "garbage": Data("not json at all \u{0}\u{1}".utf8),
            "empty": Data(),
            "truncated": Data(#"{"formatVersion":1,"value":{"name":"ada","ka"#.utf8),
            "wrong shape": Data(#"{"formatVersion":1,"value":{"name":42}}"#.utf8),
            "no envelope": Data(#"{"name":"ada","karma":1}"#.utf8),
        ])
    func corrupt(kind: String, bytes: Data) async throws {
        defer { directory.remove() }
        let file = directory.file("profile.json")
        try bytes.write(to: file)
        let events = EventLog()
        let store = DocumentStore<Profile>(fileURL: file, onEvent: events.record)
        #expect(try store.load() == nil)

        guard case .corruptFileMovedAside(let reported, let movedTo, let reason) = try #require(events.all.first) else {
            Issue.record("expected a corrupt-file event, got \(events.all)")
            return
        }
        #expect(reported.lastPathComponent == "profile.json")
        #expect(movedTo.lastPathComponent.hasPrefix("profile.json.corrupt-"))
        #expect(!reason.isEmpty)
        #expect(try Data(contentsOf: movedTo) == bytes, "the corrupt bytes must be kept")
        #expect(!FileManager.default.fileExists(atPath: file.path))

        // The store works again afterwards.
        store.save(Profile(name: "new", karma: 2))
        try await store.flush()
        #expect(try DocumentStore<Profile>(fileURL: file).load() == Profile(name: "new", karma: 2))
    }

    @Test("A file from a newer format version is a clear error and is never overwritten")
    func newerFormat() async throws {
        defer { directory.remove() }
        let file = directory.file("profile.json")
        let future = Data(#"{"formatVersion":7,"value":{"fullName":"ada","points":1}}"#.utf8)
        try future.write(to: file)
        let expected = DocumentStoreError.newerFormatVersion(path: file.path, found: 7, supported: 2)

        let loading = DocumentStore<Profile>(fileURL: file, formatVersion: 2)
        #expect(throws: expected) { try loading.load() }
        loading.save(Profile(name: "old app", karma: 0))
        await #expect(throws: expected) { try await loading.flush() }

        // A store that saves without loading first refuses too.
        let events = EventLog()
        let blind = DocumentStore<Profile>(fileURL: file, formatVersion: 2, onEvent: events.record)
        blind.save(Profile(name: "old app", karma: 0))
        await #expect(throws: expected) { try await blind.flush() }
        #expect(events.all == [.saveFailed(expected)])
        #expect(expected.description.contains("format version 7"))

        #expect(try Data(contentsOf: file) == future)
    }

    @Test("An older format version is migrated, then written in the new format")
    func migration() async throws {
        defer { directory.remove() }
        struct ProfileV1: Codable { var username: String }
        let file = directory.file("profile.json")
        try Data(#"{"formatVersion":1,"value":{"username":"ada"}}"#.utf8).write(to: file)
        let store = DocumentStore<Profile>(
            fileURL: file, formatVersion: 2,
            migrate: { version, json in
                #expect(version == 1)
                let old = try JSONDecoder().decode(ProfileV1.self, from: json)
                return Profile(name: old.username, karma: 0)
            })
        let migrated = try #require(try store.load())
        #expect(migrated == Profile(name: "ada", karma: 0))
        store.save(migrated)
        try await store.flush()
        let envelope = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect(envelope?["formatVersion"] as? Int == 2)
    }

    @Test("A directory without write permission is a clear error, reported and thrown by flush()")
    func unwritableDirectory() async throws {
        defer { directory.remove() }
        // Permissions do not bind root; /proc refuses new files even to root.
        let locked: URL
        if geteuid() == 0 {
            locked = URL(fileURLWithPath: "/proc/self")
        } else {
            locked = directory.url.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: locked.path)
        }
        let events = EventLog()
        let store = DocumentStore<Profile>(
            fileURL: locked.appendingPathComponent("profile.json"), onEvent: events.record)
        store.save(Profile(name: "ada", karma: 1))
        do {
            try await store.flush()
            Issue.record("flush succeeded in an unwritable directory")
        } catch {
            guard case .unwritable(let path, let reason) = error else {
                Issue.record("expected .unwritable, got \(error)")
                return
            }
            #expect(path == locked.path)
            #expect(!reason.isEmpty)
            #expect(events.all == [.saveFailed(error)])
            #expect(error.description.contains(locked.path))
        }
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: locked.path)
    }

    @Test("The default directory follows XDG_DATA_HOME, else ~/.local/share")
    func defaultLocation() {
        let application = "CourierTestApp"
        let store = DocumentStore<Profile>(application: application, fileName: "x.json")
        #expect(store.fileURL.lastPathComponent == "x.json")
        #expect(store.fileURL.deletingLastPathComponent().lastPathComponent == application)
        #if !canImport(Darwin)
        let environment = ProcessInfo.processInfo.environment
        let expectedBase =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        #expect(
            store.fileURL.deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path
                == URL(fileURLWithPath: expectedBase).standardizedFileURL.path)
        #endif
    }
}

@Suite("StorageLocation")
struct StorageLocationTests {
    @Test("XDG variables win when absolute; relative ones are ignored as the spec says")
    func xdg() {
        let absolute = StorageLocation.xdgDirectory(
            variable: "XDG_DATA_HOME", fallback: ".local/share", application: "App",
            environment: ["XDG_DATA_HOME": "/data/home", "HOME": "/home/u"]
        )
        #expect(absolute.path == "/data/home/App")
        let relative = StorageLocation.xdgDirectory(
            variable: "XDG_DATA_HOME", fallback: ".local/share", application: "App",
            environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"]
        )
        #expect(relative.path == "/home/u/.local/share/App")
        let cache = StorageLocation.xdgDirectory(
            variable: "XDG_CACHE_HOME", fallback: ".cache", application: "App", environment: ["HOME": "/home/u"]
        )
        #expect(cache.path == "/home/u/.cache/App")
    }
}
