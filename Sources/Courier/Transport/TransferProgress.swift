/// How far a call's upload and download have got: one snapshot in a ``Transfer``'s
/// ``Transfer/progress`` sequence.
///
/// Counts come from Courier's own counters (bytes handed to and received from the network),
/// never from `Foundation.Progress`, whose total cannot be changed safely on Linux once bytes
/// were counted. Within one attempt both counts only grow; a retried attempt starts again from
/// zero with a higher ``attempt``.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes done out of bytes expected, in one direction.
    public struct Bytes: Sendable, Hashable {
        /// Bytes transferred so far.
        public var completed: Int64
        /// The total, when known (the body's size for uploads, `Content-Length` for downloads).
        public var expected: Int64?

        /// Creates a count.
        public init(completed: Int64 = 0, expected: Int64? = nil) {
            self.completed = completed
            self.expected = expected
        }

        /// `completed / expected` between 0 and 1, or nil when the total is unknown.
        public var fractionCompleted: Double? {
            guard let expected else { return nil }
            guard expected > 0 else { return 1 }
            return min(1, Double(completed) / Double(expected))
        }

        /// Whether every expected byte was transferred.
        public var isComplete: Bool { expected.map { completed >= $0 } ?? false }
    }

    /// The attempt these counts belong to, from 1.
    public var attempt: Int
    /// The request body going out.
    public var upload: Bytes
    /// The response body coming in.
    public var download: Bytes

    /// Creates a snapshot.
    public init(attempt: Int = 0, upload: Bytes = Bytes(), download: Bytes = Bytes()) {
        self.attempt = attempt
        self.upload = upload
        self.download = download
    }
}
