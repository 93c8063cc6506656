/// A failure `reddit` reports as one line and a non-zero exit status.
package struct CLIError: Error, Equatable, CustomStringConvertible {
    package var message: String
    /// 1 for failures, 3 when something is not available offline (2 is for usage errors).
    package var exitCode: Int32

    package init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    package var description: String { message }
}
