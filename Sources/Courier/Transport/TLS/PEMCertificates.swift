import Foundation

extension TLSSettings.PEM {
    /// The PEM text: the data itself, or the file's contents.
    ///
    /// - Throws: ``UnreadableCertificateFile`` when the file cannot be read.
    func contents() throws(UnreadableCertificateFile) -> Data {
        switch self {
        case .data(let data): return data
        case .file(let url):
            do {
                return try Data(contentsOf: url)
            } catch {
                throw UnreadableCertificateFile(file: url, reason: (error as NSError).localizedDescription)
            }
        }
    }
}

/// The certificates of a PEM text in DER form, for the transports that take certificates one by
/// one rather than as PEM (Apple's Security framework).
enum PEMCertificates {
    /// The DER bytes of each `CERTIFICATE` block of `pem`, in order. Text around and between the
    /// blocks (comments, `openssl x509 -text` output) is skipped, as OpenSSL skips it; a block
    /// whose body is not base64 is left out. Other blocks (keys, `TRUSTED CERTIFICATE`) are not
    /// certificates and are left out too.
    static func der(in pem: Data) -> [Data] {
        let text = String(decoding: pem, as: UTF8.self)
        var certificates: [Data] = []
        var body: String?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line == "-----BEGIN CERTIFICATE-----" {
                body = ""
            } else if line == "-----END CERTIFICATE-----" {
                if let base64 = body, let der = Data(base64Encoded: base64), !der.isEmpty {
                    certificates.append(der)
                }
                body = nil
            } else if body != nil {
                body? += line
            }
        }
        return certificates
    }
}
