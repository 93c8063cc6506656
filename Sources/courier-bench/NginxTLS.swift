import Foundation

/// The bench nginx's TLS servers, for the HTTP/2 rows: a certificate made for the run with
/// `openssl`, and `tls.conf` (included by `nginx.conf`) rendered from
/// `Benchmarks/nginx/tls.conf.template`: one server offering HTTP/2, one only HTTP/1.1.
struct NginxTLS: Sendable {
    /// `https://127.0.0.1:PORT` of the server that offers h2 through ALPN.
    let http2URL: URL
    /// `https://127.0.0.1:PORT` of the same server without h2.
    let http1URL: URL
    /// The PEM certificate to trust (it is its own authority).
    let certificate: URL

    /// Makes the certificate and writes `tls.conf` into `run`; without `openssl` (or when it
    /// fails) writes an empty `tls.conf` and returns nil, and the HTTP/2 rows are skipped.
    static func prepare(repository: URL, run: URL, root: URL) -> NginxTLS? {
        let configFile = run.appendingPathComponent("tls.conf")
        let certificate = run.appendingPathComponent("cert.pem")
        let key = run.appendingPathComponent("key.pem")
        // Both sockets stay bound until both ports are known, so the two differ.
        let sockets = (try? LoopbackSocket(), try? LoopbackSocket())
        guard makeCertificate(certificate: certificate, key: key),
            let template = try? String(
                contentsOf: repository.appendingPathComponent("Benchmarks/nginx/tls.conf.template"), encoding: .utf8),
            let http2Port = try? sockets.0?.bindToFreePort(),
            let http1Port = try? sockets.1?.bindToFreePort()
        else {
            try? Data().write(to: configFile)
            return nil
        }
        let config =
            template
            .replacingOccurrences(of: "{{RUN}}", with: run.path)
            .replacingOccurrences(of: "{{ROOT}}", with: root.path)
            .replacingOccurrences(of: "{{H2_PORT}}", with: String(http2Port))
            .replacingOccurrences(of: "{{H1_PORT}}", with: String(http1Port))
            .replacingOccurrences(of: "{{CERT}}", with: certificate.path)
            .replacingOccurrences(of: "{{KEY}}", with: key.path)
        do {
            try config.write(to: configFile, atomically: true, encoding: .utf8)
        } catch {
            try? Data().write(to: configFile)
            return nil
        }
        return NginxTLS(
            http2URL: URL(string: "https://127.0.0.1:\(http2Port)")!,
            http1URL: URL(string: "https://127.0.0.1:\(http1Port)")!, certificate: certificate)
    }

    /// A self-signed certificate for 127.0.0.1, as Scripts/test makes for the tests' TLS nginx.
    private static func makeCertificate(certificate: URL, key: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.path, "-out", certificate.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
