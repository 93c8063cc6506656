import Foundation

/// The opening handshake's two halves (RFC 6455 section 4): the upgrade request a client writes
/// and the check of the server's answer.
struct WebSocketHandshake {
    /// The random `Sec-WebSocket-Key`: 16 bytes, base64.
    let key: String

    init() {
        var generator = SystemRandomNumberGenerator()
        key = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    init(key: String) { self.key = key }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with.
    static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The request head: `GET` with the upgrade fields, then the request's own fields (the
    /// interceptors' authentication among them).
    func requestHead(for request: HTTPRequest, offerDeflate: Bool) -> Data {
        let url = request.url
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var host = url.host ?? ""
        if host.contains(":") { host = "[" + host + "]" }
        if let port = url.port { host += ":\(port)" }
        var head = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if offerDeflate && !request.headers.contains("Sec-WebSocket-Extensions") {
            head += "Sec-WebSocket-Extensions: \(PerMessageDeflate.offer)\r\n"
        }
        let reserved: Set<String> = [
            "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "content-length",
        ]
        for field in request.headers where !reserved.contains(field.name.lowercased()) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "\r\n"
        return Data(head.utf8)
    }

    /// A response head: the status line and fields, up to the empty line.
    struct ResponseHead {
        var statusCode: Int
        var headers: HTTPHeaders

        /// The body's length from `Content-Length` (RFC 9110 section 8.6), nil without one.
        ///
        /// - Throws: `URLError(.badServerResponse)` when it is not a decimal number that fits an
        ///   `Int` (a sign, a negative, garbage, 2^64), or several differ.
        func contentLength() throws(URLError) -> Int? {
            let values = headers.values(for: "Content-Length").flatMap {
                $0.split(separator: ",", omittingEmptySubsequences: false)
            }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = values.first else { return nil }
            guard values.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy({ (48...57).contains($0) }),
                let length = Int(first)
            else {
                throw WebSocketOpening.badAnswer("the handshake answer's Content-Length is not a valid length")
            }
            return length
        }
    }

    /// Parses a response head (without its final empty line); nil when it is not HTTP/1.x with a
    /// three-digit status and `name: value` fields.
    static func parseHead(_ data: Data) -> ResponseHead? {
        guard let text = String(data: data, encoding: .isoLatin1) else { return nil }
        var lines = text.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let status = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), status[1].count == 3,
            status[1].allSatisfy({ $0.isASCII && $0.isNumber }), let code = Int(status[1]), (100...599).contains(code)
        else { return nil }
        var headers = HTTPHeaders()
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return nil }
            headers.add(
                name: String(line[..<colon]),
                value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return ResponseHead(statusCode: code, headers: headers)
    }

    /// The answer head in the bytes received so far, and where the bytes after it start; nil
    /// while the head is incomplete.
    ///
    /// - Throws: `URLError(.badServerResponse)` saying why, when the head is longer than
    ///   ``WebSocketOpening/headLimit`` or is not a valid HTTP/1.x head.
    static func readAnswer(_ received: Data) throws(URLError) -> (head: ResponseHead, bodyStart: Int)? {
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else {
            if received.count > WebSocketOpening.headLimit {
                throw WebSocketOpening.badAnswer(
                    "the handshake answer's head is longer than \(WebSocketOpening.headLimit) bytes")
            }
            return nil
        }
        guard end.lowerBound - received.startIndex <= WebSocketOpening.headLimit else {
            throw WebSocketOpening.badAnswer(
                "the handshake answer's head is longer than \(WebSocketOpening.headLimit) bytes")
        }
        guard let head = parseHead(received[..<end.lowerBound]) else {
            throw WebSocketOpening.badAnswer("the handshake answer is not an HTTP/1.1 response head")
        }
        return (head, end.upperBound - received.startIndex)
    }

    /// Why a 101 answer does not complete the handshake, or nil when it does (section 4.1, the
    /// client's checks of the server's handshake).
    func problem(with head: ResponseHead) -> String? {
        guard head.headers["Upgrade"]?.lowercased() == "websocket" else { return "no \"Upgrade: websocket\"" }
        let connection = head.headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" }) else {
            return "no \"Connection: Upgrade\""
        }
        guard head.headers["Sec-WebSocket-Accept"] == Self.accept(for: key) else {
            return "wrong Sec-WebSocket-Accept"
        }
        return nil
    }
}

extension WebSocket {
    /// The `Sec-WebSocket-Accept` a server answers `key` with (courier-bench's echo server).
    package static func acceptValue(forKey key: String) -> String { WebSocketHandshake.accept(for: key) }
}
