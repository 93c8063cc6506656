import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one attempt's request body in order, chunk by chunk, for a transport: bytes in memory,
/// files through their descriptors (never loaded whole), a stream through its
/// ``BodyStreamBuffer``.
///
/// Made afresh for every attempt and every redirect hop, so each one sends the whole body: files
/// are opened again, a stream body's factory makes a new sequence. Opening fails before any byte
/// is sent when a file cannot be read or a one-shot stream was already used.
///
/// `@unchecked Sendable`: a reader is used by one transfer at a time, from the one thread the
/// transport reads bodies on (libcurl's loop thread, or URLSession's), after being made on the
/// caller's thread and handed over through the transport's own synchronisation.
final class BodyReader: @unchecked Sendable {
    private enum Piece {
        case data(Data)
        case file(descriptor: Int32, size: Int64, url: URL)
    }

    /// The body's size, sent as `Content-Length`; nil sends it chunked.
    let length: Int64?
    private var pieces: [Piece] = []
    private var index = 0
    private var offset: Int64 = 0
    /// The buffer of a stream body.
    let stream: BodyStreamBuffer?

    /// Opens `body` for one attempt.
    ///
    /// - Throws: `URLError(.fileDoesNotExist)`, `.noPermissionsToReadFile` or `.cannotOpenFile`
    ///   for a file that cannot be read; `.requestBodyStreamExhausted` for a one-shot stream
    ///   already sent.
    init(_ body: HTTPRequest.Body) throws(URLError) {
        switch body.storage {
        case .data(let data):
            pieces = [.data(data)]
            length = Int64(data.count)
            stream = nil
        case .stream(let source):
            let iterator: HTTPRequest.Body.ChunkIterator
            do {
                iterator = try source.makeIterator()
            } catch let error as URLError {
                throw error
            } catch {
                throw URLError(.requestBodyStreamExhausted, userInfo: [NSUnderlyingErrorKey: error])
            }
            length = source.length
            stream = BodyStreamBuffer(iterator: iterator, length: source.length)
        case .pieces(let parts):
            stream = nil
            var total: Int64 = 0
            for part in parts {
                switch part {
                case .data(let data):
                    pieces.append(.data(data))
                    total += Int64(data.count)
                case .file(let url):
                    let opened: (Int32, Int64)
                    do {
                        opened = try Self.open(url)
                    } catch {
                        for case .file(let descriptor, _, _) in pieces { _ = closeDescriptor(descriptor) }
                        throw error
                    }
                    pieces.append(.file(descriptor: opened.0, size: opened.1, url: url))
                    total += opened.1
                }
            }
            length = total
        }
    }

    deinit { close() }

    /// The outcome of one read.
    enum Read {
        /// This many bytes were copied.
        case bytes(Int)
        /// The body is complete.
        case end
        /// A stream body has no bytes yet; ``BodyStreamBuffer/whenReadable(_:)`` says when.
        case wait
    }

    /// Copies the next bytes into `buffer` without waiting for a stream; when a stream has none
    /// yet (``Read/wait``), `whenReadable` runs once some arrive or the stream ends.
    func read(into buffer: UnsafeMutableRawBufferPointer, whenReadable: (@Sendable () -> Void)?) throws -> Read {
        if let stream {
            switch try stream.take(into: buffer, whenReadable: whenReadable) {
            case .bytes(let count): return .bytes(count)
            case .end: return .end
            case .wait: return .wait
            }
        }
        let count = try readPieces(into: buffer)
        return count == 0 ? .end : .bytes(count)
    }

    /// Copies the next bytes into `buffer`, waiting on this thread for a stream's; 0 at the end.
    func readWaiting(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let stream { return try stream.takeWaiting(into: buffer) }
        return try readPieces(into: buffer)
    }

    /// Closes the files and stops a stream's pump.
    func close() {
        for case .file(let descriptor, _, _) in pieces { _ = closeDescriptor(descriptor) }
        pieces.removeAll()
        stream?.close()
    }

    private func readPieces(into buffer: UnsafeMutableRawBufferPointer) throws(URLError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while index < pieces.count {
            switch pieces[index] {
            case .data(let data):
                let left = data.count - Int(offset)
                if left > 0 {
                    let count = min(left, buffer.count)
                    data.withUnsafeBytes { bytes in
                        buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + Int(offset), byteCount: count)
                    }
                    offset += Int64(count)
                    return count
                }
            case .file(let descriptor, let size, let url):
                let left = size - offset
                if left > 0 {
                    let wanted = Int(min(Int64(buffer.count), left))
                    let count = systemRead(descriptor, buffer.baseAddress!, wanted)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else {
                        throw URLError(
                            .cannotOpenFile,
                            userInfo: [
                                NSLocalizedDescriptionKey:
                                    "the file \(url.path) "
                                    + (count == 0 ? "became shorter while it was sent" : "could not be read")
                            ])
                    }
                    offset += Int64(count)
                    return count
                }
            }
            index += 1
            offset = 0
        }
        return 0
    }

    /// Opens a regular file for reading: its descriptor and size.
    private static func open(_ url: URL) throws(URLError) -> (Int32, Int64) {
        let descriptor = openForReading(url.path)
        guard descriptor >= 0 else {
            let code: URLError.Code =
                switch errno {
                case ENOENT, ENOTDIR: .fileDoesNotExist
                case EACCES, EPERM: .noPermissionsToReadFile
                case EISDIR: .fileIsDirectory
                default: .cannotOpenFile
                }
            throw URLError(
                code, userInfo: [NSLocalizedDescriptionKey: "the body's file \(url.path) cannot be read: \(code)"])
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            _ = closeDescriptor(descriptor)
            throw URLError(
                .fileIsDirectory,
                userInfo: [NSLocalizedDescriptionKey: "the body's file \(url.path) is not a regular file"])
        }
        return (descriptor, Int64(info.st_size))
    }
}

private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
