import Foundation

/// nginx's log of `/logged/` requests (URI, connection serial number, protocol): which
/// connections a client's requests came on.
struct ConnectionLog: Sendable {
    let file: URL

    /// What nginx logged for requests containing `marker`.
    struct Summary: Sendable {
        /// Requests per connection, most first.
        let requestsPerConnection: [Int]
        let protocols: [String]

        var description: String {
            let counts = requestsPerConnection.map(String.init).joined(separator: ", ")
            return "\(requestsPerConnection.reduce(0, +)) requests over \(requestsPerConnection.count) connection(s) "
                + "(requests per connection: \(counts)), protocol \(protocols.joined(separator: ", "))"
        }
    }

    /// The connections and protocols of the requests containing `marker`. nginx writes a line
    /// after answering, so this waits until the count stops changing.
    func summary(containing marker: String) async -> Summary {
        var last: [Substring] = []
        for _ in 0..<50 {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n").filter { $0.contains(marker) }
            if lines.count == last.count, !lines.isEmpty { break }
            last = lines
            try? await Task.sleep(for: .milliseconds(20))
        }
        var connections: [Substring: Int] = [:]
        var protocols: Set<String> = []
        for line in last {
            let fields = line.split(separator: " ")
            guard fields.count == 3 else { continue }
            connections[fields[1], default: 0] += 1
            protocols.insert(String(fields[2]))
        }
        return Summary(requestsPerConnection: connections.values.sorted(by: >), protocols: protocols.sorted())
    }
}
