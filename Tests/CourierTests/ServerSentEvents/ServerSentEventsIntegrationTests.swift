import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `client.events(for:)` against the fault server's `/sse` endpoints, on both transports: the
/// events across a dropped connection, the headers the server saw, the waits asked of the clock,
/// and each way the sequence ends.
@Suite("Server-sent events against the fault server")
struct ServerSentEventsIntegrationTests {
    typealias Event = HTTPClient.ServerSentEvent

    /// What `/sse-log/KEY` reports.
    struct Log: Decodable, Sendable {
        struct Connection: Decodable, Sendable, Equatable {
            let last_event_id: String?
            let accept: String?
            let cache_control: String?
            let status: Int
        }
        let connections: [Connection]
        let closed_early: Int
    }

    let server: FaultServer

    init() throws { server = try FaultServer() }

    func log(_ key: String) async throws -> Log {
        try await server.client.send(Request<Log>(path: "/sse-log/\(key)")).value
    }

    /// The events of `path`, waiting 200 ms doubling up to 5 s on `clock` between connections.
    func events(_ client: HTTPClient, _ path: String, clock: VirtualClock) -> some AsyncSequence<
        HTTPClient.ServerSentEvent, HTTPError
    > {
        client.events(
            for: Request(path: path), backoff: .exponential(base: .milliseconds(200), cap: .seconds(5), jitter: false),
            clock: clock)
    }

    @Test(
        "events with ids across a dropped connection, Last-Event-ID sent, retry honoured, 204 ends",
        arguments: TransportUnderTest.allCases, ["close", "reset"])
    func reconnects(transport: TransportUnderTest, drop: String) async throws {
        let key = uniqueKey("sse")
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        let clock = VirtualClock(autoAdvances: true)
        var received: [Event] = []
        for try await event in events(client, "/sse/\(key)?drop=\(drop)", clock: clock) {
            received.append(event)
        }
        #expect(
            received == [
                Event(id: "1", data: "one"), Event(id: "2", type: "update", data: "two\nlines"),
                Event(id: "3", data: "three"), Event(id: "4", data: "four"),
            ])
        // The server's retry: 1500 after the drop; its retry: 10 is raised to the 200 ms floor.
        #expect(clock.sleeps == [.milliseconds(1500), .milliseconds(200)])
        let log = try await log(key)
        #expect(log.connections.map(\.last_event_id) == [nil, "2", "4"])
        #expect(log.connections.map(\.status) == [200, 200, 204])
        #expect(log.connections.allSatisfy { $0.accept == "text/event-stream" && $0.cache_control == "no-cache" })
    }

    @Test("cancelling the reading task closes the connection", arguments: TransportUnderTest.allCases)
    func cancellationCloses(transport: TransportUnderTest) async throws {
        let key = uniqueKey("sse-hold")
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        let events = self.events(client, "/sse-hold/\(key)", clock: VirtualClock())
        let first = Gate()
        let reader = Task { () async throws(HTTPError) -> [Event] in
            var received: [Event] = []
            for try await event in events {
                received.append(event)
                first.open()
            }
            return received
        }
        await first.wait()
        reader.cancel()
        let result = await reader.result
        if case .failure(let error) = result {
            #expect((error as? HTTPError)?.isCancelled == true, "\(error)")
        } else {
            Issue.record("expected cancelled, got \(result)")
        }
        try await waitUntil("the server to see the connection closed") { try await log(key).closed_early == 1 }
        #expect(try await log(key).connections.count == 1)
    }

    @Test("breaking out of the loop closes the connection", arguments: TransportUnderTest.allCases)
    func breakCloses(transport: TransportUnderTest) async throws {
        let key = uniqueKey("sse-break")
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        var received: [Event] = []
        for try await event in events(client, "/sse-hold/\(key)", clock: VirtualClock()) {
            received.append(event)
            break
        }
        #expect(received == [Event(id: "1", data: "held")])
        try await waitUntil("the server to see the connection closed") { try await log(key).closed_early == 1 }
    }

    @Test("a response that is not text/event-stream ends with validationFailed", arguments: TransportUnderTest.allCases)
    func notAnEventStream(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: server.url, transport: try transport.make())
        let error = await #expect(throws: HTTPError.self) {
            for try await _ in client.events(for: Request(path: "/ok")) {}
        }
        guard case .validationFailed(let reason) = error?.kind else {
            Issue.record("expected validationFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("text/plain"))
    }

    @Test(
        "a refused status goes through the pipeline: the API-error decoder reads it",
        arguments: TransportUnderTest.allCases)
    func refusedStatus(transport: TransportUnderTest) async throws {
        struct Payload: Error, Decodable { let error: Int }
        let client = HTTPClient(baseURL: server.url, transport: try transport.make()) {
            $0.apiErrorDecoder = { response in
                response.statusCode >= 400 ? try? JSONDecoder().decode(Payload.self, from: response.body) : nil
            }
        }
        let key = uniqueKey("sse-404")
        let error = await #expect(throws: HTTPError.self) {
            for try await _ in client.events(for: Request(path: "/flaky/\(key)?fail=9&status=404")) {}
        }
        #expect(error?.statusCode == 404)
        #expect((error?.serverError as? Payload)?.error == 404)
        #expect(try await server.hits(key).hits == 1)
    }
}
