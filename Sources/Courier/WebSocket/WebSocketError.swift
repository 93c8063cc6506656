/// Why a WebSocket's ``WebSocket/messages`` ended with an error, or a ``WebSocket/send(_:)``
/// failed. (Opening one fails with ``HTTPError``, like every other call.)
public struct WebSocketError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The server broke RFC 6455 (or sent a message over the size limit); the client closed
        /// the connection with `code` (1002 protocol error, 1007 invalid UTF-8, 1009 too large).
        case protocolViolation(code: UInt16, reason: String)
        /// The connection ended without a close handshake (the server vanished, or the network).
        case connectionLost(reason: String)
        /// Keep-alive: no pong arrived within ``WebSocket/Options/pongTimeout`` of a ping.
        case pongTimeout
        /// The socket was already closed when the message was to be sent.
        case closed
        /// The task reading ``WebSocket/messages`` was cancelled; the connection is closed.
        case cancelled
    }

    /// What went wrong.
    public let kind: Kind

    /// Creates an error of a kind.
    public init(_ kind: Kind) { self.kind = kind }

    /// A readable account.
    public var description: String {
        switch kind {
        case .protocolViolation(let code, let reason): "WebSocket closed with \(code): \(reason)"
        case .connectionLost(let reason): "WebSocket connection lost: \(reason)"
        case .pongTimeout: "WebSocket peer did not answer a ping in time"
        case .closed: "WebSocket is closed"
        case .cancelled: "WebSocket reading was cancelled"
        }
    }
}
