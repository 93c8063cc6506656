/// Byte tests on eight bytes at once in a `UInt64` ("SIMD within a register"), for the
/// scanner's loops over long runs of bytes. Every test is exact per byte: no carry crosses from
/// one byte into the next.
enum SWAR {
    /// The eight bytes at `offset`, the first in the lowest byte whatever the platform's order.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// `byte` in each of the eight bytes.
    @inline(__always)
    static func repeating(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each byte of `word` that is zero, and no other bit.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7 = repeating(0x7F)
        // A byte's low seven bits plus 0x7F reach its high bit unless they are all zero.
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// A hash of the `count` bytes at `base`, of which `readable` (at least `count`) may be read:
    /// eight bytes a multiplication. The scanner hashes each object key with it and
    /// ``ObjectMembers`` each name it looks for, so both must give the same value for the same
    /// bytes, however many are readable past them.
    static func hashKey(_ base: UnsafeRawPointer, count: Int, readable: Int) -> UInt32 {
        @inline(__always) func mix(_ value: UInt64) -> UInt64 {
            let product = value &* 0x9FB2_1C65_1E98_DF25
            return product ^ (product >> 29)
        }
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ load(base, offset))
            offset += 8
        }
        let rest = count - offset
        if rest > 0 {
            var tail: UInt64 = 0
            if offset + 8 <= readable {
                tail = load(base, offset) & ((1 << (8 * UInt64(rest))) - 1)
            } else {
                for byte in 0..<rest {
                    tail |= UInt64(base.load(fromByteOffset: offset + byte, as: UInt8.self)) << (8 * UInt64(byte))
                }
            }
            hash = mix(hash ^ tail)
        }
        return UInt32(truncatingIfNeeded: mix(hash) >> 32)
    }

    /// The sum of the eight bytes of `word`.
    @inline(__always)
    static func sumOfBytes(_ word: UInt64) -> Int {
        // Pairs of bytes added into 16-bit lanes, then the four lanes by one multiplication.
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The high bit of each byte that ends a run of plain string bytes: `"`, `\\`, a control
    /// character (below 0x20) or a byte outside ASCII (0x80 and up).
    @inline(__always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        let highBits = repeating(0x80)
        // The low seven bits plus 0x60 reach the high bit exactly when they are 0x20 or more.
        let belowSpace = ~((word & repeating(0x7F)) &+ repeating(0x60)) & highBits
        return belowSpace | (word & highBits) | zeroBytes(word ^ repeating(UInt8(ascii: "\"")))
            | zeroBytes(word ^ repeating(UInt8(ascii: "\\")))
    }
}
