import Foundation

/// The opening handshake over a byte connection a transport made (RFC 6455 section 4.1): writes
/// the upgrade request, reads the answer head (at most ``headLimit``), and either starts a
/// ``WebSocketSession`` on a 101 that completes the handshake or reads a refusal's body (at most
/// ``bodyLimit``). Blocking, with a deadline on every wait: run by the transport off Swift's
/// cooperative pool.
enum WebSocketOpening {
    /// The most bytes of a refused handshake's body kept for the error.
    static let bodyLimit = 1 << 20
    /// The longest answer head read.
    static let headLimit = 64 << 10

    /// The server's answer to `request` on `channel`: a 101 carries the connection
    /// (``HTTPResponse/webSocket``, not started); any other status its body, `channel` closed.
    ///
    /// - Throws: `URLError` when the answer is not a valid one (`.badServerResponse`, saying why),
    ///   the deadline passes (`.timedOut`) or the connection fails.
    static func run(
        _ request: HTTPRequest, on channel: any WebSocketChannel, options: WebSocket.Options,
        deadline: ContinuousClock.Instant
    ) throws -> HTTPResponse {
        let handshake = WebSocketHandshake()
        // Offered when asked for and zlib is there; a request with its own extensions header
        // offers what it says, and permessage-deflate is then accepted if it was among them.
        let offersDeflate = options.compression && Zlib.loaded != nil
        let offered =
            request.headers["Sec-WebSocket-Extensions"].map { $0.lowercased().contains("permessage-deflate") }
            ?? offersDeflate
        let head = handshake.requestHead(for: request, offerDeflate: offersDeflate)
        guard try channel.send(head, until: deadline) == head.count else {
            throw URLError(
                .timedOut,
                userInfo: [NSLocalizedDescriptionKey: "the WebSocket handshake request was not taken in time"])
        }
        var received = Data()
        var answer: (head: WebSocketHandshake.ResponseHead, bodyStart: Int)?
        while answer == nil {
            guard try read(from: channel, into: &received, until: deadline) else {
                throw badAnswer("the server closed the connection during the WebSocket handshake")
            }
            answer = try WebSocketHandshake.readAnswer(received)
        }
        guard let (answerHead, bodyStart) = answer else { throw badAnswer("no answer") }
        var leftover = Data(received[(received.startIndex + bodyStart)...])
        if answerHead.statusCode == 101 {
            if let problem = handshake.problem(with: answerHead) { throw badAnswer("WebSocket handshake: \(problem)") }
            let deflate: PerMessageDeflate?
            switch PerMessageDeflate.negotiate(
                answer: answerHead.headers.values(for: "Sec-WebSocket-Extensions"), offered: offered)
            {
            case .success(let parameters): deflate = parameters
            case .failure(let problem): throw badAnswer("WebSocket handshake: \(problem.reason)")
            }
            var response = HTTPResponse(statusCode: 101, headers: answerHead.headers, url: request.url)
            response.webSocket = WebSocketSession(
                channel: channel, options: options, leftover: leftover, deflate: deflate)
            return response
        }
        // Refused: read the body (its Content-Length, or until the server closes), bounded.
        defer { channel.close() }
        let limit = min(try answerHead.contentLength() ?? bodyLimit, bodyLimit)
        while leftover.count < limit, (try? read(from: channel, into: &leftover, until: deadline)) == true {}
        return HTTPResponse(
            statusCode: answerHead.statusCode, headers: answerHead.headers, body: leftover.prefix(limit),
            url: request.url)
    }

    static func badAnswer(_ reason: String) -> URLError {
        URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: reason])
    }

    /// Reads what arrives next into `data`, waiting until `deadline`. False at the end of the
    /// stream.
    private static func read(
        from channel: any WebSocketChannel, into data: inout Data, until deadline: ContinuousClock.Instant
    ) throws -> Bool {
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
                guard left > .zero else {
                    throw URLError(
                        .timedOut,
                        userInfo: [
                            NSLocalizedDescriptionKey: "the server did not answer the WebSocket handshake in time"
                        ])
                }
                let (seconds, attoseconds) = left.components
                let milliseconds =
                    seconds > Int64(Int32.max)
                    ? Int64(Int32.max) : seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
                channel.waitReadable(milliseconds: Int32(clamping: milliseconds))
            }
        }
    }
}
