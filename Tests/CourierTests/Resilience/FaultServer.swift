import Courier
import Foundation
import TestSupport

/// Calls on the fault server (`Tests/Servers/fault_server.py`) that tests use to set up and check.
struct FaultServer {
    let url: URL
    let client: HTTPClient

    /// Every test gets its own transport: URLSession queues requests beyond a few connections
    /// per host, and a test's control calls must never wait behind requests held open on purpose.
    let transport = URLSessionTransport()

    init() throws {
        url = try TestServers.faults()
        client = HTTPClient(baseURL: url, transport: URLSessionTransport())
    }

    struct Hits: Decodable, Sendable {
        let hits: Int
        let closed_early: Int
    }

    /// A hit answered by /count, /gate or /flaky.
    struct Hit: Decodable, Sendable, Equatable {
        let key: String?
        let hit: Int?
        let hits: Int?
        let headers: [String: String]?
    }

    /// How often the server saw `key`, and how many of those clients closed early.
    func hits(_ key: String) async throws -> Hits {
        try await client.send(Request<Hits>(path: "/hits/\(key)")).value
    }

    /// Releases every request waiting at `/gate/KEY`.
    func open(_ key: String) async throws {
        _ = try await client.send(Request<Data>(path: "/open/\(key)"))
    }
}
