import Courier
import CourierStore
import Dispatch
import Foundation
import TestSupport

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

    /// Starts the server on a port the system picks and waits until it says it is listening.
    ///
    /// The wait is for that line, not for a time: a machine busy enough to take minutes to start
    /// Python only makes it longer. A server that exits or closes its output fails at once; one
    /// that says nothing for 5 minutes is taken for hung.
    static func start() async throws -> LocalServerProcess {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let venvPython = root.appendingPathComponent(".venv/bin/python")
        let python =
            FileManager.default.isExecutableFile(atPath: venvPython.path)
            ? venvPython : URL(fileURLWithPath: "/usr/bin/python3")

        let process = Process()
        process.executableURL = python
        process.arguments = ["-u", root.appendingPathComponent("Tests/Servers/fault_server.py").path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()

        let watchdog = DispatchWorkItem { kill(process.processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)
        defer { watchdog.cancel() }
        let port = try await offPool { () throws -> Int in
            var printed = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else {
                    throw Failure(
                        description:
                            "the fault server exited before listening: \(String(decoding: printed, as: UTF8.self))")
                }
                printed.append(chunk)
                let text = String(decoding: printed, as: UTF8.self)
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("listening on 127.0.0.1:") }),
                    let port = Int(line.split(separator: ":").last ?? "")
                {
                    return port
                }
            }
        }
        return LocalServerProcess(url: URL(string: "http://127.0.0.1:\(port)")!, process: process)
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
}
