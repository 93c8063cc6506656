import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

/// The example of the Courier catalog's "Server-Sent Events" article, compiled and run on a stub transport.
@Suite("Documented example: server-sent events")
struct ServerSentEventsReadmeTests {
    @Test("The article's SSE consumer prints the price events, resuming after a drop")
    func example() async throws {
        let stream: HTTPHeaders = ["Content-Type": "text/event-stream"]
        let transport = StubTransport(routes: [
            StubRoute(
                .get, .path("/v1/updates"),
                sequence: [
                    .string("id: 1\nevent: price\ndata: 101.5\n\nevent: news\ndata: hi\n\n", headers: stream),
                    .string("id: 2\nevent: price\ndata: 102\n\n", headers: stream),
                    StubResponse(statusCode: 204),
                ])
        ])
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        let clock = VirtualClock(autoAdvances: true)
        var printed: [String] = []
        func print(_ items: String...) { printed.append(items.joined(separator: " ")) }

        // From the article; the one change: the waits run on a virtual clock.
        let updates = client.events(
            for: Request(path: "/v1/updates"), retry: .seconds(3), maximumDelay: .seconds(60), clock: clock
        )
        for try await event in updates where event.type == "price" {
            print(event.id ?? "-", event.data)
        }

        #expect(printed == ["1 101.5", "2 102"])
        #expect(clock.sleeps == [.seconds(3), .seconds(3)])
        #expect(transport.requests.map { $0.headers["Last-Event-ID"] } == [nil, "1", "2"])
        #expect(transport.requests.allSatisfy { $0.headers["Accept"] == "text/event-stream" })
    }
}
