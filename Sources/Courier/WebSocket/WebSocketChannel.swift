import Foundation

/// What ``WebSocketChannel/receive(into:)`` got.
enum WebSocketReceived {
    case bytes(Int)
    case wouldBlock
    case end
}

/// The byte connection under a WebSocket (on Linux, ``CurlWebSocketSocket``).
protocol WebSocketChannel: AnyObject, Sendable {
    /// Sends every byte, waiting for room (blocking).
    func send(_ bytes: Data) throws
    /// Sends what the connection takes now, without waiting; returns how many bytes that was.
    func sendAvailable(_ bytes: Data) throws -> Int
    /// Reads what is there without waiting.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> WebSocketReceived
    /// Waits until readable, a timeout (-1: none) or ``close()``; false when closed.
    @discardableResult func waitReadable(milliseconds: Int32) -> Bool
    /// Ends a wait in ``waitReadable(milliseconds:)`` early.
    func wake()
    /// Closes the connection and wakes every waiter.
    func close()
}
