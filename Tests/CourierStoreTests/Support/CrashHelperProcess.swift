import Dispatch
import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs `courier-store-crash-helper` (built with the tests) and kills it with SIGKILL.
enum CrashHelperProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The helper's executable, next to the test bundle in the build directory.
    static func executable() throws -> URL { try HelperExecutable.url(named: "courier-store-crash-helper") }

    /// Starts the helper, waits until it says "ready" (and, when `marker` is given, until it
    /// printed a line starting with it), lets it run for `delay`, kills it with SIGKILL and
    /// returns everything it printed. Blocks; call it off the Swift concurrency pool.
    ///
    /// Waiting for a marker rather than for time makes "killed after a write" a condition: on a
    /// busy machine a helper may not get through a single write in 40 ms.
    static func runAndKill(_ executable: URL, arguments: [String], after delay: Duration, marker: String? = nil) throws
        -> String
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()

        // A helper that never gets ready must not hang the suite.
        let watchdog = DispatchWorkItem { kill(process.processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        var printed = Data()
        func seen() -> Bool {
            let text = String(decoding: printed, as: UTF8.self)
            guard text.contains("ready\n") else { return false }
            guard let marker else { return true }
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains {
                $0.hasPrefix(marker)
            }
        }
        while !seen() {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                watchdog.cancel()
                process.waitUntilExit()
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw Failure(
                    description: "helper exited before it was ready (status \(process.terminationStatus)): \(stderr)")
            }
            printed.append(chunk)
        }
        let (seconds, attoseconds) = delay.components
        usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        kill(process.processIdentifier, SIGKILL)
        watchdog.cancel()
        process.waitUntilExit()
        printed.append(output.fileHandleForReading.readDataToEndOfFile())
        guard process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL else {
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure(
                description: "helper ended on its own (status \(process.terminationStatus)) before the kill: \(stderr)")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
