import Foundation
import Synchronization

/// Writes a connection's frames in the order they were handed over, with as few thread hops as
/// possible, each write bounded by a deadline.
///
/// A frame that finds nothing else being written is written by its caller, as far as the socket
/// takes it at once (never waiting, so a cooperative thread is never held): on a writable socket a
/// message goes out without a hop. What is left of it waits for room on a global-queue thread; a
/// frame handed over while another is being written waits its turn on a serial queue
/// (`courier.websocket.writer`), which waits for room in the socket.
///
/// Every write has a deadline (``WebSocket/Options/sendTimeout`` for messages, pings and pongs,
/// ``WebSocket/Options/closeTimeout`` for close frames) and a data write honours its task's
/// cancellation. A write that ends before its first byte leaves the connection as it was; one
/// that ends part-way through its frame leaves the stream unusable, so ``onBroken`` fails the
/// connection.
///
/// Pongs do not pile up: the writer keeps at most one pong waiting, with the most recent ping's
/// payload (RFC 6455 section 5.5.3 lets an endpoint answer only the last ping).
final class WebSocketWriter: @unchecked Sendable {
    // @unchecked: `busy`, `queued` and `pong` are read and written under `lock` only; `onBroken`
    // is set once, before the connection starts.
    private let channel: any WebSocketChannel
    private let queue = DispatchQueue(label: "courier.websocket.writer")
    private let lock = NSCondition()
    /// Someone is writing (a caller, the queue, or the rest of a caller's frame).
    private var busy = false
    /// Frames on the queue that have not started: a caller may not write before them.
    private var queued = 0
    /// The payload of the pong waiting on the queue (nil: none waits).
    private var pong: Data?
    /// Told when a write stopped part-way through its frame (cancelled, timed out): the
    /// connection cannot go on.
    var onBroken: @Sendable (WebSocketError) -> Void = { _ in }

    init(channel: any WebSocketChannel) {
        self.channel = channel
    }

    /// Frames waiting on the queue.
    var waitingFrames: Int { lock.withLock { queued } }

    /// Writes the bytes `encode` makes (called when their turn has come, so that a compressor sees
    /// the messages in the order they go out), by `deadline`; `limit` is what a timeout reports.
    ///
    /// - Throws: ``WebSocketError/cancelled`` when the task is cancelled and
    ///   ``WebSocketError/sendTimeout(_:)`` when the deadline passes (the connection fails if the
    ///   frame was written in part); ``WebSocketError/closed`` when the connection failed or was
    ///   closed.
    func write(deadline: ContinuousClock.Instant, limit: Duration, _ encode: @escaping @Sendable () -> Data)
        async throws(WebSocketError)
    {
        if Task.isCancelled { throw .cancelled }
        let ownTurn = lock.withLock {
            if busy || queued > 0 {
                queued += 1
                return false
            }
            busy = true
            return true
        }
        let pending = PendingWrite()
        if ownTurn {
            let bytes = encode()
            let sent: Int
            do {
                sent = try channel.sendAvailable(bytes)
            } catch {
                release()
                throw .closed
            }
            if sent == bytes.count {
                release()
                return
            }
            // The rest waits for room off the caller's thread, still ahead of what was queued since.
            _ = pending.start()
            DispatchQueue.global().async { [self] in
                let outcome = finishWrite(bytes, from: sent, deadline: deadline, limit: limit)
                release()
                pending.finish(outcome)
            }
        } else {
            queue.async { [self] in
                guard pending.start() else {
                    // Cancelled while waiting its turn: nothing of it was written.
                    lock.withLock { queued -= 1 }
                    return
                }
                pending.finish(writeInTurn(encode, deadline: deadline, limit: limit))
            }
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { pending.attach($0) }
        } onCancel: {
            // Waiting its turn: it is dropped. Part-way through: the connection cannot go on.
            if pending.cancel() { onBroken(.cancelled) }
        }
        if let outcome { throw outcome }
    }

    /// Queues bytes from a thread that must not wait (the reader's pings and close frames), to be
    /// written by `deadline`, then runs `after`.
    func enqueue(
        _ bytes: Data, deadline: ContinuousClock.Instant, limit: Duration, after: (@Sendable () -> Void)? = nil
    ) {
        lock.withLock { queued += 1 }
        queue.async { [self] in
            _ = writeInTurn({ bytes }, deadline: deadline, limit: limit)
            after?()
        }
    }

