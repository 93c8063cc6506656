import Courier
import CourierTesting
import Foundation
import Testing

/// A cassette built from real Reddit responses, replayed through the whole client pipeline.
@Suite("Replaying recorded Reddit responses")
struct RedditCassetteTests {
    struct Listing<Child: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
        struct Thing: Decodable, Equatable, Sendable {
            let kind: String
            let data: Child
        }
        struct Page: Decodable, Equatable, Sendable {
            let children: [Thing]
            let after: String?
            let before: String?
        }
        let kind: String
        let data: Page
    }
    struct Link: Decodable, Equatable, Sendable {
        let id: String, name: String, title: String, author: String, subreddit: String, score: Int, created_utc: Double
        let edited: Edited
        enum Edited: Decodable, Equatable, Sendable {
            case no
            case at(Double)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                self = (try? container.decode(Double.self)).map(Edited.at) ?? .no
            }
        }
    }
    struct Account: Decodable, Equatable, Sendable {
        let name: String
        let id: String
        let link_karma: Int
        let comment_karma: Int
        let created_utc: Double
    }
    struct Token: Decodable, Sendable {
        let access_token: String
        let token_type: String
        let expires_in: Int
        let scope: String
        let refresh_token: String
    }

    let folder = FileManager.default.temporaryDirectory.appending(path: "reddit-cassette-\(UUID().uuidString)")

    /// Writes the cassette to disk and reads it back, as an app shipping one would.
    func replayingClient() throws -> (HTTPClient, ReplayTransport) {
        let file = folder.appending(path: "reddit.json")
        try RedditFixtures.cassette().write(to: file)
        let replay = try ReplayTransport(contentsOf: file, matching: ReplayMatching(ignoredQueryItems: ["raw_json"]))
        let client = HTTPClient(baseURL: URL(string: "https://oauth.reddit.com")!, transport: replay) {
            $0.headers["User-Agent"] = "linux:courier-tests:1.0 (by /u/courier)"
            $0.headers["Authorization"] = "bearer live-token-not-in-the-cassette"
        }
        return (client, replay)
    }

    @Test("A listing replays to exactly what the recorded body decodes to")
    func listing() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (client, _) = try replayingClient()
        let response = try await client.send(
            Request<Listing<Link>>(
                path: "/r/all/new",
                query: [
                    .init(name: "limit", value: "100"), .init(name: "before", value: "t3_5jo13y"),
                ]))
        let fixture = try RedditFixtures.body("listings/subreddit_new_all_before")
        #expect(response.data == fixture)
        #expect(response.value == (try JSONDecoder().decode(Listing<Link>.self, from: fixture)))
        #expect(response.value.data.children.count > 0)
        #expect(response.value.data.children.allSatisfy { $0.kind == "t3" && $0.data.name == "t3_" + $0.data.id })
        #expect(response.headers["content-type"] == "application/json; charset=UTF-8")
    }

    @Test("The account, a token refresh and a 404 replay through the pipeline as they happened")
    func accountTokenAndError() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (client, replay) = try replayingClient()

        let me = try await client.send(Request<Account>(path: "/api/v1/me")).value
        #expect(me == (try JSONDecoder().decode(Account.self, from: RedditFixtures.body("things/me_2016"))))
        #expect(me.name == "PyAPITestUser2")

        let token = try await client.send(
            Request<Token>(
                method: .post, path: "https://www.reddit.com/api/v1/access_token",
                body: .form(["grant_type": "refresh_token", "refresh_token": "live-refresh-token"])
            )
        ).value
        #expect(token.token_type == "bearer")
        #expect(token.expires_in == 3600)
        #expect(token.scope == "modmail")
        #expect(token.access_token == LoggingMonitor.Redactor.placeholder)
        #expect(token.refresh_token == LoggingMonitor.Redactor.placeholder)

        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/r/announcements/about/traffic/"))
        }
        #expect(error.statusCode == 404)
        #expect(
            try JSONDecoder().decode([String: JSON].self, from: try #require(error.response?.body))["message"]
                == "Not Found")

        #expect(
            replay.unusedInteractions == [
                "GET https://oauth.reddit.com/r/all/new?limit=100&before=t3_5jo13y&raw_json=1"
            ])
    }

    @Test("The cassette holds no credential, and the fixtures' own token values are redacted too")
    func cassetteHasNoSecrets() throws {
        let text = String(decoding: try RedditFixtures.cassette().encoded(), as: UTF8.self)
        #expect(!text.contains("made-up-credential"))
        #expect(!text.contains("0000000-aaaaaaaaaaaaaaaaaaaaaa-0000000"))
        #expect(text.contains("grant_type=refresh_token&refresh_token=<redacted>"))
    }

    @Test("A request the recording never saw fails with the nearest recorded requests")
    func unrecordedRequest() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (client, _) = try replayingClient()
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/r/all/new", query: [.init(name: "limit", value: "25")]))
        }
        #expect(
            error.description.contains("no recorded interaction for GET https://oauth.reddit.com/r/all/new?limit=25"))
        #expect(
            error.description.contains(
                "#1 GET https://oauth.reddit.com/r/all/new?limit=100&before=t3_5jo13y&raw_json=1"))
    }
}
