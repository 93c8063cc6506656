import Foundation
import Testing

@testable import CourierOAuth

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileTokenStoreTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-oauth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func permissions(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    private let token = Token(
        accessToken: "a-1", refreshToken: "r-1", expiresAt: Date(timeIntervalSince1970: 1_900_000_000.5),
        scopes: ["read", "write"], additionalFields: ["device_id": "d"]
    )

    @Test func savedFileIsOwnerOnlyAndSurvivesANewStore() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app/token.json")
        try FileTokenStore(fileURL: file).save(token)
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(file.deletingLastPathComponent()) == 0o700)
        // A new instance, as after a restart, reads the same token back.
        #expect(try FileTokenStore(fileURL: file).load() == token)
        // No temporary files are left behind.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["token.json"]
        )
    }

    @Test func replacingKeepsTheModeAndTheNewValue() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("token.json")
        let store = FileTokenStore(fileURL: file)
        try store.save(token)
        var second = token
        second.accessToken = "a-2"
        try store.save(second)
        #expect(try store.load()?.accessToken == "a-2")
        #expect(try permissions(file) == 0o600)
    }

    @Test func missingFileIsNoTokenAndClearIsIdempotent() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(fileURL: directory.appendingPathComponent("token.json"))
        #expect(try store.load() == nil)
        try store.save(token)
        try store.clear()
        #expect(try store.load() == nil)
        try store.clear()
    }

    @Test func corruptFileIsATypedError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("token.json")
        try Data("{not json".utf8).write(to: file)
        #expect(throws: FileTokenStore.Failure.self) { try FileTokenStore(fileURL: file).load() }
    }

    @Test func unwritableFolderIsATypedError() throws {
        let store = FileTokenStore(fileURL: URL(fileURLWithPath: "/proc/courier-cannot-write-here/token.json"))
        #expect(throws: FileTokenStore.Failure.self) { try store.save(token) }
    }

    @Test func appNameMustBeOnePathComponent() {
        #expect(throws: FileTokenStore.Failure.self) { try FileTokenStore(application: "../evil") }
        #expect(throws: FileTokenStore.Failure.self) { try FileTokenStore(application: "") }
    }

    @Test func defaultLocationFollowsXDG() throws {
        let xdg = FileTokenStore.configDirectory(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/u"])
        #expect(xdg?.path == "/x/config")
        let home = FileTokenStore.configDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
        #expect(home?.path == "/home/u/.config")
        #expect(FileTokenStore.configDirectory(environment: [:]) == nil)
    }
}

/// Paths that cannot hold a token file, and the cross-process lock.
@Suite struct FileTokenStorePathTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFolderAtTheTokenPathIsNamedInPlainWords() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(fileURL: folder)
        for operation in [{ _ = try store.load() }, { try store.save(Token(accessToken: "a")) }, { try store.clear() }]
        {
            #expect {
                try operation()
            } throws: { error in
                let text = String(describing: error)
                return text.contains(folder.path) && text.contains("is a folder, not a file")
                    && !text.contains("NSCocoaErrorDomain")
            }
        }
    }

    @Test func aFileWhereTheFolderShouldBeIsNamedInPlainWords() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("config")
        try Data("x".utf8).write(to: blocker)
        let store = FileTokenStore(fileURL: blocker.appendingPathComponent("app/token.json"))
        for operation in [{ _ = try store.load() }, { try store.save(Token(accessToken: "a")) }] {
            #expect {
                try operation()
            } throws: { error in
                let text = String(describing: error)
                return text.contains("\(blocker.path) is a file") && !text.contains("NSCocoaErrorDomain")
            }
        }
    }

    @Test func theLockIsExclusiveAcrossOpenFiles() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(fileURL: folder.appendingPathComponent("token.json"))
        /// Whether another open file (as another process would have) can take the lock now.
        func lockIsFree() -> Bool {
            let fd = open(store.lockFileURL.path, O_RDWR)
            defer { close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
            flock(fd, LOCK_UN)
            return true
        }
        let lock = try await store.lockExclusively()
        #expect(!lockIsFree())
        lock.unlock()
        #expect(lockIsFree())
        let again = try await store.lockExclusively()
        #expect(!lockIsFree())
        again.unlock()
    }
}
