import Foundation
import TestSupport
import Testing

/// `reddit` whose output cannot be written: it never crashes, says so in one line, and stays
/// quiet when the reader simply went away.
@Suite struct OutputFailureTests {
    /// Runs `reddit` with standard output going to `output` and returns the status and stderr.
    private func run(_ arguments: [String], output: FileHandle) async throws -> (
        status: Int32, reason: Process.TerminationReason, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltExecutable.path())
        process.arguments = arguments
        process.environment = try BuiltExecutable.isolatedEnvironment()
        let err = Pipe()
        process.standardOutput = output
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = await ChildProcess.readToEnd(err)
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw BuiltExecutable.Failure(description: "reddit did not exit within 60 s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (process.terminationStatus, process.terminationReason, String(decoding: stderr, as: UTF8.self))
    }

    @Test func aFullDiskExitsWithOneLineInsteadOfCrashing() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in [
            ["--offline", "hot"], ["--offline", "comments", "3hahrw"], ["--help"],
            ["--offline", "subreddit", "announcements", "--json"],
        ] {
            let result = try await run(arguments, output: full)
            #expect(result.reason == .exit, "\(arguments): ended by a signal")
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr == "reddit: cannot write to standard output: no space left on device\n", "\(arguments)")
        }
    }

    @Test func aClosedPipeIsAQuietExit() async throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try await run(["--offline", "hot"], output: pipe.fileHandleForWriting)
        #expect(result.reason == .exit, "ended by a signal")
        #expect(result.status == 141)
        #expect(result.stderr.isEmpty)
    }
}
