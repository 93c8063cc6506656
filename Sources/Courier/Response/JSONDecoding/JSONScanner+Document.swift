/// The bytes of JSON's grammar, as constants an unoptimized build reads without a call:
/// `UInt8(ascii:)` is a function call there, and a `switch` over bytes calls a generic `~=` per
/// case, so the scanner's loops compare with `==` against these.
enum JSONByte {
    @inline(always) static var quote: UInt8 { 0x22 }
    @inline(always) static var backslash: UInt8 { 0x5C }
    @inline(always) static var comma: UInt8 { 0x2C }
    @inline(always) static var colon: UInt8 { 0x3A }
    @inline(always) static var minus: UInt8 { 0x2D }
    @inline(always) static var plus: UInt8 { 0x2B }
    @inline(always) static var dot: UInt8 { 0x2E }
    @inline(always) static var zero: UInt8 { 0x30 }
    @inline(always) static var openBrace: UInt8 { 0x7B }
    @inline(always) static var closeBrace: UInt8 { 0x7D }
    @inline(always) static var openBracket: UInt8 { 0x5B }
    @inline(always) static var closeBracket: UInt8 { 0x5D }
    /// `e` and `E`, which start an exponent.
    @inline(always) static var lowerE: UInt8 { 0x65 }
    @inline(always) static var upperE: UInt8 { 0x45 }
    /// The first bytes of `true`, `false` and `null`.
    @inline(always) static var lowerT: UInt8 { 0x74 }
    @inline(always) static var lowerF: UInt8 { 0x66 }
    @inline(always) static var lowerN: UInt8 { 0x6E }
    /// The four whitespace bytes JSON allows.
    @inline(always) static var space: UInt8 { 0x20 }
    @inline(always) static var lineFeed: UInt8 { 0x0A }
    @inline(always) static var carriageReturn: UInt8 { 0x0D }
    @inline(always) static var tab: UInt8 { 0x09 }

    /// Whether `byte` is an ASCII digit.
    @inline(always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
}

extension JSONScanner {
    /// The document's bytes, read in place.
    ///
    /// Kept apart from the scanner's buffers, with the reads that need nothing else, so that a
    /// read copies two words. The per-byte reads are `@inline(always)`, which holds in
    /// unoptimized builds as well: there a call per byte cost more than the scan itself (each
    /// unoptimized call sets up and clears a stack frame).
    struct Document {
        /// The first byte.
        let bytes: UnsafePointer<UInt8>
        /// The document's length.
        let count: Int

        /// The byte at `offset`, or 0 past the end: 0 is never valid where the scanner looks, so
        /// the end of the document stops every loop like an unexpected byte would.
        @inline(always)
        func byte(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }

        /// The offset of the first byte at or after `start` that is not whitespace.
        @inline(always)
        func skipWhitespace(_ start: Int) -> Int {
            var i = start
            while i < count {
                let byte = bytes[i]
                guard
                    byte == JSONByte.space || byte == JSONByte.lineFeed || byte == JSONByte.carriageReturn
                        || byte == JSONByte.tab
                else { return i }
                i += 1
            }
            return i
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
            let commas = SWAR.repeating(JSONByte.comma)
            let colons = SWAR.repeating(JSONByte.colon)
            let caseBits = SWAR.repeating(0x20)
            let braces = SWAR.repeating(JSONByte.openBrace)
            while offset + 8 <= count {
                // A count per byte lane, summed every 255 words before a lane can overflow: cheaper
                // than a population count, which the baseline x86-64 target has no instruction for.
                var lanes: UInt64 = 0
                let stop = offset + 8 * 255 < count ? offset + 8 * 255 : count
                while offset + 8 <= stop {
                    let word = SWAR.load(raw, offset)
                    let matches =
                        SWAR.zeroBytes(word ^ commas) | SWAR.zeroBytes(word ^ colons)
                        // `[` | 0x20 is `{`.
                        | SWAR.zeroBytes((word | caseBits) ^ braces)
                    lanes &+= matches &>> 7
                    offset += 8
                }
                structural &+= SWAR.sumOfBytes(lanes)
            }
            while offset < count {
                let value = bytes[offset]
                structural &+=
                    value | 0x20 == JSONByte.openBrace || value == JSONByte.comma || value == JSONByte.colon ? 1 : 0
                offset += 1
            }
            return structural + 2
        }
    }
}
