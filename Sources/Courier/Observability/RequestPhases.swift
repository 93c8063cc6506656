extension RequestMetrics {
    /// Where the time of one attempt went, phase by phase, as the transport measured it
    /// (``Attempt/phases``).
    ///
    /// The phases follow each other: `queued` for a connection, then (on a new connection)
    /// `domainLookup`, `connect` and `secureConnection`, then `requestSent`, `firstResponseByte`
    /// and `bodyReceived`. On a reused connection the three connection phases are zero and
    /// `reusedConnection` is true.
    ///
    /// Who fills them in:
    /// - ``CurlTransport`` (Linux), from libcurl's `CURLINFO_*_TIME_T` timings. libcurl reports
    ///   when a request starts to go out, not when its last byte went (before libcurl 8.10): with
    ///   an older libcurl, `requestSent` ends when writing begins and `firstResponseByte`
    ///   includes the writing. `queued` is libcurl's `CURLINFO_QUEUE_TIME_T` (libcurl 8.6),
    ///   or with an older libcurl the time between the transfer's start and its connection
    ///   phases, measured by the transport.
    /// - ``URLSessionTransport`` on Apple platforms, from `URLSessionTaskMetrics`.
    /// - Nobody else: URLSession on Linux (FoundationNetworking) delivers no task metrics, and a
    ///   custom transport or a test double has no way to know, so ``Attempt/phases`` is nil there.
    ///
    /// Phases describe the exchange that gave the final response: a redirect the transport
    /// followed had its own. A streamed response (``HTTPClient/stream(_:)``) and a failed attempt
    /// have none, because the attempt ends before the body has arrived.
    ///
    /// - `queued`: waiting for a connection (the transport's per-host limit was reached and the
    ///   request waited for a connection to free up);
    /// - `domainLookup`: resolving the host name (zero on a reused connection);
    /// - `connect`: opening the TCP connection (zero on a reused connection);
    /// - `secureConnection`: the TLS handshake (zero over plain HTTP and on a reused connection);
    /// - `requestSent`: from the connection being ready to the request having been sent;
    /// - `firstResponseByte`: from the request having been sent to the first byte of the
    ///   response, mostly the server's time;
    /// - `bodyReceived`: from the first byte of the response to its last;
    /// - `reusedConnection`: whether the attempt went over a connection that was already open.
    public typealias Phases = (
        queued: Duration, domainLookup: Duration, connect: Duration, secureConnection: Duration,
        requestSent: Duration, firstResponseByte: Duration, bodyReceived: Duration, reusedConnection: Bool
    )
}

/// ``RequestMetrics/Phases`` as the transports measure them, with their sum and a one-line form.
package struct PhaseTimings: Sendable, Equatable {
    /// Waiting for a connection: the transport's per-host limit was reached and the request
    /// waited for a connection to free up.
    package var queued: Duration
    /// Resolving the host name (zero on a reused connection).
    package var domainLookup: Duration
    /// Opening the TCP connection (zero on a reused connection).
    package var connect: Duration
    /// The TLS handshake (zero over plain HTTP and on a reused connection).
    package var secureConnection: Duration
    /// From the connection being ready to the request having been sent (see the transport
    /// notes above).
    package var requestSent: Duration
    /// From the request having been sent to the first byte of the response: mostly the
    /// server's time.
    package var firstResponseByte: Duration
    /// From the first byte of the response to its last.
    package var bodyReceived: Duration
    /// Whether the attempt went over a connection that was already open.
    package var reusedConnection: Bool

    /// Creates phases; every duration is zero unless given.
    package init(
        queued: Duration = .zero, domainLookup: Duration = .zero, connect: Duration = .zero,
        secureConnection: Duration = .zero, requestSent: Duration = .zero, firstResponseByte: Duration = .zero,
        bodyReceived: Duration = .zero, reusedConnection: Bool = false
    ) {
        self.queued = queued
        self.domainLookup = domainLookup
        self.connect = connect
        self.secureConnection = secureConnection
        self.requestSent = requestSent
        self.firstResponseByte = firstResponseByte
        self.bodyReceived = bodyReceived
        self.reusedConnection = reusedConnection
    }

    /// The sum of the phases.
    package var total: Duration {
        queued + domainLookup + connect + secureConnection + requestSent + firstResponseByte + bodyReceived
    }
}

extension PhaseTimings: CustomStringConvertible {
    /// The phases in milliseconds on one line, for a log: `queued=0.0ms dns=0.1ms ...`.
    package var description: String {
        let parts: [(String, Duration)] = [
            ("queued", queued), ("dns", domainLookup), ("connect", connect), ("tls", secureConnection),
            ("sent", requestSent), ("firstByte", firstResponseByte), ("body", bodyReceived),
        ]
        var text = parts.map { "\($0.0)=\(DurationFormat.milliseconds($0.1))" }.joined(separator: " ")
        if reusedConnection { text += " reused" }
        return text
    }
}
