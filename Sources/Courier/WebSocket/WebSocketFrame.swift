import Foundation

/// One RFC 6455 frame: what ``WebSocketFrameParser`` reads and ``encode(into:)`` writes.
struct WebSocketFrame: Equatable, Sendable {
    /// The frame's opcode (RFC 6455 section 5.2).
    enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Close, ping and pong: at most 125 bytes, never fragmented, allowed between fragments.
        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    var fin: Bool
    /// RSV1 (permessage-deflate's "compressed" bit when that extension is negotiated).
    var rsv1: Bool = false
    var opcode: Opcode
    var payload: Data

    /// Writes the frame as a client sends it: masked with a fresh random key (section 5.3).
    func encode(into out: inout Data) {
        var key: UInt32 = 0
        var generator = SystemRandomNumberGenerator()
        key = generator.next()
        encode(into: &out, maskKey: key)
    }

    /// Writes the frame masked with `maskKey` (tests pass a fixed key to compare bytes).
    func encode(into out: inout Data, maskKey: UInt32) {
        out.append((fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | opcode.rawValue)
        let count = payload.count
        if count < 126 {
            out.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            out.append(0x80 | 126)
            out.append(UInt8(count >> 8))
            out.append(UInt8(count & 0xFF))
        } else {
            out.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8((UInt64(count) >> UInt64(shift)) & 0xFF))
            }
        }
        let mask = [
            UInt8(key: maskKey, byte: 0), UInt8(key: maskKey, byte: 1), UInt8(key: maskKey, byte: 2),
            UInt8(key: maskKey, byte: 3),
        ]
        out.append(contentsOf: mask)
        let start = out.count
        out.append(payload)
        Self.applyMask(mask, to: &out, from: start)
    }

    /// XORs `out[from...]` with the 4-byte key, 8 bytes at a time where it can.
    static func applyMask(_ mask: [UInt8], to out: inout Data, from start: Int) {
        out.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            let bytes = base.advanced(by: start).assumingMemoryBound(to: UInt8.self)
            let count = raw.count - start
            var wide: UInt64 = 0
            withUnsafeMutableBytes(of: &wide) { word in
                for index in 0..<8 { word[index] = mask[index & 3] }
            }
            var index = 0
            while index + 8 <= count {
                let word = UnsafeMutableRawPointer(bytes + index)
                word.storeBytes(of: word.loadUnaligned(as: UInt64.self) ^ wide, as: UInt64.self)
                index += 8
            }
            while index < count {
                bytes[index] ^= mask[index & 3]
                index += 1
            }
        }
    }
}

extension UInt8 {
    /// Byte `byte` (0 first) of a masking key, in network order.
    fileprivate init(key: UInt32, byte: Int) { self = UInt8((key >> UInt32(24 - 8 * byte)) & 0xFF) }
}
