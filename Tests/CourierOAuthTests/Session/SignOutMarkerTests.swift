import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierOAuth

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sign-out whose token file cannot be deleted: the file's token is overwritten with a
/// signed-out marker, so a new process (a new store on the same path) comes back signed out and
/// sends nothing with the dead token. Deletion is made to fail through the store's file-operation
/// seam, because the tests run as root and permission bits do not stop root.
@Suite struct SignOutMarkerTests {
    /// File operations whose delete fails with EACCES (as in a folder the process may not write
    /// to); the overwrite is the real one unless `overwriteFails`.
    private func undeletable(overwriteFails: Bool = false) -> TokenFileOperations {
        TokenFileOperations(
            remove: { _ in EACCES },
            overwrite: { path, data in overwriteFails ? EROFS : TokenFileOperations.system.overwrite(path, data) }
        )
    }

    /// The token endpoint: a token named `name` for a sign-in, an empty 200 for each revocation.
    /// Each test uses its own name: sessions of one process share the list of signed-out tokens.
    private func tokenServer(_ name: String) -> StubTransport {
        StubTransport { request, _ in
            if request.url.path == "/token" {
                return StubTransport.json(
                    #"{"access_token":"access-\#(name)","token_type":"bearer","expires_in":3600,"refresh_token":"refresh-\#(name)"}"#,
                    for: request)
            }
            return StubTransport.json("{}", for: request)
        }
    }

    private func session(_ store: any TokenStore, _ transport: StubTransport) -> OAuthSession {
        OAuthSession(configuration: .example, store: store, client: HTTPClient(baseURL: nil, transport: transport))
    }

    @Test func signOutThatCannotDeleteTheFileLeavesNoTokenForANewProcess() async throws {
        let file = try temporaryTokenFile("courier-signout")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let name = UUID().uuidString
        let server = tokenServer(name)
        let session = session(FileTokenStore(fileURL: file, operations: undeletable()), server)
        try await session.signIn(with: .password(username: "u", password: "p"))
        #expect(try FileTokenStore(fileURL: file).load()?.accessToken == "access-\(name)")

        await #expect {
            try await session.signOut()
        } throws: { error in
            guard case OAuthError.store(let failure as FileTokenStore.Failure) = error else { return false }
            return failure.tokenOverwritten && failure.path == file.path && "\(error)".contains("Permission denied")
        }
        #expect(await session.state == .signedOut)
        // The file is still there, but holds neither token.
        let left = try String(contentsOf: file, encoding: .utf8)
        #expect(
            !left.contains("access-\(name)") && !left.contains("refresh-\(name)"),
            "the file still holds the token: \(left)")

        // A new process: a new store on the same path reads no token and deletes the marker.
        #expect(try FileTokenStore(fileURL: file).load() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        // And a new session on it is signed out and sends nothing with the dead token. (The
        // session does not add an overwritten token to this process's signed-out list, so this is
        // what a new process sees.)
        let sentBefore = server.requests.count
        let later = self.session(FileTokenStore(fileURL: file), server)
        #expect(try await later.restore() == .signedOut)
        let api = StubTransport { request, _ in StubTransport.json("{}", for: request) }
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: api) {
            $0.interceptors = [OAuthInterceptor(session: later)]
        }
        await #expect(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/me")) }
        #expect(api.requests.isEmpty)
        #expect(server.requests.count == sentBefore)
    }

    @Test func markerLeftInAnUndeletableFileStaysSignedOut() async throws {
        let file = try temporaryTokenFile("courier-signout")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let store = FileTokenStore(fileURL: file, operations: undeletable())
        try store.save(Token(accessToken: "access-9", refreshToken: "refresh-9"))
        #expect(throws: FileTokenStore.Failure.self) { try store.clear() }
        // The marker cannot be deleted either: every load still reads it as no token.
        #expect(try store.load() == nil)
        #expect(try store.load() == nil)
        #expect(FileManager.default.fileExists(atPath: file.path))
        // Signing in again replaces the marker.
        try store.save(Token(accessToken: "access-10"))
        #expect(try FileTokenStore(fileURL: file).load()?.accessToken == "access-10")
    }

    @Test func emptyFileLeftByAFailedMarkerWriteIsNoToken() throws {
        let file = try temporaryTokenFile("courier-signout")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data().write(to: file)
        #expect(try FileTokenStore(fileURL: file).load() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func signOutThatCanNeitherDeleteNorOverwriteSaysSo() async throws {
        let file = try temporaryTokenFile("courier-signout")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let name = UUID().uuidString
        let server = tokenServer(name)
        let session = session(FileTokenStore(fileURL: file, operations: undeletable(overwriteFails: true)), server)
        try await session.signIn(with: .password(username: "u", password: "p"))

        await #expect {
            try await session.signOut()
        } throws: { error in
            guard case OAuthError.store(let failure as FileTokenStore.Failure) = error else { return false }
            return !failure.tokenOverwritten && failure.reason.contains("overwriting the token in it failed too")
        }
        #expect(await session.state == .signedOut)
        // What the docs promise in this case and no more: the token stays in the file, and only
        // sessions of this process refuse it.
        #expect(try FileTokenStore(fileURL: file).load()?.accessToken == "access-\(name)")
        #expect(try await self.session(FileTokenStore(fileURL: file), server).restore() == .signedOut)
    }

    /// The same on a real file system, without the seam: the folder is made immutable with
    /// `chattr +i`, so deleting fails even for root while the file itself stays writable.
    @Test(
        .enabled(
            if: ImmutableFolder.isSupported,
            "chattr +i is not available or not permitted on the temporary folder's file system"))
    func signOutInAnImmutableFolderOverwritesTheToken() async throws {
        let file = try temporaryTokenFile("courier-signout")
        let folder = file.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = UUID().uuidString
        let server = tokenServer(name)
        let session = session(FileTokenStore(fileURL: file), server)
        try await session.signIn(with: .password(username: "u", password: "p"))

        try ImmutableFolder.set(folder, immutable: true)
        defer { try? ImmutableFolder.set(folder, immutable: false) }
        await #expect {
            try await session.signOut()
        } throws: { error in
            guard case OAuthError.store(let failure as FileTokenStore.Failure) = error else { return false }
            return failure.tokenOverwritten
        }
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("access-\(name)"))
        // A new process reads no token; it cannot delete the marker yet, so the marker stays.
        #expect(try FileTokenStore(fileURL: file).load() == nil)
        #expect(FileManager.default.fileExists(atPath: file.path))

        // Once the folder is writable again, the next read cleans the marker up.
        try ImmutableFolder.set(folder, immutable: false)
        #expect(try FileTokenStore(fileURL: file).load() == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}

/// `chattr +i` on a folder: nothing in it can be deleted or created, even by root.
enum ImmutableFolder {
    static let tool = ["/usr/bin/chattr", "/bin/chattr"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether a temporary folder can be made immutable here (the tool exists, the file system
    /// supports the flag and the process may set it).
    static let isSupported: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-chattr-\(UUID().uuidString)")
        guard tool != nil,
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? set(folder, immutable: true)) != nil else { return false }
        return (try? set(folder, immutable: false)) != nil
    }()

    struct Failed: Error {}

    static func set(_ folder: URL, immutable: Bool) throws {
        guard let tool else { throw Failed() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [immutable ? "+i" : "-i", folder.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed() }
    }
}
