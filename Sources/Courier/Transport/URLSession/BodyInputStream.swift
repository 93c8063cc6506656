import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `httpBodyStream` through which ``URLSessionTransport`` sends a file, multipart or stream
/// body: URLSession pulls the bytes from a ``BodyReader`` as it sends them, so a file is never
/// loaded whole.
///
/// FoundationNetworking reads it synchronously on its own thread while it feeds libcurl and asks
/// `hasBytesAvailable` before each read (false ends the body), so a stream body's read waits on
/// that thread until its pump has bytes. FoundationNetworking reports upload progress for it to
/// the delegate (`didSendBodyData`), with `Content-Length` set by the transport when the length
/// is known; without one it sends the body chunked.
///
/// URLSession uses a body stream from one thread at a time, so its state needs no lock.
final class BodyInputStream: InputStream {
    private let reader: BodyReader
    private var status: Stream.Status = .notOpen
    private var failure: (any Error)?

    init(_ reader: BodyReader) {
        self.reader = reader
        super.init(data: Data())
    }

    override func open() { status = .open }

    override func close() {
        status = .closed
        reader.close()
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { failure }
    override var hasBytesAvailable: Bool { status == .open || status == .notOpen }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard hasBytesAvailable else { return 0 }
        do {
            let count = try reader.readWaiting(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
            if count == 0 { status = .atEnd }
            return count
        } catch {
            failure = error
            status = .error
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool { false }
}
