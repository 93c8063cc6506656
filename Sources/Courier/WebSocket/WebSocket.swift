public import Foundation
import Synchronization

/// An open WebSocket connection (RFC 6455), made by ``HTTPClient/webSocket(_:options:)``.
///
/// ```swift
/// let socket = try await client.webSocket(Request<Data>(path: "wss://chat.example.com/room/1"))
/// try await socket.send(.text("hello"))
/// for try await message in socket.messages {
///     if case .text(let line) = message { print(line) }
/// }
/// print(socket.closeFrame?.reason ?? "connection ended")
/// ```
///
/// Messages arrive in ``messages`` (one reader); ``send(_:)`` may be called from any task.
/// Pings from the server are answered at once (only the latest one when the server does not read
/// its pongs). The connection reads from the network only while its buffer of unread messages has
/// room, so a slow reader slows the server down rather than filling memory. Cancelling the task
/// that reads ``messages`` closes the connection.
public final class WebSocket: Sendable {
    /// A data message.
    public enum Message: Sendable, Hashable {
        /// A text message (valid UTF-8, checked).
        case text(String)
        /// A binary message.
        case binary(Data)
    }

    /// A close frame's contents: the code (nil when the frame had none) and reason.
    public struct CloseFrame: Sendable, Hashable {
        /// The status code (1000 normal closure, 1001 going away, ...), nil when none was sent.
        public var code: UInt16?
        /// The reason text, possibly empty.
        public var reason: String

        /// Creates a close frame.
        public init(code: UInt16?, reason: String) {
            self.code = code
            self.reason = reason
        }
    }

    /// How a connection behaves.
    public struct Options: Sendable {
        /// The largest message accepted, whole (``defaultMaximumMessageSize``, 16 MiB, unless
        /// set); a larger one closes the connection with 1009 and ends ``messages`` with
        /// ``WebSocketError/protocolViolation(code:reason:)``. A frame header announcing more is
        /// refused before its payload arrives; memory grows with the bytes that arrive, never with
        /// what a header announces, whatever the limit (`Int.max` included).
        public var maximumMessageSize: Int = WebSocket.defaultMaximumMessageSize
        /// How long closing may take: ``close(code:reason:)`` waits this long for the server's
        /// close frame, and every close frame (ours, or the answer to the server's, or the one that
        /// reports its violation) must be written within it; past it the connection is closed
        /// anyway, even when the server stopped reading (5 seconds by default).
        public var closeTimeout: Duration = .seconds(5)
        /// How long ``send(_:)`` and ``ping(_:)`` wait for the server to take the message (30
        /// seconds by default): a server that stops reading fills the socket's buffers, and a
        /// send still waiting for room then throws ``WebSocketError/sendTimeout(_:)``. A send
        /// that timed out (or was cancelled) part-way through its frame leaves the stream
        /// unusable: the connection is then closed and ``messages`` end with
        /// ``WebSocketError/connectionLost(reason:)``. Pongs are bounded by it too.
        public var sendTimeout: Duration = .seconds(30)
        /// When set, a ping is sent after this long without a ping (keep-alive).
        public var pingInterval: Duration?
        /// How long a keep-alive ping may go unanswered before ``messages`` ends with
        /// ``WebSocketError/pongTimeout``.
        public var pongTimeout: Duration = .seconds(20)
        /// Which proxy the connection goes through (an HTTP proxy with a `CONNECT` tunnel for ws
        /// and wss, or SOCKS5). Nil, the default: the client's ``CurlTransport``'s own
        /// ``ProxySettings`` (its `proxy:` argument or the environment); ``ProxySettings/none``
        /// for a direct connection.
        public var proxy: ProxySettings?
        /// Whether the handshake offers permessage-deflate (RFC 7692; true, the default). When
        /// the server accepts, messages are compressed both ways, with the window kept from one
        /// message to the next unless the server's answer says otherwise, and
        /// ``maximumMessageSize`` applies to a message's inflated size. Off: messages go as
        /// they are.
        public var compression = true
        /// Whether and how a lost connection is reopened (nil, the default: never; the messages
        /// end with the loss). See ``ReconnectPolicy``.
        public var reconnect: ReconnectPolicy?

