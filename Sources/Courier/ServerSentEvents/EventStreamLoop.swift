import Foundation
import Synchronization

/// One connection of an event stream: the request as sent, the response head and its body.
struct EventStreamConnection: Sendable {
    /// The request as it was sent (after the interceptors), for errors.
    let request: HTTPRequest
    /// The status and headers; its `body` is empty.
    let response: HTTPResponse
    /// The body, read while it arrives.
    let body: HTTPResponse.ByteStream
}

/// Opens one connection, sending `Last-Event-ID` when `lastEventID` is not nil; throws what the
/// pipeline throws before the body starts.
typealias EventStreamOpener = @Sendable (_ lastEventID: String?) async throws(HTTPError) -> EventStreamConnection

/// The reconnecting reader behind `HTTPClient.events(for:)`: opens a connection through
/// `open`, parses its body, and after the connection drops (its end, or a failure once the body
/// had started) waits the reconnection time and opens another with the last event id, until a
/// 204, a refused response, an error that is not a dropped connection, or cancellation.
///
/// The wait before reconnection number n (n counts reconnections since the last connection that
/// delivered an event) is the server's `retry` time (or the configuration's `retry` before it
/// sent one), at least the configuration's `backoff` delay for retry n, and at most its
/// `maximumDelay`.
struct EventStreamLoop: Sendable {
    private enum State: Sendable {
        /// Opening a connection; `reconnecting` after one was lost (a wait comes first).
        case connecting(reconnecting: Bool)
        case streaming(EventStreamConnection)
        case finished
    }

    let configuration: HTTPClient.EventStreamConfiguration
    let open: EventStreamOpener
    private var parser: EventStreamParser
    private var state = State.connecting(reconnecting: false)
    private var pending: [HTTPClient.ServerSentEvent] = []
    private var delivered = 0
    /// Reconnections since the last connection that delivered an event.
    private var reconnections = 0
    /// The latest connection's request, for the context of errors that happen between connections.
    private var lastRequest: HTTPRequest?
    /// Cancels the open body when the last copy of the loop (its iterator) is dropped.
    private let closer = Closer()

    /// Holds the body being read and cancels it on deinit: dropping the iterator mid-stream (a
    /// `break` out of the loop) stops the transfer at once, even when the transport still holds a
    /// reference to the body's buffer.
    private final class Closer: Sendable {
        let body = Mutex<HTTPResponse.ByteStream?>(nil)
        deinit { body.withLock { $0 }?.cancel() }
    }

    init(configuration: HTTPClient.EventStreamConfiguration, open: @escaping EventStreamOpener) {
        self.configuration = configuration
        self.open = open
        parser = EventStreamParser(
            maximumEventSize: configuration.maximumEventSize, lastEventID: configuration.lastEventID ?? "")
    }

    /// The last event id the stream set; nil when none (or an empty one).
    var lastEventID: String? { parser.lastEventID.isEmpty ? nil : parser.lastEventID }

    /// The wait before the next reconnection, given how many came since the last event.
    static func delay(
        forReconnection reconnection: Int, serverRetry: Duration?,
        configuration: HTTPClient.EventStreamConfiguration
    ) -> Duration {
        let floor = configuration.backoff.delay(forRetry: reconnection)
        return min(configuration.maximumDelay, max(serverRetry ?? configuration.retry, floor))
    }

    /// The next event; nil once the server ended the stream for good (204).
    mutating func next() async throws(HTTPError) -> HTTPClient.ServerSentEvent? {
        while true {
            if delivered < pending.count {
                defer { delivered += 1 }
                return pending[delivered]
            }
            pending.removeAll(keepingCapacity: true)
            delivered = 0
            switch state {
            case .finished:
                return nil
            case .connecting(let reconnecting):
                if reconnecting { try await waitToReconnect() }
                try await connect(reconnecting: reconnecting)
            case .streaming(let connection):
                try await read(connection)
            }
        }
    }

    /// Stops reading: closes the connection if one is open; ``next()`` then returns nil.
    mutating func finish() {
        if case .streaming(let connection) = state { connection.body.cancel() }
        state = .finished
    }

    private mutating func waitToReconnect() async throws(HTTPError) {
        reconnections += 1
        let wait = Self.delay(
            forReconnection: reconnections, serverRetry: parser.reconnectionTime, configuration: configuration)
        do {
            try await Self.sleep(for: wait, on: configuration.clock)
        } catch {
            state = .finished
            throw HTTPError(.cancelled, method: lastRequest?.method ?? .get, url: lastRequest?.url)
        }
    }

    private static func sleep<C: Clock<Duration>>(for duration: Duration, on clock: C) async throws {
        try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
    }

    private mutating func connect(reconnecting: Bool) async throws(HTTPError) {
        let connection: EventStreamConnection
        do {
            connection = try await open(lastEventID)
        } catch {
            // A reconnection that finds the network down tries again later; anything else (a
            // status the request does not accept, an API error, the first connection failing,
            // cancellation) ends the stream.
            if reconnecting, error.urlError != nil, !error.isCancelled, !Task.isCancelled {
                state = .connecting(reconnecting: true)
                return
            }
            state = .finished
            throw error
        }
        lastRequest = connection.request
        if connection.response.statusCode == 204 {
            connection.body.cancel()
            state = .finished
            return
        }
        guard let media = connection.response.mediaType, media.matches("text/event-stream") else {
            connection.body.cancel()
            state = .finished
            let type = connection.response.headers["Content-Type"] ?? "no Content-Type"
            throw HTTPError.validationFailed(
                "expected a text/event-stream response, got \(type)", request: connection.request,
                response: connection.response)
        }
        parser.startNewStream()
        closer.body.withLock { $0 = connection.body }
        state = .streaming(connection)
    }

    private mutating func read(_ connection: EventStreamConnection) async throws(HTTPError) {
        let chunk: Data?
        do {
            // An iterator only reads on from where the last one stopped: the body is read once.
            var iterator = HTTPResponse.ByteStream.Iterator(handle: connection.body.handle)
            chunk = try await iterator.next()
        } catch {
            if error.isCancelled || Task.isCancelled {
                finish()
                throw error
            }
            // The connection dropped after the stream had started: reconnect.
            state = .connecting(reconnecting: true)
            return
        }
        guard let chunk else {
            // A body that ends because the reader was cancelled is not a dropped connection.
            if Task.isCancelled {
                finish()
                throw HTTPError(.cancelled, method: connection.request.method, url: connection.request.url)
            }
            state = .connecting(reconnecting: true)
            return
        }
        do {
            try parser.feed(chunk, into: &pending)
        } catch {
            finish()
            throw HTTPError.validationFailed(
                "an event is longer than \(error.limit) bytes", request: connection.request,
                response: connection.response)
        }
        if !pending.isEmpty { reconnections = 0 }
    }
}
