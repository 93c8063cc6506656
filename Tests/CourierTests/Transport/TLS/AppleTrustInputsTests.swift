import Foundation
import Testing

@testable import Courier

/// The two conversions URLSessionTransport's trust evaluation on Apple platforms relies on,
/// checked here against OpenSSL's own output: the DER certificates of a PEM bundle (what
/// `SecCertificateCreateWithData` takes) and the `SubjectPublicKeyInfo` rebuilt from the raw key
/// `SecKeyCopyExternalRepresentation` gives (what a ``PublicKeyPin`` digests).
@Suite("Apple trust inputs: PEM to DER, raw key to SubjectPublicKeyInfo")
struct AppleTrustInputsTests {
    /// Runs `openssl` with `arguments` in `folder` and returns its standard output.
    @discardableResult
    private func openssl(_ arguments: [String], in folder: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")) failed")
        return data
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "courier-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "The rebuilt SubjectPublicKeyInfo is byte for byte OpenSSL's",
        arguments: [
            ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"],
            ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:4096"],
            ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"],
            ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"],
            ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-521"],
        ])
    func subjectPublicKeyInfo(_ key: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try openssl(["genpkey"] + key + ["-out", "key.pem"], in: folder)
        let expected = try openssl(["pkey", "-in", "key.pem", "-pubout", "-outform", "DER"], in: folder)
        let raw: Data
        if key[1] == "RSA" {
            raw = try openssl(["rsa", "-in", "key.pem", "-RSAPublicKey_out", "-outform", "DER"], in: folder)
        } else {
            // The uncompressed point is the BIT STRING's content, the structure's last bytes.
            let length = ["P-256": 65, "P-384": 97, "P-521": 133][
                key[3].replacingOccurrences(of: "ec_paramgen_curve:", with: "")]!
            raw = expected.suffix(length)
            #expect(raw.first == 0x04)
        }
        #expect(SubjectPublicKeyInfo.der(externalRepresentation: raw) == expected)
    }

    @Test("Keys in forms it does not know give nil, not a wrong structure")
    func unknownForms() {
        #expect(SubjectPublicKeyInfo.der(externalRepresentation: Data()) == nil)
        #expect(SubjectPublicKeyInfo.der(externalRepresentation: Data([0x04] + Array(repeating: 1, count: 40))) == nil)
        #expect(SubjectPublicKeyInfo.der(externalRepresentation: Data([0x02, 0x01, 0x00])) == nil)
    }

    @Test("Each certificate of a PEM bundle comes out as OpenSSL's DER; other text and blocks are skipped")
    func pemBundle() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var expected: [Data] = []
        for name in ["first", "second"] {
            try openssl(
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                    "\(name).key", "-out", "\(name).pem", "-subj", "/CN=\(name)", "-days", "1",
                ], in: folder)
            expected.append(try openssl(["x509", "-in", "\(name).pem", "-outform", "DER"], in: folder))
        }
        // `x509 -text` puts a description before the block; a key and CRLF line ends around it.
        var bundle = try openssl(["x509", "-in", "first.pem", "-text"], in: folder)
        bundle += try Data(contentsOf: folder.appending(path: "first.key"))
        let second = try String(contentsOf: folder.appending(path: "second.pem"), encoding: .utf8)
        bundle += Data(second.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        #expect(PEMCertificates.der(in: bundle) == expected)
        #expect(
            PEMCertificates.der(in: Data("-----BEGIN CERTIFICATE-----\n!!\n-----END CERTIFICATE-----\n".utf8)).isEmpty)
    }
}
