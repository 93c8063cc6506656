import Foundation

/// Byte tests on eight bytes at once in a `UInt64` ("SIMD within a register"), for the
/// scanner's loops over long runs of bytes. Every test is exact per byte: no carry crosses from
/// one byte into the next.
///
/// `@inline(always)` (not `@inline(__always)`) because it holds in unoptimized builds too, where
/// a call per word would cost more than the test itself (see ``JSONScanner/Document``).
enum SWAR {
    /// The eight bytes at `offset`, the first in the lowest byte whatever the platform's order.
    @inline(always)
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        // `memcpy` rather than the generic `loadUnaligned(fromByteOffset:as:)`: an unoptimized
        // build calls the generic function per word; an optimized one makes either a single load.
        var word: UInt64 = 0
        memcpy(&word, base + offset, 8)
        #if _endian(big)
        return word.byteSwapped
        #else
        return word
        #endif
    }

    /// `byte` in each of the eight bytes.
    @inline(always)
    static func repeating(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The high bit of each byte of `word` that is zero, and no other bit.
    @inline(always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // A byte's low seven bits plus 0x7F reach its high bit unless they are all zero.
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// A hash of the `count` bytes at `base`, of which `readable` (at least `count`) may be read:
    /// eight bytes a multiplication. The scanner hashes each object key with it and
    /// ``ObjectMembers`` each name it looks for, so both must give the same value for the same
    /// bytes, however many are readable past them.
    static func hashKey(_ base: UnsafeRawPointer, count: Int, readable: Int) -> UInt32 {
        var hash = UInt64(UInt(bitPattern: count)) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = mix(hash ^ load(base, offset))
            offset += 8
        }
        let rest = count - offset
        if rest > 0 {
            var tail: UInt64 = 0
            if offset + 8 <= readable {
                tail = load(base, offset) & ((1 &<< (8 &* UInt64(UInt(bitPattern: rest)))) &- 1)
            } else {
                let bytes = base.assumingMemoryBound(to: UInt8.self) + offset
                var byte = 0
                while byte < rest {
                    tail |= UInt64(bytes[byte]) &<< (8 &* UInt64(UInt(bitPattern: byte)))
                    byte += 1
                }
            }
            hash = mix(hash ^ tail)
        }
        return UInt32(truncatingIfNeeded: mix(hash) &>> 32)
    }

    /// One round of ``hashKey(_:count:readable:)``'s mixing.
    @inline(always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9FB2_1C65_1E98_DF25
        return product ^ (product &>> 29)
    }

    /// The sum of the eight bytes of `word`.
    @inline(always)
    static func sumOfBytes(_ word: UInt64) -> Int {
        // Pairs of bytes added into 16-bit lanes, then the four lanes by one multiplication.
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word &>> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) &>> 48)
    }

    /// The high bit of each byte that ends a run of plain string bytes: `"`, `\\`, a control
    /// character (below 0x20) or a byte outside ASCII (0x80 and up).
    @inline(always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // The low seven bits plus 0x60 reach the high bit exactly when they are 0x20 or more.
        let belowSpace = ~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060) & highBits
        // `"` is 0x22, `\` is 0x5C.
        return belowSpace | (word & highBits) | zeroBytes(word ^ 0x2222_2222_2222_2222)
            | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    }
}
