#if os(Linux)
import Courier
import Foundation
import TestSupport
import Testing

/// A CurlTransport's trust settings hold for its WebSockets as for its requests: pins and client
/// certificates, against the wss:// nginx `Scripts/test` starts (the run's certificate, which also
/// signs the test client's; `/ws-mtls/` answers 403 without a verified client certificate).
@Suite("WebSocket over TLS with the transport's pins and client certificate")
struct WebSocketTLSTests {
    private static func value(_ name: String) throws -> String { try TestServers.value(from: name) }
    private static func file(_ name: String) throws -> URL { URL(fileURLWithPath: try value(name)) }

    /// A client for the wss:// server whose CurlTransport trusts the run's certificate, with
    /// `pins` and `clientCertificate`.
    private static func client(pins: [String: [String]] = [:], clientCertificate: Bool = false) throws -> HTTPClient {
        var tls = TLSSettings(certificateAuthorities: [try Data(contentsOf: try file("COURIER_TLS_CA"))], pins: pins)
        if clientCertificate {
            tls.useClientCertificate(
                pem: try Data(contentsOf: try Self.file("COURIER_TLS_CLIENT_CERT")),
                key: try Data(contentsOf: try Self.file("COURIER_TLS_CLIENT_KEY")),
                passphrase: try Self.value("COURIER_TLS_CLIENT_KEY_PASSPHRASE"))
        }
        let transport = try CurlTransport(timeout: .seconds(30), tls: tls)
        return HTTPClient(baseURL: try TestServers.url(from: "COURIER_WEBSOCKET_TLS_URL"), transport: transport)
    }

    private static func rightPin() throws -> String { try value("COURIER_TLS_PIN") }

    private static let unknownPin = Data(repeating: 9, count: 32).base64EncodedString()

    @Test("The right pin, or a list where only the second matches, opens the socket")
    func rightPins() async throws {
        for pins in [[try Self.rightPin()], [Self.unknownPin, try Self.rightPin()]] {
            let socket = try await Self.client(pins: ["127.0.0.1": pins]).webSocket(Request<Data>(path: "/ws/echo"))
            try await WebSocketServerTests.expectEcho("pinned", on: socket)
        }
    }

    @Test("A wrong pin fails the opening with HTTPError.certificatePinMismatch naming the host")
    func wrongPin() async throws {
        let error = try await #require(throws: HTTPError.self) {
            _ = try await Self.client(pins: ["127.0.0.1": [Self.unknownPin]]).webSocket(
                Request<Data>(path: "/ws/echo"))
        }
        guard case .certificatePinMismatch(let host) = error.kind else {
            Issue.record("not a pin mismatch: \(error)")
            return
        }
        #expect(host == "127.0.0.1", "got \(error)")
        #expect(error.statusCode == nil, "no handshake answer may come back: \(error)")
    }

    @Test("A server requiring a client certificate takes ours over wss, and refuses the upgrade without one")
    func clientCertificate() async throws {
        let socket = try await Self.client(clientCertificate: true).webSocket(
            Request<Data>(path: "/ws-mtls/echo"))
        try await WebSocketServerTests.expectEcho("with a client certificate", on: socket)

        let refused = try await #require(throws: HTTPError.self) {
            _ = try await Self.client().webSocket(Request<Data>(path: "/ws-mtls/echo"))
        }
        #expect(refused.statusCode == 403, "got \(refused)")
    }
}
#endif
