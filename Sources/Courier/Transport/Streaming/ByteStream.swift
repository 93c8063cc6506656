public import Foundation
import Synchronization

extension HTTPResponse {
    /// A response body that arrives in chunks while it is read: what ``HTTPClient/stream(_:)``
    /// returns after the status and headers.
    ///
    /// ```swift
    /// let response = try await client.stream(Request<Data>(path: "/export.ndjson"))
    /// for try await chunk in response.body {
    ///     try file.write(contentsOf: chunk)
    /// }
    /// ```
    ///
    /// **Backpressure.** The built-in transports keep at most a bounded number of bytes
    /// (about 1 MiB) ahead of the reader: when the reader is slower than the network they stop
    /// reading from the socket until it catches up, so memory stays bounded whatever the body's
    /// size. (URLSessionTransport on Linux cannot stop reading: beyond about 1 MiB it keeps the
    /// unread bytes in a temporary file, removed when the stream ends, and hands them over in
    /// order; a reader more than 1 GiB behind ends with an error.)
    ///
    /// **Errors.** A failure after the body started (the connection reset, the body cut short, a
    /// timeout) ends the sequence by throwing an ``HTTPError`` carrying the response's status and
    /// headers. Cancelling the task that reads, or dropping the stream and its iterators before
    /// the end, stops the transfer and closes its connection.
    ///
    /// A stream is read once: iterate it with one iterator at a time (a second iteration sees
    /// what the first left). ``lines`` reads it as text lines.
    public struct ByteStream: AsyncSequence, Sendable {
        /// A chunk of body bytes; never empty.
        public typealias Element = Data
        /// How reading the body fails.
        public typealias Failure = HTTPError

        let handle: ByteStreamHandle

        /// A stream of one chunk holding `data` (none when `data` is empty): the body of a
        /// transport that received it whole.
        public init(_ data: Data) {
            handle = ByteStreamHandle(source: WholeBody(data))
        }

        /// A stream of the chunks of `chunks`, for a transport of your own; empty chunks are
        /// skipped. An error `chunks` throws ends the stream as ``HTTPError/Kind/transport(_:)``.
        public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
            handle = ByteStreamHandle(source: SequenceSource(chunks))
        }

        /// A stream reading `source`.
        package init(source: any ByteSource) {
            handle = ByteStreamHandle(source: source)
        }

        /// Makes the iterator; see the type's documentation about reading once. Its type is not
        /// named: `for try await` is how a stream is read.
        public func makeAsyncIterator() -> some AsyncIteratorProtocol<Data, HTTPError> { Iterator(handle: handle) }

        /// Stops the transfer and closes its connection; the stream then ends (an iteration
        /// waiting for bytes throws ``HTTPError/Kind/cancelled``). Nothing happens when the body
        /// was read to its end already.
        public func cancel() { handle.cancel() }

        /// Reads the rest of the body into memory.
        ///
        /// - Parameter limit: The most bytes to collect; the body must not be longer.
        /// - Throws: ``HTTPError`` when reading fails, or ``HTTPError/Kind/validationFailed(reason:)``
        ///   when the body is longer than `limit` (the transfer is then stopped).
        public func collect(upTo limit: Int) async throws(HTTPError) -> Data {
            var iterator = Iterator(handle: handle)
            var data = Data()
            while let chunk = try await iterator.next() {
                guard data.count + chunk.count <= limit else {
                    cancel()
                    throw handle.wrap(LimitExceeded(limit: limit), asValidation: true)
                }
                data.append(chunk)
            }
            return data
        }

        /// The most bytes the transport held ahead of the reader at any time: at most its bound
        /// plus one network read. nil for a stream that is not buffered by a transport.
        package var bufferHighWaterMark: Int? { (handle.source as? StreamBuffer)?.highWaterMark }

        /// Whether bytes past the transport's bound went to a temporary file (URLSessionTransport
        /// on Linux, which cannot pause a transfer).
        package var hasSpilledToDisk: Bool { ((handle.source as? StreamBuffer)?.spillHighWaterMark ?? 0) > 0 }

        /// Whether the transport has stopped reading because its buffer is full.
        package var isTransportPaused: Bool { (handle.source as? StreamBuffer)?.isProducerPaused ?? false }

        /// Gives the stream's errors the context of the call that made it and has `end` called
        /// once when the stream ends: at its end (nil), on a failure, or when it is cancelled or
        /// dropped.
        package func attach(
            request: HTTPRequest, response: HTTPResponse, attempts: Int,
            end: @escaping @Sendable (HTTPError?) -> Void
        ) -> ByteStream {
            handle.attach(ByteStreamHandle.Context(request: request, response: response, attempts: attempts), end: end)
            return self
        }

        /// Iterates a ``ByteStream``.
        struct Iterator: AsyncIteratorProtocol {
            let handle: ByteStreamHandle

            /// The next chunk, or nil at the end of the body.
            mutating func next() async throws(HTTPError) -> Data? {
                try await handle.next()
            }