    /// Answers a ping with `payload`: written at once by the calling thread (the reader) when
    /// nothing else is being written and the socket takes it; otherwise queued, unless a pong
    /// waits already, which then answers with this payload instead (the latest ping).
    func enqueuePong(_ payload: Data, deadline: ContinuousClock.Instant, limit: Duration) {
        let (inline, needsItem) = lock.withLock { () -> (Bool, Bool) in
            if !busy && queued == 0 && pong == nil {
                busy = true
                return (true, false)
            }
            defer { pong = payload }
            if pong != nil { return (false, false) }
            queued += 1
            return (false, true)
        }
        if inline {
            var encoded = Data()
            WebSocketFrame(fin: true, opcode: .pong, payload: payload).encode(into: &encoded)
            let frame = encoded
            guard let sent = try? channel.sendAvailable(frame), sent < frame.count else {
                release()
                return
            }
            DispatchQueue.global().async { [self] in
                _ = finishWrite(frame, from: sent, deadline: deadline, limit: limit)
                release()
            }
            return
        }
        guard needsItem else { return }
        queue.async { [self] in
            _ = writeInTurn(
                { [self] in
                    let payload = lock.withLock {
                        defer { pong = nil }
                        return pong ?? Data()
                    }
                    var frame = Data()
                    WebSocketFrame(fin: true, opcode: .pong, payload: payload).encode(into: &frame)
                    return frame
                }, deadline: deadline, limit: limit)
        }
    }

    /// On the queue: waits until no caller is writing, then writes, waiting for room as needed.
    private func writeInTurn(_ encode: () -> Data, deadline: ContinuousClock.Instant, limit: Duration)
        -> WebSocketError?
    {
        lock.lock()
        while busy { lock.wait() }
        busy = true
        queued -= 1
        lock.unlock()
        defer { release() }
        if ContinuousClock.now >= deadline { return .sendTimeout(limit) }
        return finishWrite(encode(), from: 0, deadline: deadline, limit: limit)
    }

    /// Writes `bytes[from...]`, waiting for room until `deadline`. A write that stops part-way
    /// breaks the connection.
    private func finishWrite(_ bytes: Data, from start: Int, deadline: ContinuousClock.Instant, limit: Duration)
        -> WebSocketError?
    {
        do {
            let written = try channel.send(bytes.dropFirst(start), until: deadline)
            if start + written == bytes.count { return nil }
            if start + written > 0 { onBroken(.sendTimeout(limit)) }
            return .sendTimeout(limit)
        } catch {
            return .closed
        }
    }

    private func release() {
        lock.withLock {
            busy = false
            lock.broadcast()
        }
    }
}

/// One write waiting for its turn or its room, and the task awaiting it.
private final class PendingWrite: Sendable {
    private enum Phase {
        case waiting
        case writing
        case done(WebSocketError?)
    }

    private struct State {
        var phase = Phase.waiting
        var awaiting: CheckedContinuation<WebSocketError?, Never>?
        /// Cancelled while being written: the outcome is reported as a cancellation.
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Its turn came: true unless it was cancelled before.
    func start() -> Bool {
        state.withLock {
            guard case .waiting = $0.phase else { return false }
            $0.phase = .writing
            return true
        }
    }

    /// Hands the outcome to the awaiting task (once; a cancelled write's outcome is dropped).
    func finish(_ outcome: WebSocketError?) {
        let awaiting = state.withLock { state -> CheckedContinuation<WebSocketError?, Never>? in
            if case .done = state.phase { return nil }
            state.phase = .done(state.cancelled && outcome != nil ? .cancelled : outcome)
            defer { state.awaiting = nil }
            return state.awaiting
        }
        awaiting?.resume(
            returning: state.withLock { state in
                if case .done(let final) = state.phase { return final }
                return outcome
            })
    }

    /// The awaiting task's continuation, resumed at once when the outcome is known.
    func attach(_ continuation: CheckedContinuation<WebSocketError?, Never>) {
        let outcome = state.withLock { state -> WebSocketError?? in
            if case .done(let outcome) = state.phase { return .some(outcome) }
            state.awaiting = continuation
            return .none
        }
        if case .some(let outcome) = outcome { continuation.resume(returning: outcome) }
    }

    /// The task was cancelled: a write still waiting ends now, as cancelled. True when it was
    /// being written (the caller must break the connection).
    func cancel() -> Bool {
        let (writing, awaiting) = state.withLock { state -> (Bool, CheckedContinuation<WebSocketError?, Never>?) in
            switch state.phase {
            case .writing:
                state.cancelled = true
                return (true, nil)
            case .done: return (false, nil)
            case .waiting:
                state.phase = .done(.cancelled)
                defer { state.awaiting = nil }
                return (false, state.awaiting)
            }
        }
        awaiting?.resume(returning: .cancelled)
        return writing
    }
}
