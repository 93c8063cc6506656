import Courier
import Foundation
import Testing

/// URLSessionTransport refuses TLS settings it cannot honour instead of ignoring them: on Linux
/// every setting but the default, on Apple platforms client certificates from PEM (a PKCS#12
/// bundle is taken).
@Suite("URLSessionTransport and TLS settings")
struct URLSessionTLSTests {
    static let certificate = Data("-----BEGIN CERTIFICATE-----".utf8)

    /// The reason of a ``HTTPError/Kind/transportUnavailable(reason:)`` error, nil for any other.
    static func unavailableReason(_ error: HTTPError?) -> String? {
        guard case .transportUnavailable(let reason) = error?.kind else { return nil }
        return reason
    }

    #if canImport(FoundationNetworking)
    static func withClientPEM() -> TLSSettings {
        var settings = TLSSettings()
        settings.useClientCertificate(pem: certificate, key: certificate)
        return settings
    }

    static func withClientPKCS12() -> TLSSettings {
        var settings = TLSSettings()
        settings.useClientCertificate(pkcs12: certificate, passphrase: "p")
        return settings
    }

    @Test(
        "Each setting other than the default is refused with a typed error naming it",
        arguments: [
            (TLSSettings(certificateAuthorities: [URLSessionTLSTests.certificate]), "extra certificate authorities"),
            (TLSSettings(trustsSystemCertificates: false), "certificate store off"),
            (URLSessionTLSTests.withClientPEM(), "client"),
            (URLSessionTLSTests.withClientPKCS12(), "client"),
            (TLSSettings(pins: ["example.com": [Data(count: 32).base64EncodedString()]]), "pinning"),
        ])
    func refused(settings: TLSSettings, feature: String) throws {
        let error = #expect(throws: HTTPError.self) { try URLSessionTransport(tls: settings) }
        let reason = Self.unavailableReason(error)
        #expect(reason?.contains("URLSessionTransport") == true, "\(String(describing: error))")
        #expect(reason?.contains(feature) == true, "\(String(describing: error))")
        #expect(
            error?.description == reason.map { "the transport is unavailable: " + $0 },
            "a transport that was not created names no request")
    }

    #else
    @Test("A client certificate from PEM is refused with a typed error naming it")
    func clientCertificateRefused() throws {
        var settings = TLSSettings()
        settings.useClientCertificate(pem: Self.certificate, key: Self.certificate)
        let error = #expect(throws: HTTPError.self) { try URLSessionTransport(tls: settings) }
        #expect(Self.unavailableReason(error)?.contains("client certificates from PEM") == true)
    }

    @Test("A PKCS#12 bundle Security cannot import fails the transport's creation as a rejected certificate")
    func unreadableBundle() throws {
        var settings = TLSSettings()
        settings.useClientCertificate(pkcs12: Data("not PKCS#12".utf8), passphrase: "secret-7f")
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
