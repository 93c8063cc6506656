#if os(Linux)
import Foundation
import Glibc

/// The state of a transfer whose body is streamed (``CurlTransport/stream(_:)``): the buffer the
/// body goes to and what the loop thread knows of the response heads so far.
///
/// Touched only by the loop thread, through the transfer's callbacks (see ``CurlTransfer``).
final class CurlStreamedBody {
    /// Where the final response's body goes, bounded; a full buffer pauses the transfer.
    let buffer: StreamBuffer
    /// The request of this hop, to tell a redirect the transport follows from the response.
    let request: HTTPRequest
    /// The status of the head arriving, and whether that head is complete.
    var headStatus = 0
    var headComplete = false
    /// Set once the final head was handed to the caller: the body now goes to `buffer`.
    var started = false

    init(buffer: StreamBuffer, request: HTTPRequest) {
        self.buffer = buffer
        self.request = request
    }
}

extension LibCurl {
    /// `curl_easy_pause`, looked up beside the functions `LibCurl` loads (the same library
    /// handle: `dlopen` of a loaded library returns it again); nil if libcurl lacks it.
    static let easyPause: (@convention(c) (Handle, Int32) -> Int32)? = {
        guard let library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL),
            let symbol = dlsym(library, "curl_easy_pause")
        else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Handle, Int32) -> Int32).self)
    }()
}

extension CurlOption {
    /// `CURLOPT_BUFFERSIZE`: the largest chunk the write callback receives.
    static let bufferSize: Int32 = 98
    /// The receive buffer of a streamed transfer: fewer, larger chunks for the reader.
    static let streamedBufferSize = 256 * 1024
    /// `CURL_WRITEFUNC_PAUSE`: the write callback's answer that pauses the transfer, keeping the chunk.
    static let writeFunctionPause = 0x1000_0001
    /// `CURLPAUSE_CONT`: unpause both directions.
    static let pauseContinue: Int32 = 0
}

// Loop thread only: called from libcurl's callbacks and from the event loop.
extension CurlTransfer {
    /// Follows the heads of a streamed transfer line by line; when the final response's head is
    /// complete, hands it to the caller, and the body that follows goes to the buffer.
    func streamHeaderLine(_ line: UnsafeRawBufferPointer, streamed: CurlStreamedBody) {
        if Self.isStatusLine(line) {
            streamed.headStatus = Self.statusCode(ofStatusLine: line)
            streamed.headComplete = false
            return
        }
        guard !streamed.headComplete, !streamed.started,
            line.allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") })
        else { return }
        streamed.headComplete = true
        guard streamed.headStatus >= 200 else { return }
        let response = Outcome(status: streamed.headStatus, head: head, body: Data()).response(
            url: streamed.request.url)
        // A redirect the transport goes on to follow is received whole, as `send` does.
        if streamed.request.followsRedirects, Redirects.request(after: response, to: streamed.request) != nil { return }
        streamed.started = true
        continuation?.resume(returning: Outcome(status: streamed.headStatus, head: head, body: Data()))
        continuation = nil
    }

    /// A chunk of a streamed body: what the write callback returns (the length when taken,
    /// `CURL_WRITEFUNC_PAUSE` when the buffer is full, 0 to abort when the reader is gone).
    func streamBody(_ bytes: UnsafeRawBufferPointer, streamed: CurlStreamedBody) -> Int {
        switch streamed.buffer.offer(bytes) {
        case .accepted: bytes.count
        case .full: CurlOption.writeFunctionPause
        case .cancelled: 0
        }
    }
}

extension CurlTransport {
    /// Sends the request and returns at the final response's head; the body follows in
    /// ``HTTPResponse/bodyStream``, paused whenever about 1 MiB waits unread.
    public func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await performFollowingRedirects(request, streaming: true)
    }
}
#endif
