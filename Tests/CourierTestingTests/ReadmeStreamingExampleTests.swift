import Courier
import CourierTesting
import Foundation
import Testing

/// The example of the Courier catalog's "Streaming Responses" article (a line-by-line log tail), compiled and run.
@Suite("Documented example: streaming")
struct ReadmeStreamingExampleTests {
    @Test("The log tail example prints each line")
    func logTail() async throws {
        let stub = StubTransport()
        stub.on(.get, .path("/logs/app.log"), .string("started\r\nlistening on :8080\nready"))
        let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!, transport: stub)
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }

        let response = try await client.stream(Request<Data>(path: "/logs/app.log"))
        for try await line in response.body.lines {
            print(line)
        }

        #expect(printed == ["started", "listening on :8080", "ready"])
    }
}
