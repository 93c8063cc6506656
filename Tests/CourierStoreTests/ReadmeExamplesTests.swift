import Courier
import CourierStore
import CourierTesting
import Foundation
import TestSupport
import Testing

/// The examples of the README and of the catalog's Getting Started article, compiled and run
/// against a stub transport, so the documentation cannot drift from the API.
@Suite("README examples")
struct ReadmeExamplesTests {
    struct Session: Codable, Sendable, Equatable {
        var username: String
        var subscriptions: [String]
    }

    struct Post: Codable, Sendable {
        var title: String
    }

    @Test("Persisting a value")
    func persisting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let events = EventLog()
        let store = DocumentStore<Session>(fileURL: directory.file("session.json")) { event in
            events.record(event)
        }

        var session = try store.load() ?? Session(username: "spez", subscriptions: [])
        session.subscriptions.append("swift")
        store.save(session)
        try await store.flush()
        #expect(try DocumentStore<Session>(fileURL: directory.file("session.json")).load() == session)
        try await store.remove()
        #expect(try store.load() == nil)
        #expect(events.all.isEmpty)
    }

    @Test("Turning on the response cache")
    func cache() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = StubTransport(headers: ["Cache-Control": "max-age=60"], body: #"[{"title":"hello"}]"#)
        let cache = try ResponseCache(fileURL: directory.file("responses.sqlite"))
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: transport) {
            $0.interceptors = [cache]
        }
        let posts = try await client.send(Request<[Post]>(path: "/posts"))
        let again = try await client.send(Request<[Post]>(path: "/posts"))
        #expect(posts.value.first?.title == "hello" && again.value.first?.title == "hello")
        #expect(transport.requestCount == 1)

        transport.goOffline()
        _ = try await client.send(Request<[Post]>(path: "/posts").cachePolicy(.returnStaleWhenOffline))

        let userCache = try ResponseCache(
            fileURL: directory.file("user-42.sqlite"),
            configuration: .init(maximumSize: 20 * 1024 * 1024, isPrivate: true)
        )
        #expect(userCache.configuration.isPrivate)
    }
}
