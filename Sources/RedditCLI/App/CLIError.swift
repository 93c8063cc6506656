/// A failure `reddit` reports as one line and a non-zero exit status.
package struct CLIError: Error, Equatable, CustomStringConvertible {
    package var message: String
    /// 1 for failures, 3 when something is not available offline (2 is for usage errors).
    package var exitCode: Int32
    /// The whole chain of errors behind the message, printed only with `--verbose`.
    package var detail: String?
    /// The connection failure behind it, when Reddit could not be reached (the write then
    /// waits in the outbox).
    var networkFailure: NetworkFailure?

    package init(_ message: String, exitCode: Int32 = 1, detail: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.detail = detail
    }

    package var description: String { message }
}
