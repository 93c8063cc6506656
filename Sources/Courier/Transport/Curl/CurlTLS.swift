#if os(Linux)
import Foundation

/// ``TLSSettings`` made ready for libcurl once, when the transport is created: the certificate
/// authorities read into one PEM blob and the pins in curl's form by host.
struct CurlTLS: Sendable {
    /// Every extra certificate authority, concatenated; nil for none.
    let authorities: Data?
    let trustsSystemCertificates: Bool
    let clientCertificate: ClientCertificate?
    /// `sha256//...;sha256//...` by lowercased host.
    let pins: [String: String]

    /// The system's store only, as libcurl has it by default.
    static let system = CurlTLS(authorities: nil, trustsSystemCertificates: true, clientCertificate: nil, pins: [:])

    private init(
        authorities: Data?, trustsSystemCertificates: Bool, clientCertificate: ClientCertificate?,
        pins: [String: String]
    ) {
        self.authorities = authorities
        self.trustsSystemCertificates = trustsSystemCertificates
        self.clientCertificate = clientCertificate
        self.pins = pins
    }

    /// Reads `settings`' certificate files.
    ///
    /// - Throws: ``UnreadableCertificateFile`` for a file that cannot be read.
    init(_ settings: TLSSettings, curl: LibCurl) throws(UnreadableCertificateFile) {
        var authorities = Data()
        for source in settings.authoritySources {
            authorities.append(try source.contents())
            authorities.append(UInt8(ascii: "\n"))
        }
        // libcurl ignores its CA file (CURLOPT_CAINFO) when given a blob and keeps only its CA
        // directory: where it has no directory (builds configured with a bundle only), the
        // system's bundle goes into the blob too, so "trust the system's store as well" holds.
        if !authorities.isEmpty, settings.trustsSystemCertificates, let bundle = curl.defaultCertificateBundle() {
            authorities.append(try TLSSettings.PEM.file(URL(fileURLWithPath: bundle)).contents())
        }
        var pins: [String: String] = [:]
        for (host, hostPins) in settings.pins where !hostPins.isEmpty {
            pins[host.lowercased(), default: ""] +=
                (pins[host.lowercased()] == nil ? "" : ";")
                + hostPins.compactMap { PublicKeyPin(base64: $0)?.description }.joined(separator: ";")
        }
        self.init(
            authorities: authorities.isEmpty ? nil : authorities,
            trustsSystemCertificates: settings.trustsSystemCertificates,
            clientCertificate: settings.clientCertificate, pins: pins)
    }

    /// The host whose pins a request to `url` is held to, nil when it has none.
    func pinnedHost(for url: URL) -> String? {
        guard !pins.isEmpty, let host = url.host?.lowercased(), pins[host] != nil else { return nil }
        return host
    }

    /// Sets `easy`'s TLS options for a request to `url`. A recycled handle was reset, so an
    /// option left alone is libcurl's default.
    func configure(_ easy: LibCurl.Handle, for url: URL, curl: LibCurl, check: (Int32) -> Void) {
        func set(_ option: Int32, _ text: String?) { curl.setText(easy, option, text, check: check) }
        if let authorities { curl.setBlob(easy, CurlOption.caInfoBlob, authorities, check: check) }
        if !trustsSystemCertificates {
            set(CurlOption.caInfo, nil)
            set(CurlOption.caPath, nil)
        }
        if let clientCertificate {
            func certificate(_ source: TLSSettings.PEM) {
                switch source {
                case .file(let file): set(CurlOption.sslCertificate, file.path)
                case .data(let data): curl.setBlob(easy, CurlOption.sslCertificateBlob, data, check: check)
                }
            }
            switch clientCertificate.contents {
            case .pem(let pem, let key):
                certificate(pem)
                switch key {
                case .file(let file): set(CurlOption.sslKey, file.path)
                case .data(let data): curl.setBlob(easy, CurlOption.sslKeyBlob, data, check: check)
                }
            case .pkcs12(let bundle):
                // The key comes from the bundle; CURLOPT_KEYPASSWD is the bundle's passphrase.
                set(CurlOption.sslCertificateType, "P12")
                certificate(bundle)
            }
            if let passphrase = clientCertificate.passphrase { set(CurlOption.keyPassword, passphrase) }
        }
        if let host = pinnedHost(for: url) { set(CurlOption.pinnedPublicKey, pins[host]) }
    }
}

