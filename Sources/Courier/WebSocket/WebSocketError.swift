/// Why a WebSocket's ``WebSocket/messages`` ended with an error, or a ``WebSocket/send(_:)`` or
/// ``WebSocket/ping(_:)`` failed. (Opening one fails with ``HTTPError``, like every other call.)
public enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server broke RFC 6455 (or sent a message over the size limit); the client closed
    /// the connection with `code` (1002 protocol error, 1007 invalid UTF-8, 1009 too large).
    case protocolViolation(code: UInt16, reason: String)
    /// The connection ended without a close handshake (the server vanished, or the network, or a
    /// send was cut part-way through its frame).
    case connectionLost(reason: String)
    /// Keep-alive: no pong arrived within ``WebSocket/Options/pongTimeout`` of a ping.
    case pongTimeout
    /// A send or ping waited longer than ``WebSocket/Options/sendTimeout`` (the limit, here) for
    /// the server to take it.
    case sendTimeout(Duration)
    /// The socket was already closed when the message was to be sent.
    case closed
    /// The task reading ``WebSocket/messages``, or the one sending, was cancelled.
    case cancelled

    /// A readable account.
    public var description: String {
        switch self {
        case .protocolViolation(let code, let reason): "WebSocket closed with \(code): \(reason)"
        case .connectionLost(let reason): "WebSocket connection lost: \(reason)"
        case .pongTimeout: "WebSocket peer did not answer a ping in time"
        case .sendTimeout(let limit): "WebSocket send not taken by the server within \(limit) (its send timeout)"
        case .closed: "WebSocket is closed"
        case .cancelled: "WebSocket operation was cancelled"
        }
    }

    /// A loss a reconnect policy may repair: the connection ended without a close handshake.
    var isLoss: Bool {
        switch self {
        case .connectionLost, .pongTimeout: true
        default: false
        }
    }
}
