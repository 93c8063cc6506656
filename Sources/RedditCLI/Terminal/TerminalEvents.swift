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
/// A reader thread waits for standard input and decodes keys; ``pause()`` parks it while an
/// editor has the terminal. SIGWINCH is caught by a signal handler
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
        let gate = gate
        let reader = Thread {
            var decoder = KeyDecoder()
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                // Wait for input or a pause request; read only while not paused, so that an
                // editor started meanwhile gets every key typed.
                guard gate.waitForInput() else { continue }
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else {
                    gate.finish()
                    continuation.yield(.key(.endOfInput))
                    continuation.finish()
                    return
                }
                for key in decoder.decode(Array(buffer[0..<count])) {
                    if case .terminated = continuation.yield(.key(key)) {
                        gate.finish()
                        return
                    }
                }
            }
        }
        reader.start()
    }

    private let gate = ReadGate()

    /// Stops reading standard input until ``resume()`` (while another program, the editor, uses
    /// the terminal). Returns once the reader is parked: no key typed afterwards is taken.
    package func pause() { gate.pause() }

    /// Reads standard input again after ``pause()``.
    package func resume() { gate.resume() }

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

/// Lets the reader thread wait for input or be parked: it polls standard input together with a
/// wake-up pipe, and `pause()` waits until it is parked outside `read`.
private final class ReadGate: @unchecked Sendable {
    // @unchecked Sendable: `paused`, `parked` and `finished` are only touched with `condition`
    // locked; the pipe's descriptors are set in init and never change.
    private let condition = NSCondition()
    private var paused = false
    private var parked = false
    private var finished = false
    private var wake: [Int32] = [-1, -1]

    init() {
        if pipe(&wake) == 0 {
            for fd in wake { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
    }

    /// Blocks until standard input is readable (true), or returns false after a pause ended
    /// (the caller polls again).
    func waitForInput() -> Bool {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if wake[0] >= 0 { fds.append(pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), -1)
        if ready < 0 { return false }
        if fds.count > 1, fds[1].revents != 0 {
            var byte: UInt8 = 0
            while read(wake[0], &byte, 1) > 0 {}
        }
        condition.lock()
        defer { condition.unlock() }
        guard paused else { return fds[0].revents != 0 }
        parked = true
        condition.broadcast()
        while paused { condition.wait() }
        parked = false
        return false
    }

    func pause() {
        condition.lock()
        paused = true
        condition.unlock()
        var byte: UInt8 = 1
        if wake[1] >= 0 { _ = write(wake[1], &byte, 1) }
        condition.lock()
        while !parked && !finished && wake[1] >= 0 { condition.wait() }
        condition.unlock()
    }

    func resume() {
        condition.lock()
        paused = false
        condition.broadcast()
        condition.unlock()
    }

    /// The reader has stopped for good (end of input): nobody waits for it to park.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
