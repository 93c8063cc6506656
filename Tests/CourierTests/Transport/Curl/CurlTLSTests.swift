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
    private func trustingClient() throws -> HTTPClient {
        let authority = URL(fileURLWithPath: try TestServers.url(from: "COURIER_TLS_CA").path)
        let transport = try CurlTransport(timeout: .seconds(30), certificateAuthorities: authority)
        return HTTPClient(baseURL: try TestServers.url(from: "COURIER_TLS_URL"), transport: transport)
    }

    @Test("HTTP/2 is used when the server offers it, also for many requests at once")
    func http2() async throws {
        let client = try trustingClient()
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

    @Test("Concurrent requests share HTTP/2 connections instead of opening one each")
    func multiplexing() async throws {
        let client = try trustingClient()
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

    @Test("100 requests started together on a new transport all go over one HTTP/2 connection")
    func multiplexingFromColdStart() async throws {
        let client = try trustingClient()
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
