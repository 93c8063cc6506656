import Courier
import CourierTesting
import Foundation
import Testing

/// The code shown in the README and in the CourierTesting catalog's Getting Started article,
/// compiled and run.
@Suite("README examples")
struct ReadmeExamplesTests {
    struct Account: Codable, Sendable, Equatable {
        let name: String
        let linkKarma: Int
    }

    struct User: Decodable, Sendable {
        let id: Int
        let login: String
    }

    enum GitHub {
        static func user(_ login: String) -> Request<User> { Request(path: "/users/\(login)") }
        static func star(_ repo: String) -> Request<Void> { Request(method: .put, path: "/user/starred/\(repo)") }
    }

    /// Where the README's Courier example gets its token.
    struct Tokens {
        func current() async throws -> String { "t0ken" }
    }

    @Test("The Courier example sends its headers, retries a 503 and decodes the user")
    func courierExample() async throws {
        let tokens = Tokens()
        let stub = StubTransport(routes: [
            StubRoute(
                .get, .path("/users/octocat"),
                sequence: [
                    .string("busy", status: 503),
                    .data(
                        Data(#"{"id": 583231, "login": "octocat"}"#.utf8), headers: ["Content-Type": "application/json"]
                    ),
                ])
        ])
        var printed: [String] = []
        // From the README; the one change: the stub transport.
        let client = HTTPClient(baseURL: URL(string: "https://api.github.com"), transport: stub) {
            $0.headers["User-Agent"] = "Example/1.0"
            $0.interceptors = [
                RetryPolicy(maxAttempts: 4),  // idempotent calls, transient failures
                .adapt { $0.headers["Authorization"] = "Bearer \(try await tokens.current())" },
            ]
        }
        do {
            let user = try await client.send(GitHub.user("octocat")).value
            printed.append(user.login)
        } catch {
            printed.append("\(error)")
        }
        #expect(printed == ["octocat"])
        #expect(stub.requests.count == 2)
        #expect(stub.requests.allSatisfy { $0.headers["Authorization"] == "Bearer t0ken" })
        #expect(stub.requests.allSatisfy { $0.headers["User-Agent"] == "Example/1.0" })
    }

    @Test("The stub example works as written")
    func stubExample() async throws {
        let fixtures = FileManager.default.temporaryDirectory.appending(path: "readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fixtures) }
        try Data(#"{"kind": "Listing"}"#.utf8).write(to: fixtures.appending(path: "hot.json"))

        let stub = StubTransport()
        stub.on(.get, .path("/api/v1/me"), try .json(Account(name: "spez", linkKarma: 7)))
        stub.on(.get, .pathPrefix("/r/"), try .file(fixtures.appending(path: "hot.json")))
        stub.on(.post, .path("/api/vote"), .failure(URLError(.notConnectedToInternet)))
        stub.on(.get, .path("/slow"), StubResponse.string("late").delayed(by: .seconds(2)))

        let client = HTTPClient(baseURL: URL(string: "https://oauth.reddit.com")!, transport: stub)
        let me = try await client.send(Request<Account>(path: "/api/v1/me")).value

        #expect(me.name == "spez")
        #expect(stub.requests.map(\.url.path) == ["/api/v1/me"])
    }

    @Test("The cassette-building example writes a cassette that replays")
    func buildExample() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let meJSON = Data(#"{"name": "spez", "linkKarma": 7}"#.utf8)

        var cassette = Cassette()
        cassette.append(
            HTTPRequest(url: URL(string: "https://oauth.reddit.com/api/v1/me?raw_json=1")!),
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"], body: meJSON,
                url: URL(string: "https://oauth.reddit.com/api/v1/me?raw_json=1")!))
        try cassette.write(to: folder.appending(path: "Cassettes/offline.json"))

        let transport = try CassetteTransport(
            fileURL: folder.appending(path: "Cassettes/offline.json"), mode: .recordIfMissing,
            upstream: StubTransport(), matching: ReplayMatching(ignoredQueryItems: ["raw_json"]))
        let client = HTTPClient(baseURL: URL(string: "https://oauth.reddit.com")!, transport: transport)
        #expect(
            try await client.send(Request<Account>(path: "/api/v1/me")).value == Account(name: "spez", linkKarma: 7))
    }
}
