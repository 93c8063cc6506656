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
    private static func client(
        pins: [String: [PublicKeyPin]] = [:], clientCertificate: ClientCertificate? = nil
    ) throws -> HTTPClient {
        let tls = TLSSettings(
            certificateAuthorities: [.file(try file("COURIER_TLS_CA"))], clientCertificate: clientCertificate,
            pins: pins)
        let transport = try CurlTransport(timeout: .seconds(30), tls: tls)
        return HTTPClient(baseURL: try TestServers.url(from: "COURIER_WEBSOCKET_TLS_URL"), transport: transport)
    }

    private static func rightPin() throws -> PublicKeyPin {
        try #require(PublicKeyPin(base64: try value("COURIER_TLS_PIN")))
    }

    private static let unknownPin = PublicKeyPin(sha256: Data(repeating: 9, count: 32))!

    @Test("The right pin, or a list where only the second matches, opens the socket")
    func rightPins() async throws {
        for pins in [[try Self.rightPin()], [Self.unknownPin, try Self.rightPin()]] {
            let socket = try await Self.client(pins: ["127.0.0.1": pins]).webSocket(Request<Data>(path: "/ws/echo"))
            try await WebSocketServerTests.expectEcho("pinned", on: socket)
        }
    }

    @Test("A wrong pin fails the opening with a CertificatePinningError naming the host")
    func wrongPin() async throws {
        let error = try await #require(throws: HTTPError.self) {
            _ = try await Self.client(pins: ["127.0.0.1": [Self.unknownPin]]).webSocket(
                Request<Data>(path: "/ws/echo"))
        }
        guard case .transport(let underlying) = error.kind else {
            Issue.record("not a transport error: \(error)")
            return
        }
        #expect((underlying as? CertificatePinningError)?.host == "127.0.0.1", "got \(underlying)")
        #expect(error.statusCode == nil, "no handshake answer may come back: \(error)")
    }

    @Test("A server requiring a client certificate takes ours over wss, and refuses the upgrade without one")
    func clientCertificate() async throws {
        let certificate = ClientCertificate(
            certificate: .file(try Self.file("COURIER_TLS_CLIENT_CERT")),
            key: .file(try Self.file("COURIER_TLS_CLIENT_KEY")),
            passphrase: try Self.value("COURIER_TLS_CLIENT_KEY_PASSPHRASE"))
        let socket = try await Self.client(clientCertificate: certificate).webSocket(
            Request<Data>(path: "/ws-mtls/echo"))
        try await WebSocketServerTests.expectEcho("with a client certificate", on: socket)

        let refused = try await #require(throws: HTTPError.self) {
            _ = try await Self.client().webSocket(Request<Data>(path: "/ws-mtls/echo"))
        }
        #expect(refused.statusCode == 403, "got \(refused)")
    }
}
#endif
