package import Foundation
import Synchronization

/// The bounded buffer between a transport receiving a body and the task reading it: the
/// backpressure of ``HTTPResponse/ByteStream``.
///
/// The transport (the producer) offers chunks as they arrive. Once ``limit`` bytes wait
/// unread, it is told to stop reading: ``offer(_:)`` refuses the chunk (libcurl keeps it and
/// pauses the transfer) or ``append(_:)`` says to pause (URLSession suspends its task). When the
/// reader has taken the buffer down to half the limit, the `resume` hook runs, off any lock, and
/// the transport reads again. ``cancel()`` discards the buffer and runs the `cancel` hook, which
/// stops the transfer.
///
/// The hooks are set by the transport once it has the transfer
/// (``connect(resume:cancel:ended:)``), and dropped when the body ends: they hold the transfer,
/// which holds this buffer.
package final class StreamBuffer: ByteSource {
    /// The bound the built-in transports use: enough for a few network reads in flight.
    package static let defaultLimit = 1 << 20

    /// What ``offer(_:)`` tells the producer.
    package enum Offer {
        /// The chunk was taken.
        case accepted
        /// The buffer is full: the chunk was not taken; pause and offer it again after `resume`.
        case full
        /// The reader is gone: stop the transfer.
        case cancelled
    }

    private struct State {
        var chunks: [Data] = []
        var first = 0
        var buffered = 0
        var highWater = 0
        var paused = false
        var cancelled = false
        var end: Result<Void, any Error>?
        var waiter: CheckedContinuation<Data?, any Error>?
        var resume: (@Sendable () -> Void)?
        var cancel: (@Sendable () -> Void)?
        var ended: (@Sendable () -> Void)?
        var cancelRequested = false
        /// Bytes past the bound from a producer that cannot pause, when spilling is on.
        var spill: SpillFile?
        /// The file's high-water mark once it was closed at the end of the body.
        var spillHighWaterAtEnd: UInt64 = 0
        var spillFailed = false
    }

    /// How many unread bytes make the producer stop.
    package let limit: Int
    private let state = Mutex(State())

    /// Whether bytes ``append(_:)`` gets past the bound go to a temporary file instead of memory.
    package let spillsToDisk: Bool

    /// The most unread bytes the temporary file may hold. A reader that falls further behind
    /// gets everything received up to that point, then ``ReaderTooSlow``; the transfer is
    /// stopped when the limit is reached, so a stream nobody reads cannot fill the disk.
    package let spillLimit: Int

    /// The most unread bytes a temporary file holds by default: 1 GiB.
    package static let defaultSpillLimit = 1 << 30

    /// Why a stream whose producer cannot pause ended early: its reader fell more than the
    /// temporary file's limit behind.
    package struct ReaderTooSlow: Error, CustomStringConvertible {
        /// The limit that was reached, in bytes.
        package let limit: Int
        package var description: String {
            "the reader fell more than \(limit) bytes behind the network; the transfer was stopped (URLSessionTransport on Linux cannot pause a transfer and keeps at most that many unread bytes in a temporary file)"
        }
    }

    /// The largest chunk read back from the temporary file at once.
    static let spillReadSize = 256 * 1024

    /// Creates a buffer that stops its producer at `limit` unread bytes; with `spillsToDisk`,
    /// for a producer that cannot pause, further bytes wait in an unlinked temporary file
    /// instead (in order, nothing lost) so that memory stays bounded.
    /// The temporary file holds at most `spillLimit` unread bytes (see ``spillLimit``).
    package init(
        limit: Int = StreamBuffer.defaultLimit, spillsToDisk: Bool = false,
        spillLimit: Int = StreamBuffer.defaultSpillLimit
    ) {
        self.limit = max(1, limit)
        self.spillsToDisk = spillsToDisk
        self.spillLimit = max(0, spillLimit)
    }

    /// The most bytes that waited in the temporary file at any time (0 when none did).
    package var spillHighWaterMark: Int {
        state.withLock { Int(max($0.spill?.highWaterMark ?? 0, $0.spillHighWaterAtEnd)) }
    }

    /// The most bytes that waited unread at any time.
    package var highWaterMark: Int { state.withLock { $0.highWater } }

    /// Whether the producer was told to stop reading and has not been resumed yet.
    package var isProducerPaused: Bool { state.withLock { $0.paused } }

    /// Sets the hooks: `resume` restarts a paused producer, `cancel` stops the transfer, `ended`
    /// runs once when the body ends (finished, failed or cancelled), for the transport to release
    /// what it kept for the transfer (its timeout timer). A cancellation that came before runs
    /// `cancel` at once; a body that ended before runs `ended` at once.
    package func connect(
        resume: @escaping @Sendable () -> Void, cancel: @escaping @Sendable () -> Void,
        ended: (@Sendable () -> Void)? = nil
    ) {
        let (cancelNow, endedNow) = state.withLock { state -> (Bool, Bool) in
            guard state.end == nil, !state.cancelled else { return (state.cancelRequested, true) }
            state.resume = resume
            state.cancel = cancel
            state.ended = ended
            return (false, false)
        }
        if cancelNow { cancel() }
        if endedNow { ended?() }
    }

    /// Takes the hooks out (the body ended): they hold the transfer, which holds this buffer.
    private static func dropHooks(_ state: inout State) -> (@Sendable () -> Void)? {
        defer {
            state.resume = nil
            state.cancel = nil
            state.ended = nil
        }
        return state.ended
    }

    // MARK: Producer

    /// Offers a chunk the producer may keep if refused (libcurl's write callback).
    package func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        guard !bytes.isEmpty else { return .accepted }
        let answer = state.withLock { state -> Offer in
            if state.cancelled { return .cancelled }
            if state.end == nil, state.buffered >= limit {
                state.paused = true
                return .full
            }
            return .accepted
        }
        guard answer == .accepted else { return answer }
        let data = Data(bytes)
        if let ready = deliver(data) { ready.resume(returning: data) }
        return .accepted
    }

    /// Appends a chunk the producer cannot keep (URLSession's delegate); true when the producer
    /// should pause now (the buffer is full), until `resume` runs.
    package func append(_ data: Data) -> Bool {
        guard !data.isEmpty else { return false }
        if let ready = deliver(data) {
            ready.resume(returning: data)
            return false
        }
        if spillsToDisk {
            // The producer cannot pause: a failed spill stops the transfer instead.
            let stop = state.withLock { state in
                state.spillFailed && state.spill != nil && !state.cancelled ? state.cancel : nil
            }
            stop?()
            return false
        }
        return state.withLock { state in
            guard !state.cancelled, state.buffered >= limit, !state.paused else { return false }
            state.paused = true
            return true
        }
    }

    /// Hands `data` to a waiting reader (returned, to be resumed off the lock) or buffers it.
    private func deliver(_ data: Data) -> CheckedContinuation<Data?, any Error>? {
        state.withLock { state in
            guard !state.cancelled, state.end == nil else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                state.highWater = max(state.highWater, data.count)
                return waiter
            }
            if spillsToDisk, !state.spillFailed, state.buffered >= limit || (state.spill?.unread ?? 0) > 0 {
                // Past the bound, or behind bytes already in the file: to the file, in order.
                if state.spill == nil { state.spill = SpillFile() }
                if let spill = state.spill {
                    if spill.unread + UInt64(data.count) > UInt64(spillLimit) {
                        // The reader is too far behind: it gets what came so far, then the error;
                        // `append` stops the transfer.
                        state.spillFailed = true
                        state.end = .failure(ReaderTooSlow(limit: spillLimit))
                        return nil
                    }
                    if spill.write(data) { return nil }
                    // A full disk: the body ends with an error once the reader gets there.
                    state.spillFailed = true
                    state.end = .failure(URLError(.cannotWriteToFile))
                    return nil
                }
                // No temporary file at all: memory takes the bytes rather than losing them.
                state.spillFailed = true
            }
            state.chunks.append(data)
            state.buffered += data.count
            state.highWater = max(state.highWater, state.buffered)
            return nil
        }
    }

    /// Ends the body: normally (nil) or with the transport's error. Later calls are ignored.
    package func finish(throwing error: (any Error)?) {
        let (waiter, ended) = state.withLock {
            state -> (CheckedContinuation<Data?, any Error>?, (@Sendable () -> Void)?) in
            guard state.end == nil else { return (nil, nil) }
            state.end = error.map { .failure($0) } ?? .success(())
            defer { state.waiter = nil }
            // A reader waits only when nothing is buffered.
            return (state.waiter, Self.dropHooks(&state))
        }
        ended?()
        guard let waiter else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    // MARK: Consumer

    /// The next chunk, waiting for one; nil at the end.
    package func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            let (result, resume) = state.withLock { state -> (Result<Data?, any Error>?, (@Sendable () -> Void)?) in
                if state.cancelled { return (.failure(CancellationError()), nil) }
                if state.first < state.chunks.count {
                    let chunk = state.chunks[state.first]
                    state.chunks[state.first] = Data()
                    state.first += 1
                    state.buffered -= chunk.count
                    if state.first == state.chunks.count {
                        state.chunks.removeAll(keepingCapacity: true)
                        state.first = 0
                    } else if state.first >= 64, state.first * 2 >= state.chunks.count {
                        state.chunks.removeFirst(state.first)
                        state.first = 0
                    }
                    var resume: (@Sendable () -> Void)?
                    if state.paused, state.buffered <= limit / 2 {
                        state.paused = false
                        resume = state.resume
                    }
                    return (.success(chunk), resume)
                }
                if let spill = state.spill, spill.unread > 0 {
                    do {
                        return (.success(try spill.read(upTo: Self.spillReadSize)), nil)
                    } catch {
                        state.cancelled = true
                        return (.failure(error), state.cancel)
                    }
                }
                switch state.end {
                case .success?:
                    // Read to the end: the temporary file, emptied, is closed now, not when the
                    // stream is dropped.
                    if let spill = state.spill { state.spillHighWaterAtEnd = spill.highWaterMark }
                    state.spill = nil
                    return (.success(nil), nil)
                case .failure(let error)?:
                    // The error is thrown once; the stream then ends.
                    state.end = .success(())
                    return (.failure(error), nil)
                case nil:
                    state.waiter = continuation
                    var resume: (@Sendable () -> Void)?
                    if state.paused {
                        state.paused = false
                        resume = state.resume
                    }
                    return (nil, resume)
                }
            }
            resume?()
            if let result { continuation.resume(with: result) }
        }
    }

    /// Stops the producer and discards the buffer; a waiting reader throws `CancellationError`.
    package func cancel() {
        let (waiter, hook, ended) = state.withLock {
            state -> (CheckedContinuation<Data?, any Error>?, (@Sendable () -> Void)?, (@Sendable () -> Void)?) in
            guard !state.cancelled else { return (nil, nil, nil) }
            let finished = state.end != nil
            state.cancelled = true
            state.chunks = []
            state.spill = nil
            state.first = 0
            state.buffered = 0
            defer { state.waiter = nil }
            if finished { return (state.waiter, nil, nil) }
            state.cancelRequested = true
            let cancel = state.cancel
            return (state.waiter, cancel, Self.dropHooks(&state))
        }
        waiter?.resume(throwing: CancellationError())
        hook?()
        ended?()
    }
}
