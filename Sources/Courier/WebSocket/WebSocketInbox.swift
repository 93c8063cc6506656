import Foundation

/// The messages received and not yet read: a bounded queue between the thread that reads the
/// socket (which waits in ``push(_:)`` while it is full, and so stops reading the network) and the
/// task that reads ``WebSocket/messages``.
final class WebSocketInbox: @unchecked Sendable {
    // @unchecked: every stored property is read and written under `condition`.
    private let condition = NSCondition()
    private var queue: [WebSocket.Message] = []
    private var head = 0
    private var bytes = 0
    private var end: WebSocketError?? = nil
    private var waiter: CheckedContinuation<Result<WebSocket.Message?, WebSocketError>, Never>?
    private let onCancel: @Sendable () -> Void

    /// At most this many messages wait, or this many bytes of them (a single larger message may).
    static let messageLimit = 64
    static let byteLimit = 1 << 20

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// The bytes of the messages waiting to be read.
    var bufferedBytes: Int { condition.withLock { bytes } }

    /// Hands a message to the reader; waits while the queue is full. False once the inbox has
    /// ended (nobody will read it).
    @discardableResult
    func push(_ message: WebSocket.Message) -> Bool {
        condition.lock()
        while end == nil && waiter == nil && queue.count - head > 0
            && (queue.count - head >= Self.messageLimit || bytes >= Self.byteLimit)
        {
            condition.wait()
        }
        guard end == nil else {
            condition.unlock()
            return false
        }
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: .success(message))
            return true
        }
        queue.append(message)
        bytes += message.size
        condition.unlock()
        return true
    }

    /// Ends the sequence after the queued messages: normally (nil) or with an error.
    func finish(_ error: WebSocketError?) {
        condition.lock()
        guard end == nil else {
            condition.unlock()
            return
        }
        end = .some(error)
        let waiter = head == queue.count ? self.waiter : nil
        if waiter != nil { self.waiter = nil }
        condition.broadcast()
        condition.unlock()
        if let waiter {
            waiter.resume(returning: error.map { .failure($0) } ?? .success(nil))
        }
    }

    /// The next message, nil at the end; cancelling the calling task closes the connection.
    func next() async throws(WebSocketError) -> WebSocket.Message? {
        try await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<WebSocket.Message?, WebSocketError>, Never>) in
                condition.lock()
                if head < queue.count {
                    let message = queue[head]
                    head += 1
                    bytes -= message.size
                    if head == queue.count {
                        queue.removeAll(keepingCapacity: true)
                        head = 0
                    }
                    condition.broadcast()
                    condition.unlock()
                    continuation.resume(returning: .success(message))
                } else if let end {
                    condition.unlock()
                    continuation.resume(returning: end.map { .failure($0) } ?? .success(nil))
                } else if Task.isCancelled {
                    condition.unlock()
                    continuation.resume(returning: .failure(.cancelled))
                    onCancel()
                } else {
                    waiter = continuation
                    condition.broadcast()
                    condition.unlock()
                }
            }
        } onCancel: {
            finish(.cancelled)
            onCancel()
        }.get()
    }
}

extension WebSocket.Message {
    /// The payload's size in bytes.
    var size: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}
