import Foundation
import Synchronization

/// One WebSocket call's handshakes (one per attempt) and the connection the accepted one opened.
/// Handed to the transport stage as the call's ``Exchange`` body (`.webSocket`), so the
/// interceptors, the retry policy and the event monitors see the handshake like any request.
final class WebSocketUpgrade: Sendable, Equatable {
    static func == (lhs: WebSocketUpgrade, rhs: WebSocketUpgrade) -> Bool { lhs === rhs }

    let options: WebSocket.Options
    /// The connection of the last accepted handshake (not started).
    let opened = Mutex<(any WebSocketConnection)?>(nil)

    /// The most bytes of a refused handshake's body kept for the error.
    static let bodyLimit = 1 << 20
    static let headLimit = 64 << 10

    init(options: WebSocket.Options) {
        self.options = options
    }

    /// One attempt: connects, sends the upgrade request and reads the answer. A 101 that
    /// completes the handshake keeps its connection in ``opened``; any other status comes back
    /// with its body (at most 1 MiB), its connection closed.
    func attempt(_ request: HTTPRequest, transport: any HTTPTransport) async throws -> HTTPResponse {
        #if os(Linux)
        // The client's CurlTransport's TLS and proxy settings, the options' proxy first.
        var configured = (transport as? CurlTransport)?.connection ?? CurlConnection(proxies: .none)
        if let proxy = options.proxy { configured.proxies = proxy }
        let connection = configured
        let timeout = request.timeout ?? .seconds(60)
        return try await Self.onThread { [self] in
            let socket = try CurlWebSocketSocket(
                url: request.url, connection: connection, connectTimeout: timeout)
            do {
                return try handshake(request, on: socket, timeout: timeout)
            } catch {
                socket.close()
                throw error
            }
        }
        #else
        // Apple platforms: URLSessionWebSocketTask, on the session of the client's transport.
        guard let transport = transport as? URLSessionTransport else {
            throw URLError(
                .unsupportedURL,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "WebSocket connections need URLSessionTransport on this platform, not \(type(of: transport))"
                ])
        }
        let (response, connection) = try await transport.openWebSocket(request, options: options)
        if let connection {
            opened.withLock {
                $0?.discard()
                $0 = connection
            }
        }
        return response
        #endif
    }

    private func handshake(_ request: HTTPRequest, on channel: any WebSocketChannel, timeout: Duration) throws
        -> HTTPResponse
    {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let handshake = WebSocketHandshake()
        // Offered when asked for and zlib is there; a request with its own extensions header
        // offers what it says, and permessage-deflate is then accepted if it was among them.
        let offersDeflate = options.compression && Zlib.loaded != nil
        let offered =
            request.headers["Sec-WebSocket-Extensions"].map { $0.lowercased().contains("permessage-deflate") }
            ?? offersDeflate
        try channel.send(handshake.requestHead(for: request, offerDeflate: offersDeflate))
        var received = Data()
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Int>?
        while headEnd == nil {
            guard try Self.read(from: channel, into: &received, until: deadline) else {
                throw URLError(
                    .badServerResponse,
                    userInfo: [
                        NSLocalizedDescriptionKey: "the server closed the connection during the WebSocket handshake"
                    ])
            }
            headEnd = received.range(of: separator)
            if headEnd == nil && received.count > Self.headLimit {
                throw URLError(
                    .badServerResponse, userInfo: [NSLocalizedDescriptionKey: "handshake answer head too long"])
            }
        }
        guard let headEnd, let head = WebSocketHandshake.parseHead(received[..<headEnd.lowerBound]) else {
            throw URLError(
                .badServerResponse, userInfo: [NSLocalizedDescriptionKey: "handshake answer is not HTTP/1.1"])
        }
        var leftover = Data(received[headEnd.upperBound...])
        if head.statusCode == 101 {
            if let problem = handshake.problem(with: head) {
                throw URLError(
                    .badServerResponse, userInfo: [NSLocalizedDescriptionKey: "WebSocket handshake: \(problem)"])
            }
            let deflate: PerMessageDeflate?
            switch PerMessageDeflate.negotiate(
                answer: head.headers.values(for: "Sec-WebSocket-Extensions"), offered: offered)
            {
            case .success(let parameters): deflate = parameters
            case .failure(let problem):
                throw URLError(
                    .badServerResponse, userInfo: [NSLocalizedDescriptionKey: "WebSocket handshake: \(problem.reason)"])
            }
            let session = WebSocketSession(channel: channel, options: options, leftover: leftover, deflate: deflate)
            opened.withLock {
                $0?.discard()
                $0 = session
            }
            return HTTPResponse(statusCode: 101, headers: head.headers, url: request.url)
        }
        // Refused: read the body (its Content-Length, or until the server closes), bounded.
        let expected = head.headers["Content-Length"].flatMap(Int.init)
        let limit = min(expected ?? Self.bodyLimit, Self.bodyLimit)
        while leftover.count < limit, (try? Self.read(from: channel, into: &leftover, until: deadline)) == true {}
        channel.close()
        return HTTPResponse(
            statusCode: head.statusCode, headers: head.headers, body: leftover.prefix(limit), url: request.url)
    }

    /// Reads what arrives next into `data`, waiting until `deadline`. False at the end of the
    /// stream.
    private static func read(
        from channel: any WebSocketChannel, into data: inout Data, until deadline: ContinuousClock.Instant
    )
        throws -> Bool
    {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let result = try buffer.withUnsafeMutableBytes { try channel.receive(into: $0) }
            switch result {
            case .bytes(let count):
                data.append(contentsOf: buffer[..<count])
                return true
            case .end:
                return false
            case .wouldBlock:
                let left = deadline - .now
                guard left > .zero else { throw URLError(.timedOut) }
                let (seconds, attoseconds) = left.components
                channel.waitReadable(
                    milliseconds: Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            }
        }
    }

    /// Runs blocking work on a thread of its own, off Swift's cooperative pool.
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
