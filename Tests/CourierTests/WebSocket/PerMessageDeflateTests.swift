import Foundation
import Testing

@testable import Courier

/// permessage-deflate's negotiation and codec (RFC 7692), without a server.
@Suite("WebSocket permessage-deflate codec (RFC 7692)")
struct PerMessageDeflateTests {
    @Test("the answer's parameters are read; what was not offered or is malformed fails the handshake")
    func negotiation() throws {
        #expect(try PerMessageDeflate.negotiate(answer: [], offered: true).get() == nil)
        let parameters = try PerMessageDeflate.negotiate(
            answer: [
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover; "
                    + "server_max_window_bits=10; client_max_window_bits=\"12\""
            ],
            offered: true
        ).get()
        #expect(
            parameters
                == PerMessageDeflate(
                    serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 10,
                    clientMaxWindowBits: 12))
        let refused = [
            (["permessage-deflate"], false),
            (["x-webkit-deflate-frame"], true),
            (["permessage-deflate, permessage-deflate"], true),
            (["permessage-deflate; server_max_window_bits=16"], true),
            (["permessage-deflate; client_max_window_bits"], true),
            (["permessage-deflate; server_no_context_takeover; server_no_context_takeover"], true),
            (["permessage-deflate; colour=blue"], true),
        ]
        for (answer, offered) in refused {
            #expect(throws: PerMessageDeflate.Problem.self) {
                try PerMessageDeflate.negotiate(answer: answer, offered: offered).get()
            }
        }
    }

    @Test("round trip with context takeover: a repeated message costs a few bytes the second time")
    func contextTakeover() throws {
        let parameters = PerMessageDeflate()
        let deflater = try #require(WebSocketDeflater(parameters))
        let inflater = try #require(WebSocketInflater(parameters))
        let message = noise(count: 8 << 10)
        let first = deflater.compress(message)
        let second = deflater.compress(message)
        #expect(second.count < message.count / 20 && first.count > message.count / 2)
        #expect(try inflater.decompress(first, limit: 1 << 20) == message)
        #expect(try inflater.decompress(second, limit: 1 << 20) == message)
        #expect(try inflater.decompress(deflater.compress(Data()), limit: 1 << 20) == Data())
    }

    @Test("client_no_context_takeover: each message is compressed alone and reads alone")
    func noContextTakeover() throws {
        var parameters = PerMessageDeflate()
        parameters.clientNoContextTakeover = true
        parameters.serverNoContextTakeover = true
        let deflater = try #require(WebSocketDeflater(parameters))
        let message = noise(count: 8 << 10)
        _ = deflater.compress(message)
        let second = deflater.compress(message)
        #expect(second.count > message.count / 2)
        // A fresh inflater reads the second message without the first.
        #expect(try #require(WebSocketInflater(parameters)).decompress(second, limit: 1 << 20) == message)
    }

    @Test("a window zlib cannot write (8 bits): messages go uncompressed")
    func eightBitWindow() {
        var parameters = PerMessageDeflate()
        parameters.clientMaxWindowBits = 8
        #expect(WebSocketDeflater(parameters) == nil)
    }

    @Test("inflating stops at the limit (1009); invalid DEFLATE data is a protocol error (1002)")
    func limits() throws {
        let deflater = try #require(WebSocketDeflater(PerMessageDeflate()))
        let bomb = deflater.compress(Data(count: 64 << 20))
        #expect(bomb.count < 128 << 10)
        let inflater = try #require(WebSocketInflater(PerMessageDeflate()))
        #expect(throws: WebSocketViolation(code: 1009, reason: "message larger than 1048576 bytes")) {
            try inflater.decompress(bomb, limit: 1 << 20)
        }
        let fresh = try #require(WebSocketInflater(PerMessageDeflate()))
        #expect(throws: WebSocketViolation.protocolError("compressed message is not valid DEFLATE data")) {
            try fresh.decompress(Data([0xFF, 0xFF, 0xFF, 0xFF]), limit: 1 << 20)
        }
    }

    @Test("RSV1 only on the first frame of a compressed message; the parser reads it back")
    func rsv1OnFirstFrame() throws {
        let payload = Data(count: (WebSocketSession.fragmentSize * 2) + 10)
        let bytes = WebSocketSession.frames(opcode: .binary, payload: payload, compressed: true)
        // Unmask as a server would, then parse: frames from a client are masked.
        var parser = WebSocketFrameParser(maximumPayload: 16 << 20)
        parser.allowsRSV1 = true
        parser.append(Self.unmasked(bytes))
        var frames: [WebSocketFrame] = []
        while let frame = try parser.next() { frames.append(frame) }
        #expect(frames.map(\.rsv1) == [true, false, false])
        #expect(frames.map(\.opcode) == [.binary, .continuation, .continuation])
        let plain = WebSocketSession.frames(opcode: .text, payload: Data("hi".utf8), compressed: false)
        #expect(plain[plain.startIndex] & 0x40 == 0)
    }

    /// Client frames with their masks taken off (and the mask bit cleared), as a server reads them.
    static func unmasked(_ bytes: Data) -> Data {
        var input = [UInt8](bytes)
        var output: [UInt8] = []
        var index = 0
        while index < input.count {
            output.append(input[index])
            var length = Int(input[index + 1] & 0x7F)
            var header = 2
            output.append(input[index + 1] & 0x7F)
            if length == 126 {
                length = Int(input[index + 2]) << 8 | Int(input[index + 3])
                header = 4
            } else if length == 127 {
                length = (2..<10).reduce(0) { $0 << 8 | Int(input[index + $1]) }
                header = 10
            }
            output.append(contentsOf: input[(index + 2)..<(index + header)])
            let mask = Array(input[(index + header)..<(index + header + 4)])
            let start = index + header + 4
            for offset in 0..<length { input[start + offset] ^= mask[offset & 3] }
            output.append(contentsOf: input[start..<(start + length)])
            index = start + length
        }
        return Data(output)
    }
}
