#if os(Linux)
@testable import Courier
import Courier
import Foundation
import Testing
import TestSupport

/// CurlTransport over TLS against nginx with HTTP/2 and a certificate made for the test run
/// (`Scripts/test` starts it and exports COURIER_TLS_URL and COURIER_TLS_CA).
@Suite("CurlTransport over TLS")
struct CurlTLSTests {
    /// A client of the HTTP/2 server (or of `server`) on a transport with `threads` threads
    /// that trusts the run's certificate.
    private func trustingClient(threads: Int = CurlTransport.defaultThreads, server: String = "COURIER_TLS_URL")
        throws -> HTTPClient
    {
        let authority = URL(fileURLWithPath: try TestServers.url(from: "COURIER_TLS_CA").path)
        let transport = try CurlTransport(timeout: .seconds(30), threads: threads, certificateAuthorities: authority)
        return HTTPClient(baseURL: try TestServers.url(from: server), transport: transport)
    }

    @Test("HTTP/2 is used when the server offers it, also for many requests at once", arguments: [1, 2])
    func http2(threads: Int) async throws {
        let client = try trustingClient(threads: threads)
        let protocols = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask { try await client.send(Request<String>(path: "/protocol")).value }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(protocols == Array(repeating: "HTTP/2.0", count: 20))
    }

    @Test("Requests one after another reuse one connection")
    func keepAlive() async throws {
        let client = try trustingClient()
        var connections: Set<String> = []
        for _ in 0..<5 {
            connections.insert(try await client.send(Request<String>(path: "/connection")).value)
        }
        #expect(connections.count == 1, "connections used: \(connections)")
    }

    @Test("Concurrent requests share one HTTP/2 connection instead of opening one each", arguments: [1, 2])
    func multiplexing(threads: Int) async throws {
        let client = try trustingClient(threads: threads)
        // Opens the connection first, so the concurrent requests find it ready to multiplex.
        let first = try await client.send(Request<String>(path: "/connection")).value
        let connections = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask { try await client.send(Request<String>(path: "/connection")).value }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(connections == [first])
    }

    @Test(
        "100 requests started together on a new transport all go over one HTTP/2 connection", arguments: [1, 2])
    func multiplexingFromColdStart(threads: Int) async throws {
        let client = try trustingClient(threads: threads)
        // No request first: the 100 start while no connection is open, and wait for the first
        // one to learn whether it multiplexes instead of opening one each (up to the limit).
        let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for _ in 0..<100 {
                group.addTask {
                    let response = try await client.send(Request<String>(path: "/connection-protocol"))
                    let parts = response.value.split(separator: " ").map(String.init)
                    return (parts.first ?? "", parts.last ?? "")
                }
            }
            return try await group.reduce(into: [(String, String)]()) { $0.append($1) }
        }
        #expect(answers.count == 100)
        #expect(Set(answers.map(\.0)).count == 1, "connections used: \(Set(answers.map(\.0)))")
        #expect(Set(answers.map(\.1)) == ["HTTP/2.0"])
    }

    @Test(
        "Over TLS to an HTTP/1.1-only server, two threads use both shares of the connection limit once the protocol is known",
        .timeLimit(.minutes(3)))
    func http1OverTLSUsesEveryThread() async throws {
        let client = try trustingClient(threads: 2, server: "COURIER_TLS_HTTP1_URL")
        let name = "slow-\(uniqueKey("tls-http1")).bin"
        let directory = URL(fileURLWithPath: try TestServers.url(from: "COURIER_NGINX_FILES_DIR").path)
        let file = directory.appendingPathComponent(name)
        // 96 KB at nginx's 32 KB/s: three seconds each, so all 12 overlap even when a loaded machine
        // is slow to start the tasks (with half a second each, a load of 40 let them run in turns).
        try Data(repeating: 0x61, count: 96 * 1024).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // The first answer tells the transport the origin does not multiplex.
        #expect(try await client.send(Request<String>(path: "/protocol")).value == "HTTP/1.1")
        // 12 requests of three seconds each: with every connection of both threads busy, 6.
        let connections = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    let response = try await client.send(Request<Data>(path: "/slow/\(name)"))
                    #expect(response.value.count == 96 * 1024)
                    return response.headers["X-Connection"] ?? "none"
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(connections.count > 3 && connections.count <= 6, "connections used: \(connections)")
        #expect(!connections.contains("none"))
    }

    @Test("A certificate the system does not trust is refused")
    func untrustedCertificate() async throws {
        let client = HTTPClient(baseURL: try TestServers.url(from: "COURIER_TLS_URL"), transport: try CurlTransport())
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<String>(path: "/protocol"))
        }
        #expect(error.urlError?.code == .serverCertificateUntrusted, "got \(error)")
    }
}
#endif
