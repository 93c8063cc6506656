extension HTTPClient {
    /// One event of a server-sent event stream (`text/event-stream`), as the WHATWG HTML
    /// standard's event-stream rules read it.
    ///
    /// ```text
    /// id: 42
    /// event: update
    /// data: {"score": 7}
    ///
    /// ```
    ///
    /// arrives as `ServerSentEvent(id: "42", type: "update", data: "{\"score\": 7}")`.
    public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
        /// The stream's last event id when the event was dispatched: the value of the latest `id`
        /// field, which persists across events until the server sends another (and across
        /// reconnections). Nil while the server has set none, or after it set an empty one.
        public var id: String?
        /// The event type: the `event` field, or `"message"` when the event had none.
        public var type: String
        /// The `data` lines joined with line feeds (`"\n"`), without the final one.
        public var data: String
        /// The reconnection time a `retry` field in this event's lines set, if any. The sequence
        /// applies it to its next reconnection (see ``HTTPClient/events(for:lastEventID:retry:backoff:maximumDelay:maximumEventSize:clock:)``).
        public var retry: Duration?

        /// Creates an event.
        public init(id: String? = nil, type: String = "message", data: String, retry: Duration? = nil) {
            self.id = id
            self.type = type
            self.data = data
            self.retry = retry
        }

        /// The event in the wire format's field order, for logs and test failures.
        public var description: String {
            var parts: [String] = []
            if let id { parts.append("id: \(id)") }
            if type != "message" { parts.append("event: \(type)") }
            if let retry { parts.append("retry: \(retry)") }
            parts.append("data: \(data.debugDescription)")
            return "ServerSentEvent(" + parts.joined(separator: ", ") + ")"
        }
    }
}
