import Courier
import CourierStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private copy of the project's fault server (`Tests/Servers/fault_server.py`) that a test can
/// stop, to see what the client does when a real server becomes unreachable.
final class LocalServerProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let url: URL
    private let process: Process

    private init(url: URL, process: Process) {
        self.url = url
        self.process = process
    }

    /// Starts the server on a free loopback port and waits until it answers `/ok`.
    static func start() async throws -> LocalServerProcess {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let venvPython = root.appendingPathComponent(".venv/bin/python")
        let python = FileManager.default.isExecutableFile(atPath: venvPython.path) ? venvPython : URL(fileURLWithPath: "/usr/bin/python3")
        let port = try freePort(python: python)

        let process = Process()
        process.executableURL = python
        process.arguments = [root.appendingPathComponent("Tests/Servers/fault_server.py").path, "--port", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let server = LocalServerProcess(url: URL(string: "http://127.0.0.1:\(port)")!, process: process)

        let probe = HTTPClient(baseURL: server.url)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if (try? await probe.send(Request<String>(path: "/ok").timeout(.seconds(2)))) != nil { return server }
            guard process.isRunning else { throw Failure(description: "the fault server exited at start") }
            try await Task.sleep(for: .milliseconds(50))
        }
        server.stop()
        throw Failure(description: "the fault server did not answer on port \(port) within 20 s")
    }

    /// Stops the server and waits until it is gone.
    ///
    /// SIGKILL, not SIGTERM: a child started from a Dispatch thread inherits that thread's
    /// blocked signals, so SIGTERM would stay pending forever.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private static func freePort(python: URL) throws -> Int {
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "could not find a free port with \(python.path): \(text)")
        }
        return port
    }
}
