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
/// A reader thread blocks on `read(0)` and decodes keys; SIGWINCH is caught by a dispatch
/// signal source (the signal itself is ignored, so nothing runs in a signal handler).
package final class TerminalEvents {
    package let events: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private let resizeSource: any DispatchSourceSignal

    package init() {
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        signal(SIGWINCH, SIG_IGN)
        resizeSource = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        let continuation = self.continuation
        resizeSource.setEventHandler { continuation.yield(.resize) }
        resizeSource.resume()
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
        resizeSource.cancel()
        continuation.finish()
    }
}
