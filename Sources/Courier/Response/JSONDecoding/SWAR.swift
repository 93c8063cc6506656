import Foundation

/// Byte tests on eight bytes at once in a `UInt64` ("SIMD within a register"), for the
/// scanner's loops over long runs of bytes. Every test is exact per byte: no carry crosses from
/// one byte into the next.
///
/// The tests the scanner's string loop makes are in JSONScanner.swift (``stringStops(_:)``), beside
/// that loop: an unoptimized build inlines only within a file.
enum SWAR {
    /// A hash of the `count` bytes at `base`, of which `readable` (at least `count`) may be read:
    /// eight bytes a multiplication. The scanner hashes each object key with it and
    /// ``ObjectMembers`` each name it looks for, so both must give the same value for the same
    /// bytes, however many are readable past them.
    static func hashKey(_ base: UnsafeRawPointer, count: Int, readable: Int) -> UInt32 {
        // Written out with few names: an unoptimized build calls `memset` for every name it
        // binds, inlined or not, and this runs per key. Each round
        // mixes eight bytes: multiply, then fold the high bits down.
        var hash = UInt64(UInt(bitPattern: count)) &* 0x9E37_79B9_7F4A_7C15
        var word: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            memcpy(&word, base + offset, 8)
            #if _endian(big)
            word = word.byteSwapped
            #endif
            hash = (hash ^ word) &* 0x9FB2_1C65_1E98_DF25
            hash ^= hash &>> 29
            offset += 8
        }
        if offset < count {
            word = 0
            if offset + 8 <= readable {
                memcpy(&word, base + offset, 8)
                #if _endian(big)
                word = word.byteSwapped
                #endif
                word &= (1 &<< (8 &* UInt64(UInt(bitPattern: count - offset)))) &- 1
            } else {
                // Near the end of the readable bytes: the tail one byte at a time.
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                while offset < count {
                    word |= UInt64(bytes[offset]) &<< (8 &* UInt64(UInt(bitPattern: offset & 7)))
                    offset += 1
                }
            }
            hash = (hash ^ word) &* 0x9FB2_1C65_1E98_DF25
            hash ^= hash &>> 29
        }
        hash = hash &* 0x9FB2_1C65_1E98_DF25
        hash ^= hash &>> 29
        return UInt32(truncatingIfNeeded: hash &>> 32)
    }
}
