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
    }

    /// Parses a response head (without its final empty line); nil when it is not HTTP/1.x.
    static func parseHead(_ data: Data) -> ResponseHead? {
        guard let text = String(data: data, encoding: .isoLatin1) else { return nil }
        var lines = text.components(separatedBy: "\r\n")
        guard !lines.isEmpty else { return nil }
        let status = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard status.count >= 2, status[0].hasPrefix("HTTP/1."), let code = Int(status[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.add(
                name: String(line[..<colon]),
                value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return ResponseHead(statusCode: code, headers: headers)
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
