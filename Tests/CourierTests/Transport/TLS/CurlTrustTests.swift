#if os(Linux)
import Courier
import Foundation
import Testing
import TestSupport

/// CurlTransport's trust settings through the public API: certificate authorities from a file
/// or from memory, the system's store off, and client certificates for the nginx `Scripts/test`
/// starts requiring one (its body is the client's subject; without a certificate it answers 400).
@Suite("CurlTransport trust settings and mutual TLS")
struct CurlTrustTests {
    private static func value(_ name: String) throws -> String { try TestServers.value(from: name) }
    private func file(_ name: String) throws -> URL { URL(fileURLWithPath: try Self.value(name)) }

    private func get(_ server: String, _ path: String, tls: TLSSettings) async throws -> HTTPResponse {
        let transport = try CurlTransport(timeout: .seconds(30), tls: tls)
        return try await transport.send(HTTPRequest(url: try TestServers.url(from: server).appending(path: path)))
    }

    @Test("Without the run's certificate authority the server is not trusted")
    func systemStoreOnly() async throws {
        let error = await #expect(throws: URLError.self) {
            try await get("COURIER_TRUST_URL", "/seen/untrusted", tls: TLSSettings())
        }
        #expect(error?.code == .serverCertificateUntrusted)
    }

    /// The run's certificate authority, as PEM data.
    private func authority() throws -> Data { try Data(contentsOf: try file("COURIER_TLS_CA")) }

    @Test("A certificate authority from PEM data is trusted, with or without the system's store")
    func customAuthority() async throws {
        let pem = try authority()
        for tls in [
            TLSSettings(certificateAuthorities: [pem]),
            TLSSettings(certificateAuthorities: [pem], trustsSystemCertificates: false),
        ] {
            #expect(try await get("COURIER_TRUST_URL", "/seen/custom-ca", tls: tls).statusCode == 200)
        }
    }

    @Test("With the system's store off and no authority, no server is trusted")
    func nothingTrusted() async throws {
        let error = await #expect(throws: URLError.self) {
            try await get("COURIER_TRUST_URL", "/seen/none", tls: TLSSettings(trustsSystemCertificates: false))
        }
        #expect(error?.code == .serverCertificateUntrusted)
    }

    @Test("A pin that is not base64 of a SHA-256 digest fails when the transport is created")
    func malformedPin() throws {
        let error = #expect(throws: HTTPError.self) {
            try CurlTransport(tls: TLSSettings(pins: ["api.example.com": ["not-a-pin"]]))
        }
        guard case .transportUnavailable(let reason) = error?.kind else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("api.example.com"), "\(reason)")
    }

    /// Settings trusting the run's authority and showing the run's PEM client certificate.
    private func mutualTLS(passphrase: String? = nil) throws -> TLSSettings {
        var tls = TLSSettings(certificateAuthorities: [try authority()])
        tls.useClientCertificate(
            pem: try Data(contentsOf: try file("COURIER_TLS_CLIENT_CERT")),
            key: try Data(contentsOf: try file("COURIER_TLS_CLIENT_KEY")),
            passphrase: try passphrase ?? Self.value("COURIER_TLS_CLIENT_KEY_PASSPHRASE"))
        return tls
    }

    @Test("A server requiring a client certificate accepts ours")
    func mutualTLS() async throws {
        let response = try await get("COURIER_MTLS_URL", "/", tls: try mutualTLS())
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "CN=courier-test-client")
    }

    @Test("A client certificate in a PKCS#12 bundle is accepted too")
    func mutualTLSFromPKCS12() async throws {
        var tls = TLSSettings(certificateAuthorities: [try authority()])
        tls.useClientCertificate(
            pkcs12: try Data(contentsOf: try file("COURIER_TLS_CLIENT_P12")),
            passphrase: try Self.value("COURIER_TLS_CLIENT_P12_PASSPHRASE"))
        let response = try await get("COURIER_MTLS_URL", "/", tls: tls)
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "CN=courier-test-client")
        #expect("\(tls)".contains("bytes of PKCS#12"), "\(tls)")
    }

    @Test("A PKCS#12 bundle with a wrong passphrase is a rejected client certificate, the passphrase shown nowhere")
    func pkcs12WrongPassphrase() async throws {
        let wrong = "wrong-p12-passphrase-5c2a"
        var tls = TLSSettings(certificateAuthorities: [try authority()])
        tls.useClientCertificate(pkcs12: try Data(contentsOf: try file("COURIER_TLS_CLIENT_P12")), passphrase: wrong)
        let error = await #expect(throws: URLError.self) { try await get("COURIER_MTLS_URL", "/", tls: tls) }
        #expect(error?.code == .clientCertificateRejected, "got \(String(describing: error))")
        var dumped = ""
        dump(tls, to: &dumped)
        for text in ["\(error.map { "\($0)" } ?? "")", "\(tls)", String(reflecting: tls), dumped] {
            #expect(!text.contains(wrong), "\(text)")
        }
    }

    @Test("Without a client certificate the server refuses the request")
    func mutualTLSWithoutCertificate() async throws {
        let tls = TLSSettings(certificateAuthorities: [try authority()])
        #expect(try await get("COURIER_MTLS_URL", "/", tls: tls).statusCode == 400)
    }

    @Test("A wrong passphrase fails as a rejected client certificate, and no description shows a passphrase")
    func wrongPassphrase() async throws {
        let wrong = "wrong-passphrase-9d1e"
        let tls = try mutualTLS(passphrase: wrong)
        let error = await #expect(throws: URLError.self) { try await get("COURIER_MTLS_URL", "/", tls: tls) }
        #expect(error?.code == .clientCertificateRejected)
        var dumped = ""
        dump(tls, to: &dumped)
        for text in ["\(error.map { "\($0)" } ?? "")", error?.localizedDescription ?? "", "\(tls)", dumped] {
            #expect(!text.contains(wrong), "\(text)")
        }
        #expect("\(tls)".contains("passphrase <redacted>"))
    }
}
#endif
