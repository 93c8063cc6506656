#if os(Linux)
@testable import Courier
import Foundation
import Testing
import TestSupport

/// Public-key pinning on CurlTransport against the trust nginx `Scripts/test` starts:
/// https://127.0.0.1 with the run's certificate and https://localhost (by SNI, same port) with a
/// key of its own. Paths under `/seen/` are written to the server's access log.
@Suite("CurlTransport pins public keys per host")
struct CurlPinningTests {
    private static func value(_ name: String) throws -> String { try TestServers.value(from: name) }

    /// The pin of 127.0.0.1's key and of localhost's (each wrong for the other host).
    private func pins() throws -> (ip: String, localhost: String) {
        (try Self.value("COURIER_TLS_PIN"), try Self.value("COURIER_TLS_LOCALHOST_PIN"))
    }

    /// A pin no key has.
    private let unknownPin = Data(repeating: 7, count: 32).base64EncodedString()

    /// A transport trusting the run's certificate authority, with `pins`.
    private func transport(_ pins: [String: [String]]) throws -> CurlTransport {
        let authority = try Data(contentsOf: URL(fileURLWithPath: try Self.value("COURIER_TLS_CA")))
        return try CurlTransport(
            timeout: .seconds(30), tls: TLSSettings(certificateAuthorities: [authority], pins: pins))
    }

    private func get(_ path: String, on transport: CurlTransport) async throws -> HTTPResponse {
        try await transport.send(HTTPRequest(url: try TestServers.url(from: "COURIER_TRUST_URL").appending(path: path)))
    }

    /// Whether the trust server logged a request for `path` (nginx writes the line once the
    /// response is sent, so a request just answered may still be on its way to the log).
    private func logged(_ path: String) throws -> Bool {
        let log = (try? String(contentsOfFile: try Self.value("COURIER_TRUST_ACCESS_LOG"), encoding: .utf8)) ?? ""
        return log.contains(path)
    }

    @Test("The right pin lets the request through")
    func rightPin() async throws {
        let response = try await get("/seen/right-pin", on: try transport(["127.0.0.1": [try pins().ip]]))
        #expect(response.statusCode == 200 && String(decoding: response.body, as: UTF8.self) == "127.0.0.1")
    }

    @Test("A wrong pin fails with an error naming the host, and the server never sees the request")
    func wrongPin() async throws {
        let unseen = "/seen/wrong-pin-\(UUID().uuidString)"
        let error = await #expect(throws: CertificatePinningError.self) {
            try await get(unseen, on: try transport(["127.0.0.1": [unknownPin]]))
        }
        #expect(error?.host == "127.0.0.1")
        #expect(error?.description.contains("127.0.0.1") == true)
        // A request sent afterwards reaches the log; once it is there, the first would be too.
        let seen = "/seen/after-wrong-pin-\(UUID().uuidString)"
        _ = try await get(seen, on: try transport([:]))
        let deadline = ContinuousClock.now + .seconds(60)
        while try !logged(seen), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try logged(seen))
        #expect(try !logged(unseen))
    }

    @Test("Of several pins for a host, one matching is enough (key rotation)")
    func secondPinMatches() async throws {
        let response = try await get("/seen/rotation", on: try transport(["127.0.0.1": [unknownPin, try pins().ip]]))
        #expect(response.statusCode == 200)
    }

    @Test("Host names match pins whatever their case")
    func caseInsensitiveHost() async throws {
        let transport = try transport(["LOCALHOST": [unknownPin]])
        let port = try #require(try TestServers.url(from: "COURIER_TRUST_URL").port)
        let url = try #require(URL(string: "https://localhost:\(port)/seen/case"))
        let error = await #expect(throws: CertificatePinningError.self) {
            try await transport.send(HTTPRequest(url: url))
        }
        #expect(error?.host == "localhost")
    }

    @Test("A redirect to a host without pins is not pinned")
    func redirectToUnpinnedHost() async throws {
        // localhost's key differs from 127.0.0.1's: holding it to 127.0.0.1's pin would fail.
        let response = try await get("/to-localhost", on: try transport(["127.0.0.1": [try pins().ip]]))
        #expect(response.statusCode == 200 && String(decoding: response.body, as: UTF8.self) == "localhost")
    }

    @Test("A redirect to a pinned host is held to that host's pins")
    func redirectToPinnedHost() async throws {
        let pins = try pins()
        let transport = try transport(["127.0.0.1": [pins.ip], "localhost": [pins.ip]])
        let error = await #expect(throws: CertificatePinningError.self) {
            try await get("/to-localhost", on: transport)
        }
        #expect(error?.host == "localhost")
        let right = try self.transport(["127.0.0.1": [pins.ip], "localhost": [pins.localhost]])
        #expect(try await get("/to-localhost", on: right).statusCode == 200)
    }

    @Test("A pin error reaches an HTTPClient caller as HTTPError.certificatePinMismatch, a transport failure")
    func throughClient() async throws {
        let client = HTTPClient(
            baseURL: try TestServers.url(from: "COURIER_TRUST_URL"),
            transport: try transport(["127.0.0.1": [unknownPin]]))
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<String>(path: "/seen/client"))
        }
        guard case .certificatePinMismatch(let host) = error.kind else {
            Issue.record("not a pin mismatch: \(error)")
            return
        }
        #expect(host == "127.0.0.1")
        #expect(error.isTransport)
        #expect(error.description.contains("the public key of 127.0.0.1 matches none of its pins"), "\(error)")
    }

    @Test("Pins parse from OpenSSL's base64, with or without curl's prefix, and nothing else")
    func parsing() throws {
        let digest = Data((0..<32).map { UInt8($0) })
        let pin = try #require(PublicKeyPin(sha256: digest))
        #expect(PublicKeyPin(base64: digest.base64EncodedString()) == pin)
        #expect(PublicKeyPin(base64: "sha256//" + digest.base64EncodedString()) == pin)
        let settings = TLSSettings(pins: ["Example.com": ["sha256//" + digest.base64EncodedString()]])
        #expect(settings.pins(for: "example.COM") == [pin])
        #expect(pin.description == "sha256//" + digest.base64EncodedString())
        #expect(PublicKeyPin(base64: "not base64") == nil)
        #expect(PublicKeyPin(base64: Data(count: 20).base64EncodedString()) == nil)
        #expect(PublicKeyPin(sha256: Data(count: 31)) == nil)
    }
}
#endif
