public import Foundation

/// Runs a program to its end and returns its standard output.
public enum ChildProcess {
    /// The program exited with a status other than 0; the description has its standard error.
    public struct Failure: Error, CustomStringConvertible {
        /// The program, its exit status and its standard error.
        public let description: String
    }

    /// Runs `executable` with `arguments`, reading its standard output and error while it runs
    /// (a full pipe never blocks it), and returns its standard output.
    /// - Throws: ``Failure`` when it exits with a status other than 0.
    public static func run(_ executable: URL, arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exited.continuation.finish() }
        try process.run()
        // Read while it runs so a full pipe never blocks it.
        async let printed = readToEnd(output)
        async let complaints = readToEnd(errors)
        for await _ in exited.stream {}
        let (stdout, stderr) = await (printed, complaints)
        guard process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "\(executable.lastPathComponent) exited with \(process.terminationStatus): "
                    + String(decoding: stderr, as: UTF8.self))
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    /// Everything written to `pipe` until its writers close it, read off the cooperative pool
    /// (see ``offPool(_:)``): the read blocks for as long as the program runs.
    public static func readToEnd(_ pipe: Pipe) async -> Data {
        await offPool { pipe.fileHandleForReading.readDataToEndOfFile() }
    }
}