            /// The next chunk, or nil at the end of the body.
            mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError) -> Data? {
                try await handle.next()
            }
        }

        struct LimitExceeded: Error, CustomStringConvertible {
            let limit: Int
            var description: String { "the body is longer than \(limit) bytes" }
        }
    }
}

/// Where a ``HTTPResponse/ByteStream`` gets its chunks: a transport's bounded buffer
/// (``StreamBuffer``), a body received whole, or a sequence.
package protocol ByteSource: Sendable {
    /// The next chunk, nil at the end; throws the transport's error (a `URLError`), or
    /// `CancellationError` after ``cancel()``.
    func next() async throws -> Data?
    /// Stops the producer (the transfer) and discards what is buffered. Idempotent.
    func cancel()
}

/// The shared state of a ``HTTPResponse/ByteStream`` and its iterators: it cancels the source
/// when the last of them is dropped before the end, and reports the end once.
final class ByteStreamHandle: Sendable {
    struct Context: Sendable {
        let request: HTTPRequest
        let response: HTTPResponse
        let attempts: Int
    }

    private struct State {
        var context: Context?
        var end: (@Sendable (HTTPError?) -> Void)?
        var ended = false
    }

    let source: any ByteSource
    private let state = Mutex(State())

    init(source: any ByteSource) {
        self.source = source
    }

    deinit {
        let (ended, context) = state.withLock { ($0.ended, $0.context) }
        guard !ended else { return }
        source.cancel()
        let error = context.map {
            HTTPError(
                .cancelled, method: $0.request.method, url: $0.request.url, response: $0.response,
                attempts: $0.attempts)
        }
        finish(error ?? HTTPError(.cancelled, method: .get, url: nil))
    }

    func attach(_ context: Context, end: @escaping @Sendable (HTTPError?) -> Void) {
        state.withLock {
            $0.context = context
            $0.end = end
        }
    }

    func next() async throws(HTTPError) -> Data? {
        if state.withLock({ $0.ended }) { return nil }
        let source = source
        do {
            while true {
                let chunk = try await withTaskCancellationHandler {
                    try await source.next()
                } onCancel: {
                    source.cancel()
                }
                guard let chunk else {
                    finish(nil)
                    return nil
                }
                if !chunk.isEmpty { return chunk }
            }
        } catch {
            let wrapped = wrap(Task.isCancelled ? CancellationError() : error, asValidation: false)
            finish(wrapped)
            throw wrapped
        }
    }

    func cancel() { source.cancel() }

    /// The error the stream throws for `error`, with the call's context.
    func wrap(_ error: any Error, asValidation: Bool) -> HTTPError {
        if let error = error as? HTTPError { return error }
        let context = state.withLock { $0.context }
        let method = context?.request.method ?? .get
        let url = context?.request.url
        let kind: HTTPError.Kind
        if asValidation {
            kind = .validationFailed(reason: String(describing: error))
        } else if error is CancellationError || (error as? URLError)?.code == .cancelled {
            kind = .cancelled
        } else {
            kind = .transport(error)
        }
        return HTTPError(kind, method: method, url: url, response: context?.response, attempts: context?.attempts ?? 1)
    }

    private func finish(_ error: HTTPError?) {
        let end = state.withLock { state -> (@Sendable (HTTPError?) -> Void)? in
            guard !state.ended else { return nil }
            state.ended = true
            defer { state.end = nil }
            return state.end
        }
        end?(error)
    }
}

/// A body received whole, handed over as one chunk.
private final class WholeBody: ByteSource {
    private let data: Mutex<Data?>

    init(_ data: Data) { self.data = Mutex(data) }

    func next() async throws -> Data? {
        try Task.checkCancellation()
        return data.withLock { data in
            defer { data = nil }
            return data
        }
    }

    func cancel() { data.withLock { $0 = nil } }
}

/// Chunks from an `AsyncSequence`, read by one iterator at a time.
private final class SequenceSource<Chunks: AsyncSequence & Sendable>: ByteSource where Chunks.Element == Data {
    private let chunks: Chunks
    /// The iterator, made on first use. The mutex guards making it and handing out its box, not
    /// its use: `next()` runs outside the lock (it suspends), which is why the box is
    /// `@unchecked Sendable`, with its reason below.
    private let iterator = Mutex<IteratorBox?>(nil)
    private let cancelled = Mutex(false)

    /// `@unchecked Sendable`: the iterator is used by one reader at a time (a ByteStream is read
    /// once, by one iterator), so it never runs concurrently with itself.
    private final class IteratorBox: @unchecked Sendable {
        var base: Chunks.AsyncIterator
        init(_ base: Chunks.AsyncIterator) { self.base = base }
    }

    init(_ chunks: Chunks) { self.chunks = chunks }

    func next() async throws -> Data? {
        if cancelled.withLock({ $0 }) { throw CancellationError() }
        let box = iterator.withLock { box in
            if let box { return box }
            let made = IteratorBox(chunks.makeAsyncIterator())
            box = made
            return made
        }
        return try await box.base.next()
    }

    func cancel() { cancelled.withLock { $0 = true } }
}
