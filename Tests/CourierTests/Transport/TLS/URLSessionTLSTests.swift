import Courier
import Foundation
import Testing

/// URLSessionTransport refuses TLS settings it cannot honour instead of ignoring them.
@Suite("URLSessionTransport and TLS settings")
struct URLSessionTLSTests {
    static let certificate = TLSSettings.PEM.data(Data("-----BEGIN CERTIFICATE-----".utf8))

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

    @Test("The default settings are accepted")
    func defaultSettings() throws {
        _ = try URLSessionTransport(tls: TLSSettings())
    }
}
