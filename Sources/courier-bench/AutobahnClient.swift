import Courier
import Foundation

/// `courier-bench --autobahn URL`: the client side of the Autobahn test suite's fuzzing server
/// (`wstest -m fuzzingserver`, run by `Scripts/autobahn`): asks for the number of cases, runs
/// each (echoing every message back until the server closes), then asks the server to write its
/// reports.
enum AutobahnClient {
    static func run(_ url: String, agent: String = "courier") async throws {
        let client = HTTPClient(baseURL: URL(string: url))
        var options = WebSocket.Options()
        options.maximumMessageSize = 64 << 20
        let counter = try await client.webSocket(Request<Data>(path: "/getCaseCount"))
        var count = 0
        for try await message in counter.messages {
            if case .text(let text) = message { count = Int(text) ?? 0 }
        }
        for index in stride(from: 1, through: count, by: 1) {
            do {
                let socket = try await client.webSocket(
                    Request<Data>(path: "/runCase?case=\(index)&agent=\(agent)"), options: options)
                do {
                    for try await message in socket.messages { try await socket.send(message) }
                } catch {
                    // The case ended the connection (what it tests); the server judges it.
                }
            } catch {
                print("case \(index): \(error)")
            }
        }
        let reports = try await client.webSocket(Request<Data>(path: "/updateReports?agent=\(agent)"))
        for try await _ in reports.messages {}
        print("ran \(count) cases")
    }
}