extension LibCurl {
    /// Sets a string option (libcurl copies it); nil unsets it.
    func setText(_ easy: Handle, _ option: Int32, _ text: String?, check: (Int32) -> Void) {
        guard let text else { return check(setPointer(easy, option, nil)) }
        check(text.withCString { setPointer(easy, option, $0) })
    }

    /// Sets a `struct curl_blob` option to a copy of `data` (`CURL_BLOB_COPY`: libcurl copies
    /// the bytes before returning).
    func setBlob(_ easy: Handle, _ option: Int32, _ data: Data, check: (Int32) -> Void) {
        data.withUnsafeBytes { bytes in
            // struct curl_blob { void *data; size_t len; unsigned int flags; }
            withUnsafeTemporaryAllocation(byteCount: 24, alignment: 8) { blob in
                blob.storeBytes(of: UnsafeRawPointer(bytes.baseAddress), toByteOffset: 0, as: UnsafeRawPointer?.self)
                blob.storeBytes(of: bytes.count, toByteOffset: 8, as: Int.self)
                blob.storeBytes(of: 1, toByteOffset: 16, as: UInt32.self)
                check(setPointer(easy, option, UnsafeRawPointer(blob.baseAddress)))
            }
        }
    }

    /// libcurl's own CA bundle file when it has no CA directory to fall back on, else nil
    /// (`CURLINFO_CAINFO`, `CURLINFO_CAPATH`: libcurl 7.84).
    func defaultCertificateBundle() -> String? {
        guard let probe = easyInit() else { return nil }
        defer { easyCleanup(probe) }
        var file: UnsafePointer<CChar>?
        var directory: UnsafePointer<CChar>?
        guard getInfo(probe, CurlOption.infoCAInfo, &file) == 0 else { return nil }
        if getInfo(probe, CurlOption.infoCAPath, &directory) == 0, directory != nil { return nil }
        return file.map { String(cString: $0) }
    }
}

extension CurlOption {
    /// `CURLOPT_CAPATH`: a directory of hashed certificate authority files.
    static let caPath: Int32 = 10097
    /// `CURLOPT_CAINFO_BLOB`: certificate authorities in memory (replaces `CURLOPT_CAINFO`).
    static let caInfoBlob: Int32 = 40309
    /// `CURLOPT_SSLCERT`: the client certificate's file.
    static let sslCertificate: Int32 = 10025
    /// `CURLOPT_SSLCERT_BLOB`.
    static let sslCertificateBlob: Int32 = 40291
    /// `CURLOPT_SSLCERTTYPE`: "PEM" (the default), "DER" or "P12".
    static let sslCertificateType: Int32 = 10086
    /// `CURLOPT_SSLKEY`: the client key's file.
    static let sslKey: Int32 = 10087
    /// `CURLOPT_SSLKEY_BLOB`.
    static let sslKeyBlob: Int32 = 40292
    /// `CURLOPT_KEYPASSWD`: the client key's passphrase.
    static let keyPassword: Int32 = 10026
    /// `CURLOPT_PINNEDPUBLICKEY`: `sha256//base64;sha256//base64`.
    static let pinnedPublicKey: Int32 = 10230
    /// `CURLINFO_CAINFO` (string): libcurl's default CA file.
    static let infoCAInfo: Int32 = 0x100000 + 61
    /// `CURLINFO_CAPATH` (string): libcurl's default CA directory.
    static let infoCAPath: Int32 = 0x100000 + 62
    /// `CURLE_SSL_PINNEDPUBKEYNOTMATCH`.
    static let pinMismatch: Int32 = 90
}
#endif
