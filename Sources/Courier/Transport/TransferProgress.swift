/// How far a call's upload and download have got: one snapshot in a ``Transfer``'s
/// ``Transfer/progress`` sequence.
///
/// Counts come from Courier's own counters (bytes handed to and received from the network),
/// never from `Foundation.Progress`, whose total cannot be changed safely on Linux once bytes
/// were counted. Within one attempt both counts only grow; a retried attempt starts again from
/// zero with a higher ``attempt``.
public struct TransferProgress: Sendable, Hashable {
    /// The attempt these counts belong to, from 1.
    public var attempt: Int
    /// Request body bytes sent so far.
    public var bytesSent: Int64
    /// The request body's size, when known (nil for a stream of unknown length).
    public var bytesExpectedToSend: Int64?
    /// Response body bytes received so far.
    public var bytesReceived: Int64
    /// The response body's size, when known (its `Content-Length`).
    public var bytesExpectedToReceive: Int64?

    /// Creates a snapshot.
    public init(
        attempt: Int = 0, bytesSent: Int64 = 0, bytesExpectedToSend: Int64? = nil, bytesReceived: Int64 = 0,
        bytesExpectedToReceive: Int64? = nil
    ) {
        self.attempt = attempt
        self.bytesSent = bytesSent
        self.bytesExpectedToSend = bytesExpectedToSend
        self.bytesReceived = bytesReceived
        self.bytesExpectedToReceive = bytesExpectedToReceive
    }

    /// `bytesSent / bytesExpectedToSend` between 0 and 1, or nil when the size is unknown.
    public var fractionSent: Double? { Self.fraction(bytesSent, of: bytesExpectedToSend) }

    /// `bytesReceived / bytesExpectedToReceive` between 0 and 1, or nil when the size is unknown.
    public var fractionReceived: Double? { Self.fraction(bytesReceived, of: bytesExpectedToReceive) }

    private static func fraction(_ completed: Int64, of expected: Int64?) -> Double? {
        guard let expected else { return nil }
        guard expected > 0 else { return 1 }
        return min(1, Double(completed) / Double(expected))
    }
}
