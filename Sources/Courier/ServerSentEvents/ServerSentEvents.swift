import Foundation

extension HTTPClient {
    /// The sequence ``HTTPClient/events(for:lastEventID:retry:backoff:maximumDelay:maximumEventSize:clock:)`` returns: events read by an
    /// `EventStreamLoop`, which reconnects as needed.
    struct ServerSentEvents: AsyncSequence, Sendable {
        typealias Element = ServerSentEvent
        typealias Failure = HTTPError

        let configuration: EventStreamConfiguration
        let open: EventStreamOpener

        /// Reads the stream, reconnecting as needed: the first call to its `next()` opens the
        /// connection. Use one iterator at a time.
        func makeAsyncIterator() -> some AsyncIteratorProtocol<ServerSentEvent, HTTPError> & Sendable {
            EventIterator(loop: EventStreamLoop(configuration: configuration, open: open))
        }

        /// Reads events, reconnecting as needed.
        struct EventIterator: AsyncIteratorProtocol, Sendable {
            var loop: EventStreamLoop

            /// The next event; nil after the server ended the stream with 204.
            mutating func next() async throws(HTTPError) -> ServerSentEvent? {
                try await loop.next()
            }

            /// The next event; nil after the server ended the stream with 204.
            mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError) -> ServerSentEvent? {
                try await loop.next()
            }
        }
    }

    /// The events of the server-sent event stream (`text/event-stream`) at `request`, as an
    /// `AsyncSequence` that reconnects by itself when the connection drops.
    ///
    /// ```swift
    /// for try await event in client.events(for: Request(path: "/updates")) {
    ///     print(event.type, event.data)
    /// }
    /// ```
    ///
    /// Each connection goes through the client's whole pipeline (interceptors, retries, API-error
    /// decoding, validation, event monitors) with `Accept: text/event-stream` and
    /// `Cache-Control: no-cache`. The body is parsed as the WHATWG HTML standard's event-stream
    /// rules say while it arrives.
    ///
    /// **Reconnection.** When the connection ends or fails after the stream had started, the
    /// sequence waits and opens a new one with `Last-Event-ID` set to the last event id it saw;
    /// events cut short by the drop are discarded. The wait is the server's `retry` time
    /// (`retry` until the server sends one), raised to at least the `backoff` delay for the
    /// number of reconnections since the last event, and cut to `maximumDelay`. A reconnection
    /// that fails on the network tries again, with the backoff growing.
    ///
    /// **How it ends.**
    /// - HTTP 204 No Content: the server says "stop"; the sequence ends (no error).
    /// - A response that is not `text/event-stream`: ``HTTPError/Kind/validationFailed(reason:)``.
    /// - A status the request does not accept: the pipeline's ``HTTPError`` (an API error payload
    ///   decoded by the client's ``Configuration/apiErrorDecoder``, or
    ///   ``HTTPError/Kind/unacceptableStatus(_:)``).
    /// - The first connection failing, or any other error before a body starts: that ``HTTPError``.
    /// - An event longer than `maximumEventSize`: ``HTTPError/Kind/validationFailed(reason:)``.
    /// - The iterating task being cancelled: ``HTTPError/Kind/cancelled``, and the connection is
    ///   closed. Breaking out of the loop (dropping the iterator) closes it too.
    ///
    /// Leave the request's ``Request/timeout`` unset: it bounds a whole attempt, and an event
    /// stream is meant to stay open.
    ///
    /// - Parameters:
    ///   - request: The stream's request: it decodes nothing, so `Request(path:)` needs no type.
    ///     `Accept`, `Cache-Control` and, on reconnection, `Last-Event-ID` are set on it.
    ///   - lastEventID: A last event id to send with the first connection, to resume a stream
    ///     read earlier.
    ///   - retry: The reconnection time until the server sends a `retry` field (default 3 s, as
    ///     browsers).
    ///   - backoff: The floor of each wait: the delay for reconnection n, n counting the
    ///     reconnections since the last connection that delivered an event (default 500 ms
    ///     doubling up to 30 s, no jitter), so a server that keeps failing is tried less and less
    ///     often.
    ///   - maximumDelay: The longest wait, whatever the server's `retry` asks (default 60 s).
    ///   - maximumEventSize: The most bytes one event (its data, and the line being read) may
    ///     hold (default 16 MiB).
    ///   - clock: The clock the waits run on.
    /// - Returns: The events, one ``HTTPClient/ServerSentEvent`` at a time; the first call to its
    ///   iterator's `next()` opens the connection. Use one iterator at a time.
    public func events(
        for request: Request<Void>,
        lastEventID: String? = nil,
        retry: Duration = .seconds(3),
        backoff: RetryPolicy.Backoff = .exponential(base: .milliseconds(500), cap: .seconds(30), jitter: false),
        maximumDelay: Duration = .seconds(60),
        maximumEventSize: Int = 16 << 20,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> some AsyncSequence<ServerSentEvent, HTTPError> & Sendable {
        let configuration = EventStreamConfiguration(
            retry: retry, backoff: backoff, maximumDelay: maximumDelay, maximumEventSize: maximumEventSize,
            lastEventID: lastEventID, clock: clock)
        var request = request
        request.headers["Accept"] = "text/event-stream"
        request.headers["Cache-Control"] = "no-cache"
        let template = request
        return ServerSentEvents(configuration: configuration) { lastEventID throws(HTTPError) in
            var request = template
            if let lastEventID { request.headers["Last-Event-ID"] = lastEventID }
            let response = try await self.stream(request)
            return EventStreamConnection(request: response.request, response: response.raw, body: response.body)
        }
    }
}

extension HTTPClient {
    /// How the sequence of ``HTTPClient/events(for:lastEventID:retry:backoff:maximumDelay:maximumEventSize:clock:)``
    /// reconnects, and its limits (the parameters of that call).
    package struct EventStreamConfiguration: Sendable {
        /// The reconnection time until the server sends a `retry` field (default 3 s, as browsers).
        package var retry: Duration
        /// The floor of each wait: the delay for reconnection n, n counting the reconnections since
        /// the last connection that delivered an event (default 500 ms doubling up to 30 s, no
        /// jitter), so a server that keeps failing is tried less and less often.
        package var backoff: RetryPolicy.Backoff
        /// The longest wait, whatever the server's `retry` asks (default 60 s).
        package var maximumDelay: Duration
        /// The most bytes one event (its data, and the line being read) may hold (default 16 MiB).
        package var maximumEventSize: Int
        /// A last event id to send with the first connection, to resume a stream read earlier.
        package var lastEventID: String?
        /// The clock the waits run on.
        package var clock: any Clock<Duration>

        /// Creates a configuration; every parameter has a default.
        package init(
            retry: Duration = .seconds(3),
            backoff: RetryPolicy.Backoff = .exponential(base: .milliseconds(500), cap: .seconds(30), jitter: false),
            maximumDelay: Duration = .seconds(60),
            maximumEventSize: Int = 16 << 20,
            lastEventID: String? = nil,
            clock: any Clock<Duration> = ContinuousClock()
        ) {
            self.retry = retry
            self.backoff = backoff
            self.maximumDelay = maximumDelay
            self.maximumEventSize = Swift.max(1, maximumEventSize)
            self.lastEventID = lastEventID
            self.clock = clock
        }
    }
}
