import Foundation
import TestSupport
import Testing

@testable import Courier

/// Seeded fuzzing of what a server's bytes go through: the frame parser (with the assembler behind
/// it) and the handshake answer's parsers (the head, its lengths, `Sec-WebSocket-Extensions`).
/// Random and mutated input, a fixed number of iterations (the run is bounded whatever the
/// machine), the same input on every run; nothing may trap, and every refusal is a typed error.
@Suite("WebSocket parsers, fuzzed")
struct WebSocketFuzzTests {
    /// Lengths that sit on the encodings' edges and past every limit.
    static let edgeLengths: [UInt64] = [
        0, 1, 125, 126, 127, 0xFFFF, 0x1_0000, 1 << 20, 1 << 31, 1 << 32, 1 << 40, 1 << 62, UInt64(Int.max),
        UInt64(Int.max) + 1, .max,
    ]

    /// A frame as a server might send it, with a header that may lie about its length.
    static func frame(using random: inout SeededGenerator) -> [UInt8] {
        // Mostly a first byte a server may send (FIN, an opcode it may use), sometimes any byte.
        let usual: [UInt8] = [0x81, 0x82, 0x01, 0x02, 0x80, 0x00, 0x89, 0x8A, 0x88, 0xC1]
        var bytes: [UInt8] = [
            Int.random(in: 0..<4, using: &random) == 0
                ? UInt8.random(in: 0...255, using: &random) : usual.randomElement(using: &random)!
        ]
        let payloadCount = Int.random(in: 0...(bytes[0] & 0x08 != 0 ? 125 : 300), using: &random)
        let announced =
            Int.random(in: 0..<4, using: &random) != 0
            ? UInt64(payloadCount) : edgeLengths.randomElement(using: &random)!
        let masked: UInt8 = Int.random(in: 0..<8, using: &random) == 0 ? 0x80 : 0
        if announced < 126 && Bool.random(using: &random) {
            bytes.append(masked | UInt8(announced))
        } else if announced <= 0xFFFF && Bool.random(using: &random) {
            bytes += [masked | 126, UInt8(announced >> 8 & 0xFF), UInt8(announced & 0xFF)]
        } else {
            bytes.append(masked | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(announced >> UInt64(shift) & 0xFF)) }
        }
        if masked != 0 { bytes += (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) } }
        bytes += (0..<payloadCount).map { _ in UInt8.random(in: 0...255, using: &random) }
        return bytes
    }

    /// `bytes` changed in a few random places: bits flipped, bytes dropped, inserted or set to an
    /// extreme.
    static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<[0, 0, 1, 2, 4].randomElement(using: &random)! {
            let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
            case 1 where !bytes.isEmpty: bytes.remove(at: index)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
            case 3 where !bytes.isEmpty: bytes[index] = [0x00, 0x7F, 0x80, 0xFF].randomElement(using: &random)!
            default: bytes = Array(bytes.prefix(index))
            }
        }
        return bytes
    }

    @Test("the frame parser and assembler: 20,000 seeded inputs, no trap, only RFC 6455 close codes")
    func frameParser() {
        var random = SeededGenerator(seed: 45)
        var violations = 0
        var frames = 0
        for _ in 0..<20_000 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                input +=
                    Bool.random(using: &random)
                    ? Self.frame(using: &random)
                    : (0..<Int.random(in: 0...24, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random)
                    }
            }
            input = Self.mutate(input, using: &random)
            let limit = [125, 1 << 16, 1 << 40, Int.max, 0].randomElement(using: &random)!
            var parser = WebSocketFrameParser(maximumPayload: limit)
            parser.allowsRSV1 = Bool.random(using: &random)
            var assembler = WebSocketAssembler(maximumMessageSize: limit)
            // Fed in pieces of random sizes, as a socket hands them over.
            var offset = 0
            do {
                while offset < input.count {
                    let piece = min(input.count - offset, Int.random(in: 1...64, using: &random))
                    parser.append(Data(input[offset..<offset + piece]))
                    offset += piece
                    while let frame = try parser.next() {
                        frames += 1
                        _ = try assembler.take(frame)
                    }
                }
            } catch {
                // Typed: `next()` and `take(_:)` throw WebSocketViolation and nothing else.
                violations += 1
                #expect([1002, 1007, 1009].contains(error.code), "code \(error.code): \(error.reason)")
            }
            #expect(parser.bufferCapacity <= 4 * WebSocketReceiveBuffer.defaultCapacity + input.count)
        }
        // The inputs exercise both outcomes.
        #expect(violations > 1000 && frames > 500, "\(violations) violations, \(frames) frames")
    }

    /// Pieces a hostile `Sec-WebSocket-Extensions` or head is made of.
    static let tokens = [
        "permessage-deflate", "x-webkit-deflate-frame", ";", ";", "=", "=", ",", "\"", " ", "\t",
        "server_no_context_takeover", "client_no_context_takeover", "server_max_window_bits",
        "client_max_window_bits", "8", "15", "16", "-1", "99999999999999999999", "", "\u{0}", "é",
    ]

    static let parameters = [
        "server_no_context_takeover", "client_no_context_takeover", "server_max_window_bits",
        "client_max_window_bits", "x", "",
    ]
    static let values = ["8", "9", "15", "16", "\"10\"", "", "-1", "99999999999999999999", "a"]

    @Test("the extensions answer: 20,000 seeded values, no trap, refusals are typed")
    func extensionsAnswer() {
        var random = SeededGenerator(seed: 7692)
        var accepted = 0
        var refused = 0
        for _ in 0..<20_000 {
            let value = (0..<Int.random(in: 0...9, using: &random)).map { _ in
                Self.tokens.randomElement(using: &random)!
            }
            .joined()
            let values =
                Int.random(in: 0..<4, using: &random) != 0
                ? [value] : [value, Self.tokens.randomElement(using: &random)!]
            switch PerMessageDeflate.negotiate(answer: values, offered: Int.random(in: 0..<4, using: &random) != 0) {
            case .success(let parameters?):
                accepted += 1
                #expect((8...15).contains(parameters.serverMaxWindowBits))
                #expect((8...15).contains(parameters.clientMaxWindowBits))
            case .success(nil): break
            case .failure(let problem):
                refused += 1
                #expect(!problem.reason.isEmpty)
            }
        }
        #expect(accepted > 100 && refused > 1000, "\(accepted) accepted, \(refused) refused")
    }

    /// Lines a hostile answer head is made of.
    static let headLines = [
        "HTTP/1.1 101 Switching Protocols", "HTTP/1.1 403 Forbidden", "HTTP/1.0 101 x", "HTTP/2 101",
        "HTTP/1.1 -5 x", "HTTP/1.1 99999999999999999999 x", "HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade",
        "Content-Length: -5", "Content-Length: 99999999999999999999", "Content-Length: 12", "Content-Length: +3",
        "Content-Length: 3, 4", "Content-Length:", "Sec-WebSocket-Extensions: permessage-deflate; ; x", "no colon",
        ": empty name", "X:\u{0}", " folded", "\u{FF}\u{FE}",
    ]

    @Test("the answer head and its Content-Length: 20,000 seeded heads, no trap, refusals are typed")
    func answerHead() {
        var random = SeededGenerator(seed: 9110)
        var parsed = 0
        for _ in 0..<20_000 {
            var lines = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Self.headLines.randomElement(using: &random)!
            }
            if Int.random(in: 0..<4, using: &random) != 0 { lines.insert("HTTP/1.1 101 Switching Protocols", at: 0) }
            var bytes = Array((lines.joined(separator: "\r\n") + "\r\n\r\nbody").utf8)
            bytes = Self.mutate(bytes, using: &random)
            let answer: (head: WebSocketHandshake.ResponseHead, bodyStart: Int)?
            do {
                answer = try WebSocketHandshake.readAnswer(Data(bytes))
            } catch {
                // Typed: `readAnswer` throws URLError, always `.badServerResponse` with a reason.
                #expect(error.code == .badServerResponse)
                continue
            }
            guard let (head, bodyStart) = answer else { continue }
            parsed += 1
            #expect((100...599).contains(head.statusCode))
            #expect(bodyStart <= bytes.count)
            do {
                if let length = try head.contentLength() { #expect(length >= 0) }
            } catch {
                #expect(error.code == .badServerResponse)
            }
            _ = PerMessageDeflate.negotiate(answer: head.headers.values(for: "Sec-WebSocket-Extensions"), offered: true)
        }
        #expect(parsed > 1000, "\(parsed) heads parsed")
    }
}
