import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to standard output and error, unbuffered, without ever crashing.
///
/// A write that fails ends the program the way command-line tools end: when the reader went
/// away (a closed pipe, as in `reddit hot | head -1`) quietly with status 141, as if SIGPIPE
/// had stopped it; for any other failure (a full disk, `> /dev/full`, a revoked terminal) with
/// one short line on standard error and status 1.
package enum Output {
    /// The status of a program whose reader closed the pipe (128 + SIGPIPE, as shells report it).
    package static let closedPipeExitCode: Int32 = 141

    /// Writes `text` to standard output, or ends the program if that fails.
    package static func write(_ text: String) {
        if let failure = writeAll(text, to: STDOUT_FILENO) { exit(afterFailing: failure, on: "standard output") }
    }

    /// Writes `text` and a line feed (unless it ends with one) to standard error, or ends the
    /// program if that fails.
    package static func error(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        if let failure = writeAll(line, to: STDERR_FILENO) { exit(afterFailing: failure, on: "standard error") }
    }

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the program, so the
    /// failure is handled here (and in the network code) rather than by the signal.
    static func reportClosedPipesAsErrors() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Writes every byte of `text` to `descriptor`, retrying after interruptions; the `errno`
    /// of the failure, or nil when everything was written.
    static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// The one line `reddit` prints when it cannot write to `stream`.
    static func failureMessage(errno code: Int32, stream: String) -> String {
        "reddit: cannot write to \(stream): \(String(cString: strerror(code)).lowercased())\n"
    }

    private static func exit(afterFailing code: Int32, on stream: String) -> Never {
        if code == EPIPE { Foundation.exit(closedPipeExitCode) }
        if stream != "standard error" {
            _ = writeAll(failureMessage(errno: code, stream: stream), to: STDERR_FILENO)
        }
        Foundation.exit(1)
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
