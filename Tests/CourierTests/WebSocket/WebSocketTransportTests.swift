import Foundation
import TestSupport
import Testing

@testable import Courier

/// Opening a WebSocket is a transport capability (`HTTPTransport.openWebSocket(_:options:)`): the
/// pipeline asks the transport it was given, and the connection comes back as a return value.
@Suite("WebSocket opening through the transport")
struct WebSocketTransportTests {
    /// A transport wrapping another, as a user might write one: it forwards both capabilities.
    struct Forwarding: HTTPTransport {
        let base: any HTTPTransport
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { try await base.send(request) }
        func openWebSocket(_ request: HTTPRequest, options: WebSocket.Options) async throws -> HTTPResponse {
            try await base.openWebSocket(request, options: options)
        }
    }

    /// A transport without the capability (the protocol's default implementation).
    struct SendOnly: HTTPTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            HTTPResponse(statusCode: 200, url: request.url)
        }
    }

    @Test("a transport that cannot open WebSockets fails the opening with HTTPError saying so")
    func unsupported() async {
        var configuration = HTTPClient.Configuration(baseURL: URL(string: "http://127.0.0.1:9")!)
        configuration.transport = SendOnly()
        do {
            _ = try await HTTPClient(configuration: configuration).webSocket(Request<Data>(path: "/echo"))
            Issue.record("a transport without the capability opened a socket")
        } catch {
            #expect("\(error)".contains("SendOnly cannot open WebSockets"), "\(error)")
        }
    }

    @Test("a wrapping transport forwards the opening; the connection comes back through the pipeline")
    func forwarded() async throws {
        var configuration = HTTPClient.Configuration(baseURL: try WebSocketServerTests.server())
        configuration.transport = Forwarding(base: try CurlTransport())
        let socket = try await HTTPClient(configuration: configuration).webSocket(Request<Data>(path: "/echo"))
        try await WebSocketServerTests.expectEcho("forwarded", on: socket)
    }
}
