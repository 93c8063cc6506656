#if os(Linux)
import Courier
import Foundation
import Testing
import TestSupport

/// CurlTransport sending HTTP over a Unix socket: gunicorn serving httpbin on the socket path
/// `Scripts/test` exports as COURIER_HTTPBIN_UNIX_SOCKET.
@Suite("CurlTransport over Unix sockets")
struct CurlUnixSocketTests {
    private func socket() throws -> String { try TestServers.value(from: "COURIER_HTTPBIN_UNIX_SOCKET") }

    @Test("Requests to a host mapped to a socket go over it, through HTTPClient")
    func overSocket() async throws {
        let transport = try CurlTransport(unixSockets: ["httpbin.sock": try socket()])
        let client = HTTPClient(baseURL: URL(string: "http://httpbin.sock")!, transport: transport)
        struct Echo: Decodable {
            let headers: [String: String]
            let json: [String: String]?
        }
        let response = try await client.send(Request<Echo>(method: .post, path: "/anything", body: .json(["a": "b"])))
        #expect(response.value.headers["Host"] == "httpbin.sock")
        #expect(response.value.json == ["a": "b"])
    }

    @Test("Host names match whatever their case; other hosts are reached as usual")
    func otherHosts() async throws {
        let transport = try CurlTransport(proxy: .none, unixSockets: ["HTTPBIN.sock": try socket()])
        let viaSocket = try await transport.send(HTTPRequest(url: URL(string: "http://httpbin.SOCK/status/418")!))
        #expect(viaSocket.statusCode == 418)
        let direct = try await transport.send(HTTPRequest(url: try TestServers.httpbin().appending(path: "get")))
        #expect(direct.statusCode == 200)
    }

    @Test("A socket that does not exist fails as a connection that could not be made")
    func missingSocket() async throws {
        let transport = try CurlTransport(unixSockets: ["daemon": "/nonexistent/courier-37.sock"])
        let error = await #expect(throws: URLError.self) {
            try await transport.send(HTTPRequest(url: URL(string: "http://daemon/get")!))
        }
        #expect(error?.code == .cannotConnectToHost)
    }
}
#endif
