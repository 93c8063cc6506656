public import Foundation
import Synchronization

extension HTTPRequest {
    /// The bytes a request sends: held in memory, read from files while they go out, or produced
    /// by an `AsyncSequence`.
    ///
    /// Only an in-memory body is ever held whole. A file body (and a multipart form with file
    /// parts) is read from disk in chunks as the transport sends it, and opened again for every
    /// attempt: a retry or a 307/308 redirect sends the whole file again, never a half-read one.
    /// A stream body made with ``stream(length:_:)`` gets a fresh sequence from its factory for
    /// every attempt; one made with ``stream(length:once:)`` can be sent only once, and a second
    /// send (a retry, a 307/308) fails with `URLError(.requestBodyStreamExhausted)` instead of
    /// sending a half-empty body.
    ///
    /// A body of known length is sent with `Content-Length`; a stream of unknown length with
    /// `Transfer-Encoding: chunked`.
    public struct Body: Sendable {
        /// One piece of a body read from several sources in order (a multipart form).
        enum Piece: Sendable {
            case data(Data)
            case file(URL)
        }

        enum Storage: Sendable {
            case data(Data)
            case pieces([Piece])
            case stream(StreamSource)
        }

        let storage: Storage
        /// The form the pieces were made from, for the `curl` rendering of a multipart body.
        let form: RequestBody.Multipart?

        init(storage: Storage, form: RequestBody.Multipart? = nil) {
            self.storage = storage
            self.form = form
        }

        /// Bytes held in memory.
        public static func data(_ data: Data) -> Body { Body(storage: .data(data)) }

        /// The contents of the file at `url`, read from disk as they are sent.
        ///
        /// The file is opened when the request is sent (and again for every attempt); a file
        /// that cannot be read then fails the attempt with `URLError(.fileDoesNotExist)` or
        /// `URLError(.noPermissionsToReadFile)` before any byte goes out.
        public static func file(_ url: URL) -> Body { Body(storage: .pieces([.file(url)])) }

        /// Chunks from a sequence that `makeSequence` makes afresh for every attempt, so a retry
        /// or a redirect sends the whole body again.
        ///
        /// - Parameters:
        ///   - length: The body's size in bytes when known (sent as `Content-Length`; the
        ///     sequence must produce exactly that many bytes), nil to send it chunked.
        ///   - makeSequence: Makes the sequence of chunks for one attempt.
        public static func stream<Chunks: AsyncSequence & Sendable>(
            length: Int64?, _ makeSequence: @escaping @Sendable () -> Chunks
        ) -> Body where Chunks.Element: DataProtocol {
            Body(storage: .stream(StreamSource(length: length) { ChunkIterator(makeSequence()) }))
        }

        /// Chunks from `sequence`, which can be sent only once: a second attempt (a retry, a
        /// 307/308 redirect) fails with `URLError(.requestBodyStreamExhausted)`.
        ///
        /// - Parameters:
        ///   - length: The body's size in bytes when known, nil to send it chunked.
        ///   - sequence: The chunks.
        public static func stream<Chunks: AsyncSequence & Sendable>(length: Int64?, once sequence: Chunks) -> Body
        where Chunks.Element: DataProtocol {
            let used = Mutex(false)
            return Body(
                storage: .stream(
                    StreamSource(length: length, isReplayable: false) {
                        let alreadyUsed = used.withLock { used in
                            defer { used = true }
                            return used
                        }
                        guard !alreadyUsed else {
                            throw URLError(
                                .requestBodyStreamExhausted,
                                userInfo: [
                                    NSLocalizedDescriptionKey:
                                        "the request's stream body was already sent once and cannot be sent again "
                                        + "(make it with HTTPRequest.Body.stream(length:_:) to allow retries and redirects)"
                                ])
                        }
                        return ChunkIterator(sequence)
                    }))
        }

        /// The bytes, when the body is held in memory; nil for a file or stream body.
        public var data: Data? {
            if case .data(let data) = storage { return data }
            return nil
        }

        /// The file, when the body is one file's contents.
        public var fileURL: URL? {
            if case .pieces(let pieces) = storage, pieces.count == 1, case .file(let url) = pieces[0] { return url }
            return nil
        }

        /// Whether the body can be sent more than once (a retry, a 307/308 redirect).
        public var isReplayable: Bool {
            if case .stream(let source) = storage { return source.isReplayable }
            return true
        }

        /// The size in bytes when it is known now: files are measured on disk; nil for a stream
        /// of unknown length or a file that cannot be read.
        public var length: Int64? {
            switch storage {
            case .data(let data): return Int64(data.count)
            case .stream(let source): return source.length
            case .pieces(let pieces):
                var total: Int64 = 0
                for piece in pieces {
                    switch piece {
                    case .data(let data): total += Int64(data.count)
                    case .file(let url):
                        guard let size = Self.fileSize(url) else { return nil }
                        total += size
                    }
                }
                return total
            }
        }

        /// The files the body reads, in order.
        var files: [URL] {
            guard case .pieces(let pieces) = storage else { return [] }
            return pieces.compactMap {
                if case .file(let url) = $0 { return url }
                return nil
            }
        }

        /// A short account of the body for logs and records: the bytes' count, the file names, or
        /// "stream"; never the contents.
        public var summary: String {
            switch storage {
            case .data(let data): return "\(data.count) bytes"
            case .stream(let source): return "stream of " + (source.length.map { "\($0) bytes" } ?? "unknown length")
            case .pieces:
                let names = files.map(\.lastPathComponent).joined(separator: ", ")
                return (length.map { "\($0) bytes" } ?? "unknown length") + " from " + names
            }
        }

        static func fileSize(_ url: URL) -> Int64? {
            var info = stat()
            guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Int64(info.st_size)
        }
    }
}

extension HTTPRequest.Body {
    /// A stream body's source: its declared length and how to get an attempt's chunks.
    struct StreamSource: Sendable {
        let length: Int64?
        let isReplayable: Bool
        let makeIterator: @Sendable () throws -> ChunkIterator

        init(length: Int64?, isReplayable: Bool = true, makeIterator: @escaping @Sendable () throws -> ChunkIterator) {
            self.length = length
            self.isReplayable = isReplayable
            self.makeIterator = makeIterator
        }
    }

    /// One attempt's walk over a stream body's chunks.
    ///
    /// `@unchecked Sendable`: the iterator inside is used by one task only (the pump that fills
    /// the transport's buffer), one `next()` at a time.
    final class ChunkIterator: @unchecked Sendable {
        private let nextChunk: () async throws -> Data?

        init<Chunks: AsyncSequence>(_ sequence: Chunks) where Chunks.Element: DataProtocol {
            var iterator = sequence.makeAsyncIterator()
            nextChunk = { try await iterator.next().map { Data($0) } }
        }

        func next() async throws -> Data? { try await nextChunk() }
    }
}
