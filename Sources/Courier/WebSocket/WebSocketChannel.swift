import Foundation

/// What ``WebSocketChannel/receive(into:)`` got.
enum WebSocketReceived {
    case bytes(Int)
    case wouldBlock
    case end
}

/// The byte connection under a WebSocket (on Linux, ``CurlWebSocketSocket``).
protocol WebSocketChannel: AnyObject, Sendable {
    /// Sends `bytes`, waiting for room until `deadline`; returns how many were sent (fewer than
    /// all only when the deadline passed).
    func send(_ bytes: Data, until deadline: ContinuousClock.Instant) throws -> Int
    /// Sends what the connection takes now, without waiting; returns how many bytes that was.
    func sendAvailable(_ bytes: Data) throws -> Int
    /// Reads what is there without waiting.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws -> WebSocketReceived
    /// Waits until readable, a timeout (-1: none), ``wakeReader()`` or ``close()``; false when
    /// closed.
    @discardableResult func waitReadable(milliseconds: Int32) -> Bool
    /// Ends the reader's wait in ``waitReadable(milliseconds:)`` early (never a writer's).
    func wakeReader()
    /// Closes the connection and wakes every waiter.
    func close()
}
