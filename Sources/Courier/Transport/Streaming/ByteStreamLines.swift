import Foundation

extension HTTPResponse.ByteStream {
    /// The body read as UTF-8 text lines, without their line ends.
    ///
    /// A line ends at LF or CRLF; a last line without a line end is read too, and an empty body
    /// has no lines. Bytes that are not valid UTF-8 become U+FFFD.
    ///
    /// ```swift
    /// for try await line in try await client.stream(Request<Data>(path: "/logs/app.log")).body.lines {
    ///     print(line)
    /// }
    /// ```
    ///
    /// A line longer than 1 MiB ends the sequence with ``HTTPError/Kind/validationFailed(reason:)``,
    /// so a body without line ends cannot fill memory.
    public var lines: some AsyncSequence<String, HTTPError> & Sendable {
        Lines(bytes: self, maximumLength: Lines.defaultMaximumLength)
    }

    /// The lines of a ``HTTPResponse/ByteStream``: see ``HTTPResponse/ByteStream/lines``.
    struct Lines: AsyncSequence, Sendable {
        typealias Element = String
        typealias Failure = HTTPError

        /// The longest line read (1 MiB).
        static let defaultMaximumLength = 1 << 20

        let bytes: HTTPResponse.ByteStream
        let maximumLength: Int

        func makeAsyncIterator() -> Iterator {
            Iterator(
                bytes: HTTPResponse.ByteStream.Iterator(handle: bytes.handle), handle: bytes.handle,
                maximumLength: maximumLength)
        }

        /// Iterates the lines.
        struct Iterator: AsyncIteratorProtocol {
            var bytes: HTTPResponse.ByteStream.Iterator
            let handle: ByteStreamHandle
            let maximumLength: Int
            /// Unread bytes: `pending[start...]`; `scanned` bytes after `start` hold no LF.
            var pending: [UInt8] = []
            var start = 0
            var scanned = 0
            var done = false

            init(bytes: HTTPResponse.ByteStream.Iterator, handle: ByteStreamHandle, maximumLength: Int) {
                self.bytes = bytes
                self.handle = handle
                self.maximumLength = maximumLength
            }

            /// The next line, or nil after the last.
            mutating func next() async throws(HTTPError) -> String? {
                try await next(isolation: nil)
            }

            /// The next line, or nil after the last.
            mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError) -> String? {
                while true {
                    if let newline = pending[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                        let line = text(pending[start..<newline])
                        start = newline + 1
                        scanned = 0
                        return line
                    }
                    scanned = pending.count - start
                    guard scanned <= maximumLength else {
                        bytes.handle.cancel()
                        done = true
                        throw handle.wrap(LineTooLong(limit: maximumLength), asValidation: true)
                    }
                    guard !done, let chunk = try await bytes.next(isolation: actor) else {
                        done = true
                        guard start < pending.count else { return nil }
                        let line = text(pending[start...])
                        pending = []
                        start = 0
                        scanned = 0
                        return line
                    }
                    if start > 0, start * 2 >= pending.count {
                        pending.removeFirst(start)
                        start = 0
                    }
                    pending.append(contentsOf: chunk)
                }
            }

            private func text(_ bytes: ArraySlice<UInt8>) -> String {
                var bytes = bytes
                if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
                return String(decoding: bytes, as: UTF8.self)
            }
        }

        struct LineTooLong: Error, CustomStringConvertible {
            let limit: Int
            var description: String { "a line is longer than \(limit) bytes" }
        }
    }
}