        /// The defaults.
        public init() {}
    }

    /// The default of ``Options/maximumMessageSize``: 16 MiB.
    public static let defaultMaximumMessageSize = 16 << 20

    /// The server's answer to the opening handshake (status 101 and its header fields); after a
    /// reconnection (``Options/reconnect``), to the latest one.
    public var response: HTTPResponse { current.withLock { $0.response } }
    /// The connection now in use (a reconnection replaces it).
    var session: any WebSocketConnection { current.withLock { $0.session } }
    /// The latest handshake's answer and connection, when that connection opened, and whether
    /// ``close(code:reason:)`` was called.
    let current: Mutex<Current>
    let reconnect: Reconnector?

    struct Current {
        var response: HTTPResponse
        var session: any WebSocketConnection
        var openedAt: ContinuousClock.Instant
        var closing = false
        /// Reconnections since the last connection that stayed open long enough
        /// (``ReconnectPolicy/stableAfter``): the budget ``ReconnectPolicy/maxAttempts`` bounds.
        var attempts = 0
    }

    init(response: HTTPResponse, session: any WebSocketConnection, reconnect: Reconnector? = nil) {
        current = Mutex(Current(response: response, session: session, openedAt: .now))
        self.reconnect = reconnect
    }

    /// The messages the server sends, until it closes the connection (the sequence then ends;
    /// ``closeFrame`` holds its close frame) or the connection fails (the sequence throws
    /// ``WebSocketError``). Read it from one task at a time.
    public var messages: some AsyncSequence<Message, WebSocketError> { Messages(socket: self) }

    /// Sends a message, as one frame or, above 1 MiB, as several fragments.
    ///
    /// Waits at most ``Options/sendTimeout`` for the server to take it, and honours the calling
    /// task's cancellation (``WebSocketError/cancelled``): a message that had not started going
    /// out is dropped, one cut part-way closes the connection.
    ///
    /// - Throws: ``WebSocketError`` when the connection is closed or fails, the send times out or
    ///   is cancelled.
    public func send(_ message: Message) async throws(WebSocketError) {
        try await session.send(message)
    }

    /// Sends a ping (at most 125 bytes of payload); the server's pong is not reported. Bounded
    /// and cancelled like ``send(_:)``.
    public func ping(_ payload: Data = Data()) async throws(WebSocketError) {
        try await session.ping(payload.prefix(125))
    }

    /// Starts the close handshake and waits until the server answers with its close frame (or
    /// ``Options/closeTimeout`` passes); the connection is then closed. ``messages`` delivers
    /// what arrived before the server's close frame, then ends. Always returns within
    /// ``Options/closeTimeout`` (and a little), whatever the server does.
    public func close(code: UInt16 = 1000, reason: String = "") async {
        current.withLock { $0.closing = true }
        await session.close(code: code, reason: reason)
    }

    /// The close frame the server sent, once it has (nil before, or when the connection ended
    /// without one).
    public var closeFrame: CloseFrame? { session.peerClose }

    /// The messages of a ``WebSocket``, as they arrive (what ``messages`` returns).
    struct Messages: AsyncSequence, Sendable {
        typealias Element = Message
        typealias Failure = WebSocketError
        let socket: WebSocket

        func makeAsyncIterator() -> Iterator { Iterator(socket: socket) }

        struct Iterator: AsyncIteratorProtocol {
            typealias Element = Message
            typealias Failure = WebSocketError
            let socket: WebSocket

            mutating func next() async throws(WebSocketError) -> Message? {
                try await socket.nextMessage()
            }

            mutating func next(isolation actor: isolated (any Actor)?) async throws(WebSocketError) -> Message? {
                try await socket.nextMessage()
            }
        }
    }
}
