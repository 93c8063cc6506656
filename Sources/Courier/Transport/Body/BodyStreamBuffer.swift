import Foundation

/// A bounded buffer between a stream body's sequence and the transport that sends it.
///
/// A task (the pump) iterates the sequence and waits while ``limit`` bytes are buffered, so a
/// fast producer never runs ahead of the network by more than that; the transport takes bytes
/// without waiting (``take(into:)``, libcurl) or waiting on its own thread (``takeWaiting(into:)``,
/// URLSession, which reads the body on its own thread).
///
/// `@unchecked Sendable`: every field is read and written under `condition`'s lock.
final class BodyStreamBuffer: @unchecked Sendable {
    enum Taken {
        case bytes(Int)
        case end
        case wait
    }

    /// The most bytes held before the pump waits.
    static let limit = 1 << 20

    private let condition = NSCondition()
    private var chunks: [Data] = []
    private var head = 0
    private var offset = 0
    private var buffered = 0
    private var finished = false
    private var failure: (any Error)?
    private var spaceWaiter: CheckedContinuation<Void, Never>?
    private var readable: (@Sendable () -> Void)?
    private var closed = false
    private var pump: Task<Void, Never>?
    /// Bytes the sequence produced so far, and how many it must produce.
    private var produced: Int64 = 0
    private let length: Int64?

    init(iterator: HTTPRequest.Body.ChunkIterator, length: Int64?) {
        self.length = length
        pump = Task { [self] in
            do {
                while let chunk = try await iterator.next() {
                    guard await push(chunk) else { return }
                }
                end(nil)
            } catch {
                end(error)
            }
        }
    }

    /// Copies buffered bytes into `buffer` without waiting. When there are none yet
    /// (``Taken/wait``), `whenReadable` is called once, on the pump's thread, as soon as bytes or
    /// the end arrive.
    func take(into buffer: UnsafeMutableRawBufferPointer, whenReadable: (@Sendable () -> Void)?) throws -> Taken {
        condition.lock()
        defer { condition.unlock() }
        let taken = try takeLocked(into: buffer)
        if case .wait = taken { readable = whenReadable }
        return taken
    }

    /// Copies bytes into `buffer`, waiting on this thread until some arrive; 0 at the end.
    func takeWaiting(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch try takeLocked(into: buffer) {
            case .bytes(let count): return count
            case .end: return 0
            case .wait: condition.wait()
            }
        }
    }

    /// Stops the pump (the transfer ended or was cancelled).
    func close() {
        condition.lock()
        closed = true
        let waiter = spaceWaiter
        spaceWaiter = nil
        readable = nil
        let pump = pump
        condition.broadcast()
        condition.unlock()
        waiter?.resume()
        pump?.cancel()
    }

    private func takeLocked(into buffer: UnsafeMutableRawBufferPointer) throws -> Taken {
        if buffered == 0 {
            if let failure { throw failure }
            return finished ? .end : .wait
        }
        var copied = 0
        while copied < buffer.count, head < chunks.count {
            let chunk = chunks[head]
            let count = min(buffer.count - copied, chunk.count - offset)
            chunk.withUnsafeBytes { bytes in
                let start = bytes.baseAddress!.advanced(by: offset)
                buffer.baseAddress!.advanced(by: copied).copyMemory(from: start, byteCount: count)
            }
            copied += count
            offset += count
            if offset == chunk.count {
                head += 1
                offset = 0
            }
        }
        if head > 64 || head == chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
        buffered -= copied
        if buffered < Self.limit, let waiter = spaceWaiter {
            spaceWaiter = nil
            waiter.resume()
        }
        return .bytes(copied)
    }

    /// Adds a chunk, waiting while the buffer is full; false once the buffer is closed.
    private func push(_ chunk: Data) async -> Bool {
        guard !chunk.isEmpty else { return true }
        await withCheckedContinuation { waitForSpace($0) }
        return append(chunk)
    }

    private func waitForSpace(_ continuation: CheckedContinuation<Void, Never>) {
        condition.lock()
        if buffered >= Self.limit, !closed {
            spaceWaiter = continuation
            condition.unlock()
        } else {
            condition.unlock()
            continuation.resume()
        }
    }

    private func append(_ chunk: Data) -> Bool {
        condition.lock()
        guard !closed else {
            condition.unlock()
            return false
        }
        produced += Int64(chunk.count)
        if let length, produced > length {
            failure = Self.lengthError(produced: produced, length: length, more: true)
            chunks.removeAll()
            head = 0
            offset = 0
            buffered = 0
        } else {
            chunks.append(chunk)
            buffered += chunk.count
        }
        let action = readable
        readable = nil
        let accepted = failure == nil
        condition.broadcast()
        condition.unlock()
        action?()
        return accepted
    }

    private func end(_ error: (any Error)?) {
        condition.lock()
        if failure == nil {
            if let error {
                failure = error
            } else if let length, produced != length {
                failure = Self.lengthError(produced: produced, length: length, more: false)
            }
        }
        finished = true
        let action = readable
        readable = nil
        condition.broadcast()
        condition.unlock()
        action?()
    }

    static func lengthError(produced: Int64, length: Int64, more: Bool) -> URLError {
        URLError(
            .requestBodyStreamExhausted,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "the stream body produced \(more ? "more than" : "only") \(produced) bytes; its declared length is \(length)"
            ])
    }
}
