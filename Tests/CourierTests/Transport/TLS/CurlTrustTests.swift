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

    @Test("A certificate authority from a file or from PEM data is trusted, with or without the system's store")
    func customAuthority() async throws {
        let authority = try file("COURIER_TLS_CA")
        let pem = try Data(contentsOf: authority)
        for tls in [
            TLSSettings(certificateAuthorities: [.file(authority)]),
            TLSSettings(certificateAuthorities: [.data(pem)]),
            TLSSettings(certificateAuthorities: [.data(pem)], trustsSystemCertificates: false),
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

    @Test("A certificate authority file that cannot be read fails when the transport is created")
    func unreadableAuthority() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/courier-ca.pem")
        let error = #expect(throws: UnreadableCertificateFile.self) {
            try CurlTransport(tls: TLSSettings(certificateAuthorities: [.file(missing)]))
        }
        #expect(error?.file == missing)
    }

    private func clientCertificate(fromFiles: Bool, passphrase: String? = nil) throws -> ClientCertificate {
        let certificate = try file("COURIER_TLS_CLIENT_CERT")
        let key = try file("COURIER_TLS_CLIENT_KEY")
        return ClientCertificate(
            certificate: fromFiles ? .file(certificate) : .data(try Data(contentsOf: certificate)),
            key: fromFiles ? .file(key) : .data(try Data(contentsOf: key)),
            passphrase: try passphrase ?? Self.value("COURIER_TLS_CLIENT_KEY_PASSPHRASE"))
    }

    @Test("A server requiring a client certificate accepts ours, from files or from memory", arguments: [true, false])
    func mutualTLS(fromFiles: Bool) async throws {
        let tls = TLSSettings(
            certificateAuthorities: [.file(try file("COURIER_TLS_CA"))],
            clientCertificate: try clientCertificate(fromFiles: fromFiles))
        let response = try await get("COURIER_MTLS_URL", "/", tls: tls)
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "CN=courier-test-client")
    }

    @Test(
        "A client certificate in a PKCS#12 bundle, from a file or from memory, is accepted too",
        arguments: [true, false])
    func mutualTLSFromPKCS12(fromFile: Bool) async throws {
        let bundle = try file("COURIER_TLS_CLIENT_P12")
        let certificate = ClientCertificate(
            pkcs12: fromFile ? .file(bundle) : .data(try Data(contentsOf: bundle)),
            passphrase: try Self.value("COURIER_TLS_CLIENT_P12_PASSPHRASE"))
        let tls = TLSSettings(
            certificateAuthorities: [.file(try file("COURIER_TLS_CA"))], clientCertificate: certificate)
        let response = try await get("COURIER_MTLS_URL", "/", tls: tls)
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "CN=courier-test-client")
        #expect("\(certificate)".contains(fromFile ? "pkcs12: \(bundle.path)" : "bytes of PKCS#12"))
    }

    @Test("A PKCS#12 bundle with a wrong passphrase is a rejected client certificate, the passphrase shown nowhere")
    func pkcs12WrongPassphrase() async throws {
        let wrong = "wrong-p12-passphrase-5c2a"
        let certificate = ClientCertificate(pkcs12: .file(try file("COURIER_TLS_CLIENT_P12")), passphrase: wrong)
        let tls = TLSSettings(
            certificateAuthorities: [.file(try file("COURIER_TLS_CA"))], clientCertificate: certificate)
        let error = await #expect(throws: URLError.self) { try await get("COURIER_MTLS_URL", "/", tls: tls) }
        #expect(error?.code == .clientCertificateRejected, "got \(String(describing: error))")
        var dumped = ""
        dump(certificate, to: &dumped)
        for text in ["\(error.map { "\($0)" } ?? "")", "\(certificate)", dumped] {
            #expect(!text.contains(wrong), "\(text)")
        }
    }

    @Test("Without a client certificate the server refuses the request")
    func mutualTLSWithoutCertificate() async throws {
        let tls = TLSSettings(certificateAuthorities: [.file(try file("COURIER_TLS_CA"))])
        #expect(try await get("COURIER_MTLS_URL", "/", tls: tls).statusCode == 400)
    }

    @Test("A wrong passphrase fails as a rejected client certificate, and no description shows a passphrase")
    func wrongPassphrase() async throws {
        let wrong = "wrong-passphrase-9d1e"
        let certificate = try clientCertificate(fromFiles: true, passphrase: wrong)
        let tls = TLSSettings(
            certificateAuthorities: [.file(try file("COURIER_TLS_CA"))], clientCertificate: certificate)
        let error = await #expect(throws: URLError.self) { try await get("COURIER_MTLS_URL", "/", tls: tls) }
        #expect(error?.code == .clientCertificateRejected)
        var dumped = ""
        dump(tls, to: &dumped)
        for text in ["\(error.map { "\($0)" } ?? "")", error?.localizedDescription ?? "", "\(certificate)", dumped] {
            #expect(!text.contains(wrong), "\(text)")
        }
        #expect("\(certificate)".contains("passphrase <redacted>"))
    }
}
#endif
