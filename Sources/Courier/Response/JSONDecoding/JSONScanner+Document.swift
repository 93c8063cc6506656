extension JSONScanner {
    /// The document's bytes, read in place.
    ///
    /// Kept apart from the scanner's arrays, with the reads that need nothing else, so that a
    /// read copies two words: a method of the scanner itself takes a copy of the whole scanner
    /// in an unoptimized build (a retain and release of each array), and these run per byte.
    struct Document {
        /// The first byte.
        let bytes: UnsafePointer<UInt8>
        /// The document's length.
        let count: Int

        /// The byte at `offset`, or 0 past the end: 0 is never valid where the scanner looks, so
        /// the end of the document stops every loop like an unexpected byte would.
        @inline(__always)
        func byte(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }

        /// The offset of the first byte at or after `start` that is not whitespace.
        func skipWhitespace(_ start: Int) -> Int {
            var i = start
            while true {
                switch byte(i) {
                case 0x20, 0x0A, 0x0D, 0x09: i += 1
                default: return i
                }
            }
        }

        /// An upper bound of the number of tokens: every value but the top-level one and every key
        /// comes right after one of `[`, `{`, `,` and `:` (counted inside strings too), so the token
        /// array is allocated once, at most this size, and never regrows.
        ///
        /// Eight bytes at a time (``SWAR``): this pass reads every byte once more than the scan, so
        /// it must cost a fraction of it.
        func tokenBound() -> Int {
            var structural = 0
            var offset = 0
            let raw = UnsafeRawPointer(bytes)
            // Made once, not per word: an unoptimized build would call `repeating` four times a word.
            let commas = SWAR.repeating(UInt8(ascii: ","))
            let colons = SWAR.repeating(UInt8(ascii: ":"))
            let caseBits = SWAR.repeating(0x20)
            let braces = SWAR.repeating(UInt8(ascii: "{"))
            while offset + 8 <= count {
                // A count per byte lane, summed every 255 words before a lane can overflow: cheaper
                // than a population count, which the baseline x86-64 target has no instruction for.
                var lanes: UInt64 = 0
                let stop = Swift.min(count, offset + 8 * 255)
                while offset + 8 <= stop {
                    let word = SWAR.load(raw, offset)
                    let matches =
                        SWAR.zeroBytes(word ^ commas) | SWAR.zeroBytes(word ^ colons)
                        // `[` | 0x20 is `{`.
                        | SWAR.zeroBytes((word | caseBits) ^ braces)
                    lanes &+= matches >> 7
                    offset += 8
                }
                structural &+= SWAR.sumOfBytes(lanes)
            }
            while offset < count {
                let value = bytes[offset]
                structural &+=
                    value | 0x20 == UInt8(ascii: "{") || value == UInt8(ascii: ",") || value == UInt8(ascii: ":")
                    ? 1 : 0
                offset += 1
            }
            return structural + 2
        }
    }
}
