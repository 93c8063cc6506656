import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The bench's own nginx: a config rendered from `Benchmarks/nginx/nginx.conf.template` into a
/// temporary folder, serving files from there on a free loopback port.
final class Nginx {
    /// The served base URL, `http://127.0.0.1:PORT`.
    let baseURL: URL
    /// The folder nginx serves.
    let root: URL
    /// The TLS servers for the HTTP/2 rows; nil when no certificate could be made.
    let tls: NginxTLS?
    /// The connections `/logged/` requests came on, over HTTP and TLS.
    let connectionLog: ConnectionLog
    private let run: URL
    private let process: Process
    private var interruptSource: (any DispatchSourceSignal)?

    /// Something went wrong starting nginx; the message says what to do.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Renders the config, writes `files` into the served folder, starts nginx and waits until it
    /// answers.
    init(repository: URL, files: [String: Data]) async throws {
        let binary = try Self.findOrInstall()
        run = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(getpid())")
        root = run.appendingPathComponent("www")
        try? FileManager.default.removeItem(at: run)
        // World-readable: nginx's workers run as `nobody` when it is started as root.
        try FileManager.default.createDirectory(
            at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: run.path)
        for (name, data) in files {
            try data.write(to: root.appendingPathComponent(name))
        }
        let port = try LoopbackSocket().bindToFreePort()
        let template = try String(
            contentsOf: repository.appendingPathComponent("Benchmarks/nginx/nginx.conf.template"), encoding: .utf8)
        let config =
            template
            .replacingOccurrences(of: "{{RUN}}", with: run.path)
            .replacingOccurrences(of: "{{ROOT}}", with: root.path)
            .replacingOccurrences(of: "{{PORT}}", with: String(port))
        connectionLog = ConnectionLog(file: run.appendingPathComponent("connections.log"))
        tls = NginxTLS.prepare(repository: repository, run: run, root: root)
        let configFile = run.appendingPathComponent("nginx.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)

        process = Process()
        process.executableURL = binary
        process.arguments = ["-p", run.path, "-e", run.appendingPathComponent("error.log").path, "-c", configFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        try await waitUntilAnswering()
    }

    /// How many requests for paths containing `marker` nginx has logged (only `/counted/` paths
    /// are logged). nginx writes the line after answering, so this waits until the count has
    /// stopped changing.
    func hits(containing marker: String) async -> Int {
        var last = -1
        for _ in 0..<50 {
            let text = (try? String(contentsOf: run.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            let count = text.split(separator: "\n").filter { $0.contains(marker) }.count
            if count == last, count > 0 { return count }
            last = count
            try? await Task.sleep(for: .milliseconds(20))
        }
        return max(last, 0)
    }

    /// Stops nginx (and removes its folder) if the bench is interrupted with Ctrl-C, so no
    /// server outlives it.
    func stopOnInterrupt() {
        let pid = process.processIdentifier
        let folder = run.path
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            try? FileManager.default.removeItem(atPath: folder)
            exit(130)
        }
        source.resume()
        interruptSource = source
    }

    /// Stops nginx and removes the temporary folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: run)
    }

    private func waitUntilAnswering() async throws {
        let probe = baseURL.appendingPathComponent("small.json")
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .seconds(10) {
            guard process.isRunning else { break }
            if let (_, response) = try? await URLSession.shared.data(from: probe),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let log =
            (try? String(contentsOf: run.appendingPathComponent("error.log"), encoding: .utf8)) ?? "(no error log)"
        stop()
        throw Failure(description: "nginx did not start; its error log:\n\(log)")
    }

    /// nginx from PATH or /usr/sbin; installed with apt-get when missing (Debian's package).
    private static func findOrInstall() throws -> URL {
        if let found = locate() { return found }
        FileHandle.standardError.write(Data("courier-bench: nginx not found, installing it with apt-get\n".utf8))
        let asRoot = getuid() == 0
        let script =
            asRoot
            ? "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx"
            : "sudo -n apt-get update -qq && sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx"
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/bin/sh")
        install.arguments = ["-c", script]
        install.standardOutput = FileHandle.standardError
        try install.run()
        install.waitUntilExit()
        if let found = locate() { return found }
        throw Failure(
            description: "nginx is missing and could not be installed; install it with `sudo apt-get install nginx`")
    }

    private static func locate() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates =
            path.split(separator: ":").map { "\($0)/nginx" } + ["/usr/sbin/nginx", "/usr/local/sbin/nginx"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }
}
