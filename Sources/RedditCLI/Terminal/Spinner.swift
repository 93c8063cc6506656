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

    package init(isEnabled: Bool = RawTerminal.isTerminal(STDERR_FILENO), delay: Duration = .milliseconds(300), message: String = "loading") {
        self.isEnabled = isEnabled
        self.delay = delay
        self.message = message
    }

    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Runs `work` with the spinner shown when it takes longer than `delay`.
    package func run<T: Sendable, Failure: Error>(
        _ work: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        guard isEnabled else { return try await work() }
        let message = self.message
        let delay = self.delay
        let drawing = Task {
            // The delay is how long a request may take before it deserves a spinner, not a wait for a condition.
            try await Task.sleep(for: delay)
            var frame = 0
            defer { Self.emit("\r\u{1B}[2K") }
            while !Task.isCancelled {
                Self.emit("\r\(Self.frames[frame % Self.frames.count]) \(message)…")
                frame += 1
                try? await Task.sleep(for: .milliseconds(90))
            }
        }
        do {
            let result = try await work()
            drawing.cancel()
            _ = await drawing.result
            return result
        } catch {
            drawing.cancel()
            _ = await drawing.result
            throw error
        }
    }

    private static func emit(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { buffer in
            write(STDERR_FILENO, buffer.baseAddress, buffer.count)
        }
    }
}
