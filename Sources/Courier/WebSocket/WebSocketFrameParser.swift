import Foundation

/// Why the connection must be closed: the close code RFC 6455 assigns and a short reason (sent
/// in the close frame and reported in ``WebSocketError``).
struct WebSocketViolation: Error, Equatable {
    var code: UInt16
    var reason: String

    static func protocolError(_ reason: String) -> Self { Self(code: 1002, reason: reason) }
}

/// Reads frames from the bytes a server sends, as they arrive in pieces of any size.
///
/// Refuses what a client must refuse (RFC 6455 section 5): a masked frame (1002), a reserved bit
/// that no extension claims (1002), an unknown opcode (1002), a fragmented or oversized control
/// frame (1002), and a frame longer than the largest message allowed (1009, before its payload
/// is read).
struct WebSocketFrameParser {
    /// The longest payload a data frame may have.
    var maximumPayload: Int
    /// Whether RSV1 is allowed on the first frame of a data message (permessage-deflate).
    var allowsRSV1 = false

    private let buffer = WebSocketReceiveBuffer()

    init(maximumPayload: Int) {
        self.maximumPayload = maximumPayload
    }

    mutating func append(_ bytes: Data) {
        buffer.append(bytes)
    }

    /// The most room asked for beyond the bytes already received: the buffer grows with the
    /// bytes that arrive, never by what a frame header announces.
    static let growthStep = 1 << 20

    /// Lets `read` write received bytes straight into the buffer (at least 64 KiB of room; up to
    /// ``growthStep`` when a longer frame is under way); `read` returns how many bytes it wrote.
    func receive<Result>(_ read: (UnsafeMutableRawBufferPointer) throws -> (written: Int, result: Result)) rethrows
        -> Result
    {
        try buffer.receive(atLeast: max(64 << 10, Int(min(pendingFrameBytes, UInt64(Self.growthStep)))), read)
    }

    /// How many bytes the frame under way still lacks (0 when its header is incomplete); can be
    /// as large as a header announces, so it only ever bounds a request for room, never sizes one.
    private var pendingFrameBytes: UInt64 = 0

    /// The capacity the buffer has now (tests check it stays near what arrived).
    var bufferCapacity: Int { buffer.currentCapacity }

    /// The next whole frame, or nil until more bytes arrive.
    mutating func next() throws(WebSocketViolation) -> WebSocketFrame? {
        let bytes = buffer.readable
        let available = bytes.count
        guard available >= 2 else { return nil }
        let first = bytes[0]
        let second = bytes[1]
        let fin = first & 0x80 != 0
        let rsv1 = first & 0x40 != 0
        if first & 0x30 != 0 || (rsv1 && !allowsRSV1) {
            throw .protocolError("reserved bit set")
        }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw .protocolError("unknown opcode \(first & 0x0F)")
        }
        if second & 0x80 != 0 { throw .protocolError("masked frame from the server") }
        if opcode.isControl && rsv1 { throw .protocolError("reserved bit set on a control frame") }
        var header = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(bytes[2]) << 8 | UInt64(bytes[3])
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | UInt64(bytes[index]) }
            if length >> 63 != 0 { throw .protocolError("frame length with its top bit set") }
            header = 10
        }
        if opcode.isControl {
            if !fin { throw .protocolError("fragmented control frame") }
            if length > 125 { throw .protocolError("control frame longer than 125 bytes") }
        } else if length > UInt64(max(0, maximumPayload)) {
            throw WebSocketViolation(code: 1009, reason: "message larger than \(maximumPayload) bytes")
        }
        // Compared without adding: a length near 2^63 must not overflow an Int. The payload is
        // taken only once every byte of it is here.
        let arrived = UInt64(available - header)
        guard arrived >= length else {
            pendingFrameBytes = length - arrived
            return nil
        }
        pendingFrameBytes = 0
        let count = Int(length)  // at most `arrived`, so it fits
        let payload = Data(bytes: bytes.baseAddress! + header, count: count)
        buffer.consume(header + count)
        return WebSocketFrame(fin: fin, rsv1: rsv1, opcode: opcode, payload: payload)
    }
}

/// What a connection does with a frame, once ``WebSocketAssembler`` has read it.
enum WebSocketEvent: Equatable {
    case message(WebSocket.Message)
    case ping(Data)
    case pong(Data)
    case close(WebSocket.CloseFrame)
}

/// Joins fragments into messages and checks what RFC 6455 asks of their contents: continuation
/// frames only inside a message, a new message only after the last one ended, control frames
/// allowed between fragments, text valid UTF-8 (1007), a message no larger than the limit (1009),
/// a close frame's code one a peer may send and its reason UTF-8.
struct WebSocketAssembler {
    var maximumMessageSize: Int
    /// Turns a compressed message's payload back into the message (permessage-deflate).
    var inflate: ((Data) throws(WebSocketViolation) -> Data)?

    private var opcode: WebSocketFrame.Opcode?
    private var compressed = false
    private var parts = Data()

    init(maximumMessageSize: Int) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// The event a frame completes, if any.
    mutating func take(_ frame: WebSocketFrame) throws(WebSocketViolation) -> WebSocketEvent? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return .close(try Self.closeFrame(frame.payload))
        case .text, .binary:
            if opcode != nil { throw .protocolError("new message before the last one ended") }
            opcode = frame.opcode
            compressed = frame.rsv1
            parts = Data()
        case .continuation:
            if opcode == nil { throw .protocolError("continuation frame outside a message") }
            if frame.rsv1 { throw .protocolError("reserved bit set on a continuation frame") }
        }
        if frame.payload.count > maximumMessageSize - parts.count {
            throw WebSocketViolation(code: 1009, reason: "message larger than \(maximumMessageSize) bytes")
        }
        guard frame.fin, let kind = opcode else {
            parts.append(frame.payload)
            return nil
        }
        opcode = nil
        // A message in one frame (the usual case) is the frame's payload, not a copy of it.
        var payload: Data
        if parts.isEmpty {
            payload = frame.payload
        } else {
            parts.append(frame.payload)
            payload = parts
            parts = Data()
        }
        if compressed {
            guard let inflate else { throw .protocolError("compressed message without permessage-deflate") }
            payload = try inflate(payload)
            if payload.count > maximumMessageSize {
                throw WebSocketViolation(code: 1009, reason: "message larger than \(maximumMessageSize) bytes")
            }
        }
        if kind == .binary { return .message(.binary(payload)) }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw WebSocketViolation(code: 1007, reason: "text message is not valid UTF-8")
        }
        return .message(.text(text))
    }

    /// A close frame's code and reason (section 5.5.1, 7.4).
    static func closeFrame(_ payload: Data) throws(WebSocketViolation) -> WebSocket.CloseFrame {
        if payload.isEmpty { return WebSocket.CloseFrame(code: nil, reason: "") }
        if payload.count == 1 { throw .protocolError("close frame with a one-byte body") }
        let start = payload.startIndex
        let code = UInt16(payload[start]) << 8 | UInt16(payload[start + 1])
        guard isValidPeerCode(code) else { throw .protocolError("close code \(code) is not allowed") }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            throw WebSocketViolation(code: 1007, reason: "close reason is not valid UTF-8")
        }
        return WebSocket.CloseFrame(code: code, reason: reason)
    }

    /// Codes a peer may send in a close frame: the defined ones except those reserved for
    /// reporting (1005, 1006, 1015) and 1004, and the registered and private ranges.
    static func isValidPeerCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014: true
        case 3000...4999: true
        default: false
        }
    }
}
