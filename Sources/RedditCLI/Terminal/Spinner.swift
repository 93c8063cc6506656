#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A spinner on standard error while a request runs: it appears only after `delay` (300 ms),
/// only when standard error is a terminal, and erases itself when the work ends.
package struct Spinner: Sendable {
    /// Whether anything is drawn at all.
    package var isEnabled: Bool
    package var delay: Duration
    package var message: String
    /// The clock the delay and the frames run on.
    package var clock: any Clock<Duration>
    /// Where frames go (standard error by default).
    package var write: @Sendable (String) -> Void

    package init(
        isEnabled: Bool = RawTerminal.isTerminal(STDERR_FILENO), delay: Duration = .milliseconds(300),
        message: String = "loading",
        clock: any Clock<Duration> = ContinuousClock(),
        write: @escaping @Sendable (String) -> Void = Spinner.standardError
    ) {
        self.isEnabled = isEnabled
        self.delay = delay
        self.message = message
        self.clock = clock
        self.write = write
    }

    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Returns to the start of the line and clears it.
    static let erase = "\r\u{1B}[2K"

    /// Runs `work` with the spinner shown when it takes longer than `delay`.
    package func run<T: Sendable, Failure: Error>(
        _ work: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        guard isEnabled else { return try await work() }
        let drawing = Task { [message, delay, clock, write] in
            do {
                // How long a request may take before it deserves a spinner.
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            var frame = 0
            while !Task.isCancelled {
                write("\r\(Self.frames[frame % Self.frames.count]) \(message)…")
                frame += 1
                do { try await clock.sleep(for: .milliseconds(90)) } catch { break }
            }
            write(Self.erase)
        }
        do {
            let result = try await work()
            drawing.cancel()
            await drawing.value
            return result
        } catch {
            drawing.cancel()
            await drawing.value
            throw error
        }
    }

    /// Writes to standard error, unbuffered.
    package static let standardError: @Sendable (String) -> Void = { text in
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { buffer in
            Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count)
        }
    }
}
