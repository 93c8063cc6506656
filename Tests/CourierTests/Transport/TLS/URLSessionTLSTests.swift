import Courier
import Foundation
import Testing

/// URLSessionTransport refuses TLS settings it cannot honour instead of ignoring them: on Linux
/// every setting but the default, on Apple platforms client certificates from PEM.
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
        #expect(error?.description.contains("client certificates") == true)
    }
    #endif

    @Test("The default settings are accepted")
    func defaultSettings() throws {
        _ = try URLSessionTransport(tls: TLSSettings())
    }
}
