public import Foundation

/// What one call cost, measured by Courier itself.
///
/// URLSession on Linux never delivers `URLSessionTaskMetrics`, so the client times each attempt
/// around the transport and counts body bytes. Byte counts are body bytes (header bytes are
/// not seen by a transport-agnostic pipeline); a download written to a file counts the bytes
/// written.
public struct RequestMetrics: Sendable {
    /// One trip through the transport.
    public struct Attempt: Sendable {
        /// The attempt's number, from 1.
        public var number: Int
        /// When the request was handed to the transport.
        public var start: Date
        /// How long the transport took to answer or fail.
        public var duration: Duration
        /// Body bytes sent.
        public var bytesSent: Int64
        /// Body bytes received.
        public var bytesReceived: Int64
        /// The status code, or nil when the attempt failed without a response.
        public var statusCode: Int?
        /// Where the attempt's time went (queued, DNS, connect, TLS, sending, first byte, body),
        /// when the transport measured it; nil otherwise (see ``Phases`` for which transports do).
        public var phases: Phases? {
            timings.map {
                (
                    $0.queued, $0.domainLookup, $0.connect, $0.secureConnection, $0.requestSent, $0.firstResponseByte,
                    $0.bodyReceived, $0.reusedConnection
                )
            }
        }
        /// The phases as the transport measured them.
        package var timings: PhaseTimings?
    }

    /// The ``RequestContext/id`` of the call.
    public var requestID: UInt64
    /// The request's method.
    public var method: HTTPMethod
    /// The request's URL (shown redacted by ``description``).
    public var url: URL
    /// When the call started.
    public var start: Date
    /// When the call ended.
    public var end: Date
    /// The whole call's duration, retries and waits included.
    public var duration: Duration
    /// Every attempt of this call that reached the transport, in order; empty for a call that
    /// joined another (``joinedInFlightRequest``), whose attempts belong to that call's metrics.
    public var attempts: [Attempt]
    /// Whether the call shared the result of an identical request already in flight
    /// (de-duplication) instead of sending its own.
    public var joinedInFlightRequest: Bool
    /// The final status code, if a response was accepted or rejected by status.
    public var statusCode: Int?
    /// The error the call ended with, or nil on success.
    public var error: HTTPError?

    /// Body bytes sent over all attempts.
    public var bytesSent: Int64 { attempts.reduce(0) { $0 + $1.bytesSent } }
    /// Body bytes received over all attempts.
    public var bytesReceived: Int64 { attempts.reduce(0) { $0 + $1.bytesReceived } }
    /// Whether the call succeeded.
    public var succeeded: Bool { error == nil }
}

extension RequestMetrics: CustomStringConvertible {
    /// A one-line summary with the URL redacted.
    public var description: String {
        var text = "\(method) \(LoggingMonitor.Redactor.default.redact(url))"
        if let statusCode { text += " status=\(statusCode)" }
        text += " attempts=\(attempts.count) sent=\(bytesSent) received=\(bytesReceived)"
        text += " duration=\(DurationFormat.milliseconds(duration))"
        if joinedInFlightRequest { text += " joined" }
        if error != nil { text += " failed" }
        return text
    }
}

/// Formats durations for log lines and summaries.
enum DurationFormat {
    /// `12.3ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let millis = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(format: "%.1fms", millis)
    }
}
