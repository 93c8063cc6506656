import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the interactive loop waits for: a key, or the window changing size.
package enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    case resize
}

/// Keys from standard input and SIGWINCH as one stream of events.
///
/// A reader thread blocks on `read(0)` and decodes keys. SIGWINCH is caught by a signal handler
/// that only writes one byte to a pipe (async-signal-safe), and a second thread turns each byte
/// into a `.resize`. (A dispatch signal source lost resizes on Linux: it relies on the signal
/// being blocked in every thread, and a thread that had it unblocked and ignored swallowed it.)
package final class TerminalEvents {
    package let events: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    package init() {
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        let continuation = self.continuation
        if let resizes = ResizeSignal.install() {
            let watcher = Thread {
                var byte: UInt8 = 0
                while true {
                    let count = read(resizes, &byte, 1)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    if case .terminated = continuation.yield(.resize) { return }
                }
            }
            watcher.start()
        }
        let reader = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    continuation.yield(.key(.endOfInput))
                    continuation.finish()
                    return
                }
                for key in decoder.decode(Array(buffer[0..<count])) {
                    if case .terminated = continuation.yield(.key(key)) { return }
                }
            }
        }
        reader.start()
    }

    /// Stops delivering events. The reader thread ends with the process (it is blocked in
    /// `read`), which is fine for a command-line tool that is about to exit.
    package func stop() {
        continuation.finish()
    }
}

/// SIGWINCH as bytes on a pipe, installed once per process.
private enum ResizeSignal {
    /// `nonisolated(unsafe)`: written once by `install()` before the handler is installed, then
    /// only read, by the handler.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32?

    /// The pipe's read end, which gets a byte per SIGWINCH; nil when no pipe could be made.
    static func install() -> Int32? {
        if let readEnd { return readEnd }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        // A full pipe must never block the handler: resizes coalesce then, which is fine.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        writeEnd = fds[1]
        readEnd = fds[0]
        signal(SIGWINCH) { _ in
            var byte: UInt8 = 1
            let saved = errno
            _ = write(ResizeSignal.writeEnd, &byte, 1)
            errno = saved
        }
        return fds[0]
    }
}
