import Courier
import Foundation
import TestSupport

/// What the fault server saw of the connections that carried one key's requests: how many
/// there were, and the most open at once.
struct ConnectionsSeen: Decodable, CustomStringConvertible {
    let connections: Int
    let max_open: Int

    /// Asks the fault server at `server` (over a transport of its own) about `key`'s connections.
    static func of(_ key: String, on server: URL) async throws -> ConnectionsSeen {
        try await HTTPClient(baseURL: server, transport: URLSessionTransport()).send(
            Request<ConnectionsSeen>(path: "/conns/\(key)")
        ).value
    }

    var description: String { "\(connections) connections, at most \(max_open) open at once" }
}

/// Sends `count` concurrent GETs to /count/KEY (each held `delay` seconds by the server) and
/// returns the hit numbers the server answered.
func sendConcurrently(_ count: Int, to client: HTTPClient, key: String, delay: String = "0.02") async throws -> [Int] {
    try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<count {
            group.addTask {
                try await client.send(
                    Request<JSON>(path: "/count/\(key)", query: [.init(name: "delay", value: delay)])
                ).value["hit"]?.intValue ?? 0
            }
        }
        return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
}
