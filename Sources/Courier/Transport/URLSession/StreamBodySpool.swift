#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking

/// A stream body written to a temporary file before `URLSessionTransport` sends it (Linux).
///
/// FoundationNetworking reads a body stream on its one internal queue, which every session in
/// the process shares, while a stream body's chunks come from an `AsyncSequence` running on the
/// cooperative pool. Waiting on that queue for the next chunk stalls every URLSession (and
/// deadlocks once the pool's threads themselves wait for the queue, as creating a task does).
/// So the chunks are written to a file first, and the file is sent with its `Content-Length`,
/// read from disk by FoundationNetworking; memory stays bounded and nothing waits on its queue.
/// The file is removed when the attempt ends. `CurlTransport` (the default on Linux) streams the
/// body as it is produced instead.
struct StreamBodySpool {
    /// The request to send: the original, or one whose body is the spooled file.
    let request: HTTPRequest
    private let file: URL?

    /// Writes `request`'s stream body, if it has one, to a temporary file.
    ///
    /// - Throws: The sequence's error; `URLError(.requestBodyStreamExhausted)` when it produced a
    ///   length other than the declared one or is a one-shot stream already sent;
    ///   `URLError(.cannotCreateFile)`/`.cannotWriteToFile` when the file cannot be written.
    init(_ request: HTTPRequest) async throws {
        guard let body = request.body, case .stream(let source) = body.storage else {
            self.request = request
            file = nil
            return
        }
        let iterator = try source.makeIterator()
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-body-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { throw URLError(.cannotCreateFile) }
        do {
            defer { try? handle.close() }
            var produced: Int64 = 0
            while let chunk = try await iterator.next() {
                produced += Int64(chunk.count)
                if let length = source.length, produced > length {
                    throw BodyStreamBuffer.lengthError(produced: produced, length: length, more: true)
                }
                do {
                    try handle.write(contentsOf: chunk)
                } catch {
                    throw URLError(.cannotWriteToFile, userInfo: [NSUnderlyingErrorKey: error])
                }
            }
            if let length = source.length, produced != length {
                throw BodyStreamBuffer.lengthError(produced: produced, length: length, more: false)
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        var spooled = request
        spooled.body = .file(url)
        self.request = spooled
        file = url
    }

    /// Removes the temporary file, if there is one.
    func remove() {
        if let file { try? FileManager.default.removeItem(at: file) }
    }
}
#endif
