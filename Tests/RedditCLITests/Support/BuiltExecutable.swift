import Foundation
import TestSupport
import Testing

/// The `reddit` executable SwiftPM built next to the test bundle, run as a subprocess.
enum BuiltExecutable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The result of one run.
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `.build/<config>/reddit`, found from the test bundle's resources.
    static func path() throws -> String {
        let products = Bundle.module.bundleURL.deletingLastPathComponent()
        let candidate = products.appendingPathComponent("reddit").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw Failure(
                description:
                    "the reddit executable is not built at \(candidate); run the tests with `swift test` or `Scripts/test` (they build it)"
            )
        }
        return candidate
    }

    /// A fresh, empty home and config directory, so no user configuration leaks into a test.
    static func isolatedEnvironment(_ extra: [String: String] = [:]) throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-cli-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `reddit` with `arguments` from a temporary working directory and waits for it to
    /// exit (failing after a generous bound that only a hang reaches).
    static func run(_ arguments: [String], environment: [String: String]? = nil) async throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        process.environment = try environment ?? isolatedEnvironment()
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it (off the
        // Swift concurrency pool, see ChildProcess.readToEnd).
        async let stdout = ChildProcess.readToEnd(out)
        async let stderr = ChildProcess.readToEnd(err)
        let (outData, errData) = await (stdout, stderr)
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw Failure(description: "reddit \(arguments.joined(separator: " ")) did not exit within 60 s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
