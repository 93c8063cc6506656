import Foundation

/// The running half of a ``WebSocket``, whichever way the platform makes it: RFC 6455 framing in
/// Swift over a byte connection libcurl opened (``WebSocketSession``), or, on Apple platforms
/// with ``URLSessionTransport``, Foundation's `URLSessionWebSocketTask`
/// (`URLSessionWebSocketConnection`). ``WebSocket`` is the same over both.
protocol WebSocketConnection: AnyObject, Sendable {
    /// The received messages not yet read (bounded: a full inbox stops the reading).
    var inbox: WebSocketInbox { get }
    /// The close frame the server sent, once it has.
    var peerClose: WebSocket.CloseFrame? { get }
    /// Starts reading (and the keep-alive), once the handshake went through the whole pipeline.
    func start()
    /// Sends a data message.
    func send(_ message: WebSocket.Message) async throws(WebSocketError)
    /// Sends a ping with `payload` (at most 125 bytes).
    func ping(_ payload: Data) async throws(WebSocketError)
    /// Runs the close handshake (bounded by ``WebSocket/Options/closeTimeout``), then closes.
    func close(code: UInt16, reason: String) async
    /// Closes a connection that was never started, without a handshake (a later stage of the
    /// pipeline failed the call after the server accepted the upgrade).
    func discard()
}
