import Foundation

/// Writes a connection's frames in the order they were handed over, with as few thread hops as
/// possible: a frame that finds nothing else being written is written by its caller, as far as the
/// socket takes it at once (never waiting, so a cooperative thread is never held); what is left,
/// and every frame handed over while another is being written, goes to a serial queue that waits
/// for room in the socket.
final class WebSocketWriter: @unchecked Sendable {
    // @unchecked: `busy` and `queued` are read and written under `lock` only.
    private let channel: any WebSocketChannel
    private let queue = DispatchQueue(label: "courier.websocket.writer")
    private let lock = NSCondition()
    /// Someone is writing (a caller, the queue, or the rest of a caller's frame).
    private var busy = false
    /// Frames on the queue that have not started: a caller may not write before them.
    private var queued = 0

    init(channel: any WebSocketChannel) {
        self.channel = channel
    }

    /// Writes the bytes `encode` makes (called when their turn has come, so that a compressor sees
    /// the messages in the order they go out). False when the connection failed or was closed.
    func write(_ encode: @escaping @Sendable () -> Data) async -> Bool {
        let ownTurn = lock.withLock {
            if busy || queued > 0 {
                queued += 1
                return false
            }
            busy = true
            return true
        }
        guard ownTurn else {
            return await withCheckedContinuation { continuation in
                queue.async { [self] in continuation.resume(returning: writeInTurn(encode())) }
            }
        }
        let bytes = encode()
        let sent: Int
        do {
            sent = try channel.sendAvailable(bytes)
        } catch {
            release()
            return false
        }
        if sent == bytes.count {
            release()
            return true
        }
        // The rest waits for room off the caller's thread, still ahead of what was queued since.
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [self] in
                let ok = (try? channel.send(bytes.dropFirst(sent))) != nil
                release()
                continuation.resume(returning: ok)
            }
        }
    }

    /// Queues bytes from a thread that must not wait (the reader's pongs and close frames), then
    /// runs `after`.
    func enqueue(_ bytes: Data, after: (@Sendable () -> Void)? = nil) {
        lock.withLock { queued += 1 }
        queue.async { [self] in
            _ = writeInTurn(bytes)
            after?()
        }
    }

    /// On the queue: waits until no caller is writing, then writes, waiting for room as needed.
    private func writeInTurn(_ bytes: @autoclosure () -> Data) -> Bool {
        lock.lock()
        while busy { lock.wait() }
        busy = true
        queued -= 1
        lock.unlock()
        let ok = (try? channel.send(bytes())) != nil
        release()
        return ok
    }

    private func release() {
        lock.withLock {
            busy = false
            lock.broadcast()
        }
    }
}
