import Foundation
import Testing

@testable import Courier

/// RFC 6455 framing: what the client writes, what it accepts, what it refuses with which code.
@Suite("WebSocket codec (RFC 6455)")
struct WebSocketCodecTests {
    /// An unmasked server frame, as a server writes it.
    static func serverFrame(
        _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, first: UInt8 = 0, masked: Bool = false
    )
        -> Data
    {
        var out = Data([(fin ? 0x80 : 0) | first | opcode])
        let mask: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            out.append(mask | UInt8(payload.count))
        } else if payload.count < 65536 {
            out.append(contentsOf: [mask | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)])
        } else {
            out.append(mask | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        if masked { out.append(contentsOf: [0, 0, 0, 0]) }
        out.append(contentsOf: payload)
        return out
    }

    /// Parses and assembles `bytes` fed one byte at a time; the events, or the violation.
    static func events(_ bytes: Data, limit: Int = 1 << 20) -> Result<[WebSocketEvent], WebSocketViolation> {
        var parser = WebSocketFrameParser(maximumPayload: limit)
        var assembler = WebSocketAssembler(maximumMessageSize: limit)
        var events: [WebSocketEvent] = []
        do throws(WebSocketViolation) {
            for byte in bytes {
                parser.append(Data([byte]))
                while let frame = try parser.next() {
                    if let event = try assembler.take(frame) { events.append(event) }
                }
            }
            return .success(events)
        } catch {
            return .failure(error)
        }
    }

    @Test("the RFC's example frame: a masked \"Hello\" with key 37 fa 21 3d")
    func rfcMaskedHello() {
        var out = Data()
        WebSocketFrame(fin: true, opcode: .text, payload: Data("Hello".utf8)).encode(into: &out, maskKey: 0x37FA_213D)
        #expect(Array(out) == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    @Test("each frame gets a fresh masking key", arguments: [0, 125, 126, 65535, 65536, 200_000])
    func freshKeysAndLengths(size: Int) {
        let payload = Data((0..<size).map { UInt8($0 % 256) })
        var first = Data()
        var second = Data()
        WebSocketFrame(fin: true, opcode: .binary, payload: payload).encode(into: &first)
        WebSocketFrame(fin: true, opcode: .binary, payload: payload).encode(into: &second)
        let header = size < 126 ? 2 : size < 65536 ? 4 : 10
        #expect(first.count == header + 4 + size)
        #expect(first[1] & 0x80 != 0)
        let key1 = Array(first[header..<header + 4])
        let key2 = Array(second[header..<header + 4])
        #expect(key1 != key2)
        // Unmasking gives the payload back.
        var unmasked = Data(first[(header + 4)...])
        WebSocketFrame.applyMask(key1, to: &unmasked, from: 0)
        #expect(unmasked == payload)
    }

    @Test("a fragmented text message with a ping between its fragments")
    func fragmentsAndControlBetween() {
        var bytes = Self.serverFrame(0x1, Array("Hel".utf8), fin: false)
        bytes += Self.serverFrame(0x9, Array("p".utf8))
        bytes += Self.serverFrame(0x0, Array("l".utf8), fin: false)
        bytes += Self.serverFrame(0x0, Array("o".utf8))
        #expect(Self.events(bytes) == .success([.ping(Data("p".utf8)), .message(.text("Hello"))]))
    }

    @Test("a text message split inside a multi-byte character is joined before the UTF-8 check")
    func utf8SplitAcrossFragments() {
        let bytes = Array("é€".utf8)
        var frames = Self.serverFrame(0x1, Array(bytes[..<1]), fin: false)
        frames += Self.serverFrame(0x0, Array(bytes[1...]))
        #expect(Self.events(frames) == .success([.message(.text("é€"))]))
    }

    @Test(
        "a broken frame is refused with the code RFC 6455 gives",
        arguments: [
            ("invalid UTF-8 text", serverFrame(0x1, [0xFF, 0xFE]), UInt16(1007)),
            ("masked server frame", serverFrame(0x2, [1], masked: true), 1002),
            ("RSV1 without an extension", serverFrame(0x2, [1], first: 0x40), 1002),
            ("RSV2", serverFrame(0x2, [1], first: 0x20), 1002),
            ("RSV3", serverFrame(0x2, [1], first: 0x10), 1002),
            ("opcode 3", serverFrame(0x3, [1]), 1002),
            ("opcode 11", serverFrame(0xB, [1]), 1002),
            ("fragmented ping", serverFrame(0x9, [1], fin: false), 1002),
            ("ping of 126 bytes", serverFrame(0x9, Array(repeating: 0, count: 126)), 1002),
            ("continuation first", serverFrame(0x0, [1]), 1002),
            ("new message inside a message", serverFrame(0x1, [65], fin: false) + serverFrame(0x1, [66]), 1002),
            ("close with one byte", serverFrame(0x8, [3]), 1002),
            ("close code 1005", serverFrame(0x8, [0x03, 0xED]), 1002),
            ("close code 999", serverFrame(0x8, [0x03, 0xE7]), 1002),
            ("close reason not UTF-8", serverFrame(0x8, [0x03, 0xE8, 0xFF]), 1007),
        ])
    func violations(name: String, bytes: Data, code: UInt16) {
        guard case .failure(let violation) = Self.events(bytes) else {
            Issue.record("\(name) was accepted")
            return
        }
        #expect(violation.code == code, "\(name): \(violation.reason)")
    }

    @Test("a message over the limit is refused with 1009, by its header or by its fragments")
    func tooLarge() {
        let big = Self.serverFrame(0x2, Array(repeating: 7, count: 101))
        #expect(Self.events(big, limit: 100).failureCode == 1009)
        let fragments =
            Self.serverFrame(0x2, Array(repeating: 7, count: 60), fin: false)
            + Self.serverFrame(0x0, Array(repeating: 7, count: 41))
        #expect(Self.events(fragments, limit: 100).failureCode == 1009)
        let exact = Self.serverFrame(0x2, Array(repeating: 7, count: 100))
        #expect(Self.events(exact, limit: 100) == .success([.message(.binary(Data(repeating: 7, count: 100)))]))
    }

    @Test("close frames: with code and reason, and empty")
    func closeFrames() {
        #expect(
            Self.events(Self.serverFrame(0x8, [0x0F, 0xA0] + Array("done".utf8)))
                == .success([.close(WebSocket.CloseFrame(code: 4000, reason: "done"))]))
        #expect(
            Self.events(Self.serverFrame(0x8, [])) == .success([.close(WebSocket.CloseFrame(code: nil, reason: ""))]))
    }

    @Test("Sec-WebSocket-Accept for the RFC's example key, and the request head")
    func handshake() throws {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let request = HTTPRequest(
            method: .get, url: URL(string: "http://127.0.0.1:8080/chat?room=1")!, headers: ["Authorization": "Bearer x"]
        )
        let head = String(
            decoding: WebSocketHandshake(key: "k").requestHead(for: request, offerDeflate: false), as: UTF8.self)
        #expect(head.hasPrefix("GET /chat?room=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"))
        #expect(head.contains("Sec-WebSocket-Key: k\r\n"))
        #expect(head.contains("Authorization: Bearer x\r\n"))
        #expect(head.hasSuffix("\r\n\r\n"))
    }

    @Test("a 101 without the right accept value is not a completed handshake")
    func wrongAccept() throws {
        let handshake = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        let good = try #require(
            WebSocketHandshake.parseHead(
                Data(
                    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
                        .utf8)))
        #expect(handshake.problem(with: good) == nil)
        var bad = good
        bad.headers["Sec-WebSocket-Accept"] = "AAAA"
        #expect(handshake.problem(with: bad) != nil)
    }
}

extension Result where Success == [WebSocketEvent], Failure == WebSocketViolation {
    fileprivate var failureCode: UInt16? {
        if case .failure(let violation) = self { return violation.code }
        return nil
    }
}
