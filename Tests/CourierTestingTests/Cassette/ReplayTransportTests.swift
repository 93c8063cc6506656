import Courier
import CourierTesting
import Foundation
import Testing

@Suite("ReplayTransport")
struct ReplayTransportTests {
    let base = URL(string: "https://api.example.com")!

    static func interaction(
        _ url: String, method: HTTPMethod = .get, body: String? = nil, status: Int = 200, answer: String
    ) -> Cassette.Interaction {
        Cassette.Interaction(
            request: .init(method: method, url: url, body: body.map { .text($0) }),
            response: .init(status: status, headers: ["Content-Type": "text/plain"], body: .text(answer))
        )
    }

    let cassette = Cassette(interactions: [
        interaction("https://api.example.com/r/swift/hot?limit=2&raw_json=1", answer: "hot"),
        interaction("https://api.example.com/r/swift/new?limit=2&raw_json=1", answer: "new"),
        interaction("https://api.example.com/r/swift/new?limit=2&raw_json=1&after=t3_b", answer: "new page 2"),
        interaction("https://api.example.com/api/vote", method: .post, body: "dir=1&id=t3_a", answer: "up"),
        interaction("https://api.example.com/api/vote", method: .post, body: "dir=0&id=t3_a", answer: "cleared"),
        interaction("https://api.example.com/me?access_token=<redacted>", answer: "me"),
    ])

    func client(_ matching: ReplayMatching = .default) -> (HTTPClient, ReplayTransport) {
        let replay = ReplayTransport(cassette: cassette, matching: matching)
        return (HTTPClient(baseURL: base, transport: replay), replay)
    }

    func get(_ path: String, _ query: [String: String] = [:]) -> Request<String> {
        Request(path: path, query: query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) })
    }

    @Test("Matches on method, path and query, with query items in any order")
    func defaultMatching() async throws {
        let (client, replay) = client()
        #expect(
            try await client.send(get("/r/swift/new", ["raw_json": "1", "limit": "2", "after": "t3_b"])).value
                == "new page 2")
        #expect(try await client.send(get("/r/swift/hot", ["limit": "2", "raw_json": "1"])).value == "hot")
        #expect(replay.unusedInteractions.count == 4)
        #expect(!replay.allInteractionsUsed)
    }

    @Test("A redacted recorded value matches whatever the live request carries")
    func redactedValuesMatch() async throws {
        let (client, _) = client()
        #expect(try await client.send(get("/me", ["access_token": "live-token"])).value == "me")
    }

    @Test("Ignored query items are left out of the comparison")
    func ignoredQueryItems() async throws {
        let (strict, _) = client()
        await #expect(throws: HTTPError.self) { try await strict.send(get("/r/swift/hot", ["limit": "2"])) }
        let (lenient, _) = client(ReplayMatching(ignoredQueryItems: ["raw_json"]))
        #expect(try await lenient.send(get("/r/swift/hot", ["limit": "2"])).value == "hot")
    }

    @Test("Bodies decide between interactions only when asked to")
    func bodyMatching() async throws {
        let clear = Request<String>(method: .post, path: "/api/vote", body: .form(["id": "t3_a", "dir": "0"]))
        let (byBody, _) = client(ReplayMatching(matchesBody: true))
        #expect(try await byBody.send(clear).value == "cleared")
        let (byOrder, _) = client()
        #expect(try await byOrder.send(clear).value == "up")
    }

    @Test("Each interaction answers once unless reuse is allowed")
    func reuse() async throws {
        let (once, _) = client()
        _ = try await once.send(get("/me", ["access_token": "x"]))
        let error = try await #require(throws: HTTPError.self) {
            try await once.send(get("/me", ["access_token": "x"]))
        }
        #expect(error.description.contains("already used"))

        let (again, _) = client(ReplayMatching(reusesInteractions: true))
        for _ in 0..<3 { #expect(try await again.send(get("/me", ["access_token": "x"])).value == "me") }
    }

    @Test("In sequential order, a request must match the next recorded interaction")
    func sequential() async throws {
        let (client, replay) = client(ReplayMatching(order: .sequential))
        let error = try await #require(throws: ReplayTransport.NoMatchError.self) {
            try await replay.send(
                HTTPRequest(url: URL(string: "https://api.example.com/r/swift/new?limit=2&raw_json=1")!))
        }
        #expect(error.candidates.first?.contains("not next in order (interaction 1 is)") == true)
        #expect(try await client.send(get("/r/swift/hot", ["limit": "2", "raw_json": "1"])).value == "hot")
        #expect(try await client.send(get("/r/swift/new", ["limit": "2", "raw_json": "1"])).value == "new")
    }

    @Test("A request with no match fails, naming it and listing the nearest recordings with their differences")
    func noMatch() async throws {
        let (client, _) = client()
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(get("/r/swift/new", ["limit": "25", "raw_json": "1", "token": "canary-live"]))
        }
        let text = error.description
        #expect(
            text.contains(
                "no recorded interaction for GET https://api.example.com/r/swift/new?limit=25&raw_json=1&token=<redacted>"
            ))
        #expect(!text.contains("canary-live"))

        let direct = try await #require(throws: ReplayTransport.NoMatchError.self) {
            try await ReplayTransport(cassette: cassette).send(
                HTTPRequest(url: URL(string: "https://api.example.com/r/swift/new?limit=25&raw_json=1")!))
        }
        #expect(direct.candidates.count == 3)
        #expect(
            direct.candidates[0]
                == "#2 GET https://api.example.com/r/swift/new?limit=2&raw_json=1 (differs: recorded query has limit=2; request's query has limit=25)"
        )
        #expect(
            direct.candidates[1].hasPrefix("#3 GET https://api.example.com/r/swift/new?limit=2&raw_json=1&after=t3_b"))
        #expect(direct.candidates[2].hasPrefix("#1 GET https://api.example.com/r/swift/hot"))
    }

    @Test("Statuses, headers and bodies come back as recorded, so validation runs as it did live")
    func errorStatusReplays() async throws {
        let replay = ReplayTransport(
            cassette: Cassette(interactions: [
                Self.interaction("https://api.example.com/gone", status: 404, answer: "no such thing")
            ]))
        let client = HTTPClient(baseURL: base, transport: replay)
        let error = try await #require(throws: HTTPError.self) { try await client.send(get("/gone")) }
        #expect(error.statusCode == 404)
        #expect(error.response?.body == Data("no such thing".utf8))
        #expect(replay.allInteractionsUsed)
    }
}
