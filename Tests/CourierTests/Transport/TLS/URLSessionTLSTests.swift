import Courier
import Foundation
import Testing

/// URLSessionTransport refuses TLS settings it cannot honour instead of ignoring them: on Linux
/// every setting but the default, on Apple platforms client certificates from PEM (a PKCS#12
/// bundle is taken).
@Suite("URLSessionTransport and TLS settings")
struct URLSessionTLSTests {
    static let certificate = TLSSettings.PEM.data(Data("-----BEGIN CERTIFICATE-----".utf8))

    #if canImport(FoundationNetworking)
    @Test(
        "Each setting other than the default is refused with a typed error naming it",
        arguments: [
            (TLSSettings(certificateAuthorities: [URLSessionTLSTests.certificate]), "extra certificate authorities"),
            (TLSSettings(trustsSystemCertificates: false), "certificate store off"),
            (
                TLSSettings(
                    clientCertificate: ClientCertificate(
                        certificate: URLSessionTLSTests.certificate, key: URLSessionTLSTests.certificate)), "client"
            ),
            (
                TLSSettings(
                    clientCertificate: ClientCertificate(pkcs12: URLSessionTLSTests.certificate, passphrase: "p")),
                "client"
            ),
            (TLSSettings(pins: ["example.com": [PublicKeyPin(sha256: Data(count: 32))!]]), "pinning"),
        ])
    func refused(settings: TLSSettings, feature: String) throws {
        let error = #expect(throws: UnsupportedTransportFeature.self) { try URLSessionTransport(tls: settings) }
        #expect(error?.transport == "URLSessionTransport")
        #expect(error?.description.contains(feature) == true, "\(String(describing: error))")
    }

    #else
    @Test("A client certificate from PEM is refused with a typed error naming it")
    func clientCertificateRefused() throws {
        let settings = TLSSettings(
            clientCertificate: ClientCertificate(certificate: Self.certificate, key: Self.certificate))
        let error = #expect(throws: UnsupportedTransportFeature.self) { try URLSessionTransport(tls: settings) }
        #expect(error?.description.contains("client certificates from PEM") == true)
    }

    @Test("A PKCS#12 bundle Security cannot import fails the transport's creation as a rejected certificate")
    func unreadableBundle() throws {
        let settings = TLSSettings(
            clientCertificate: ClientCertificate(pkcs12: .data(Data("not PKCS#12".utf8)), passphrase: "secret-7f"))
        let error = #expect(throws: URLError.self) { try URLSessionTransport(tls: settings) }
        #expect(error?.code == .clientCertificateRejected)
        #expect(error.map { !"\($0)".contains("secret-7f") } == true)
    }
    #endif

    @Test("The default settings are accepted")
    func defaultSettings() throws {
        _ = try URLSessionTransport(tls: TLSSettings())
    }
}
