import Foundation

/// The validating pass that turns a document's bytes into ``JSONTape`` tokens.
///
/// Strict RFC 8259: one value with optional whitespace around it (a UTF-8 byte order mark is
/// skipped, as JSONDecoder does), no trailing commas, comments or trailing bytes; numbers
/// without leading zeros; strings of valid UTF-8 without control characters, with only the
/// standard escapes and no lone surrogates. Every string and number is checked, read or not,
/// so a document either scans whole or fails here.
///
/// Iterative, with an explicit stack, so hostile nesting cannot exhaust the call stack; the
/// depth is limited anyway (``maximumDepth``) because decoding the tape recurses.
///
/// Written to be fast unoptimized as well (`swift run` and `swift test` build in debug): its
/// buffers are plain pointers, allocated once, not arrays (whose every read and append is a
/// generic call there); bytes are compared with `==` against ``JSONByte`` constants, not
/// matched by `switch` (a generic `~=` call per case); the per-byte and per-token helpers are
/// `@inline(always)`.
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted, JSONDecoder's limit as well.
    static let maximumDepth = 512

    /// A container open at the current position: its token, its latest key (for objects, so an
    /// error can say where it happened; 0 before the first) and the members its own container
    /// had when it opened (its index there).
    struct OpenContainer {
        var container: Int
        var key: Int
        var outerMembers: UInt32
    }

    /// The document (every read is bounds-checked, see ``Document/byte(_:)``).
    let document: Document
    /// The tokens found so far, ``tokenCount`` of them; complete once ``scan()`` returns. Room
    /// for ``tokenCapacity``: a guess from the document's size, doubled (one copy of the tokens)
    /// whenever it runs out. The caller owns the buffer: ``appendingMissingValue()`` hands it
    /// over, or the caller deallocates it after a failed scan.
    private(set) var tokens: UnsafeMutablePointer<JSONToken>
    private(set) var tokenCount = 0
    private var tokenCapacity: Int
    /// The containers open at the current position, innermost last, ``depth`` of them (room for
    /// ``maximumDepth``). The innermost's latest key is kept in ``innermostKey`` instead, as it
    /// changes with every key.
    let open: UnsafeMutablePointer<OpenContainer>
    var depth = 0
    var innermostKey = 0
    /// The members of the innermost open container so far, kept here rather than in its token
    /// (written once, when it closes).
    var members: UInt32 = 0
    /// Whether the innermost open container is an object.
    private var innermostIsObject = false
    /// A hash table's slots, reused for every large object to look for repeated keys; all zero
    /// between uses.
    private var scratch: UnsafeMutablePointer<UInt32>?
    private var scratchCapacity = 0

    /// A scanner over `count` bytes at `bytes`. Its buffers are allocated here: after
    /// ``scan()``, call ``deallocateWorkspace()``, and either take the tokens with
    /// ``appendingMissingValue()`` or deallocate ``tokens``.
    init(bytes: UnsafePointer<UInt8>, count: Int) {
        document = Document(bytes: bytes, count: count)
        // Reddit's answers hold a token every 10 to 20 bytes; denser documents make the
        // buffer grow a few times, which costs less than a pass over the bytes to count first.
        tokenCapacity = count / 8 + 16
        tokens = .allocate(capacity: tokenCapacity)
        open = .allocate(capacity: Self.maximumDepth)
    }

    /// Frees the buffers the scan works with (not ``tokens``).
    mutating func deallocateWorkspace() {
        open.deallocate()
        scratch?.deallocate()
        scratch = nil
        scratchCapacity = 0
    }

    /// The tokens with the tape's extra `null` (for absent values) after them, handed over to
    /// the caller, who deallocates them.
    mutating func appendingMissingValue() -> JSONTokens {
        append(JSONToken(kind: .null, flags: 0, start: 0, end: 0, next: UInt32(tokenCount + 1), count: 0))
        return JSONTokens(base: tokens, count: tokenCount)
    }

    /// Scans the whole document.
    ///
    /// - Throws: `DecodingError.dataCorrupted`, with the path to the broken value and the byte
    ///   offset, when the document is not valid JSON.
    mutating func scan() throws {
        var i = 0
        if document.count >= 3, document.byte(0) == 0xEF, document.byte(1) == 0xBB, document.byte(2) == 0xBF { i = 3 }
        value: while true {
            i = document.afterWhitespace(i)
            let byte = document.byte(i)
            if byte == JSONByte.quote {
                i = try scanString(at: i)
            } else if byte == JSONByte.openBrace {
                try openContainer(.object, at: i)
                i = document.afterWhitespace(i + 1)
                if document.byte(i) == JSONByte.closeBrace {
                    closeContainer(at: i)
                    i += 1
                } else {
                    i = try scanKey(at: i)
                    continue value
                }
            } else if byte == JSONByte.openBracket {
                try openContainer(.array, at: i)
                i = document.afterWhitespace(i + 1)
                if document.byte(i) == JSONByte.closeBracket {
                    closeContainer(at: i)
                    i += 1
                } else {
                    continue value
                }
            } else if byte == JSONByte.minus || JSONByte.isDigit(byte) {
                i = try scanNumber(at: i)
            } else if byte == JSONByte.lowerT {
                i = try scanLiteral("true", .true, at: i)
            } else if byte == JSONByte.lowerF {
                i = try scanLiteral("false", .false, at: i)
            } else if byte == JSONByte.lowerN {
                i = try scanLiteral("null", .null, at: i)
            } else {
                throw failure(
                    at: i,
                    i >= document.count
                        ? "Unexpected end of data; a value was expected" : "Unexpected byte; a value was expected")
            }
            // A value ended at `i`: it is a member of the innermost open container, which either
            // goes on (a comma) or ends (its bracket, which ends a value of the next one out).
            while depth > 0 {
                members += 1
                i = document.afterWhitespace(i)
                let isObject = innermostIsObject
                let byte = document.byte(i)
                if byte == JSONByte.comma {
                    i += 1
                    if isObject { i = try scanKey(at: document.afterWhitespace(i)) }
                    continue value
                }
                guard isObject ? byte == JSONByte.closeBrace : byte == JSONByte.closeBracket else {
                    let expected = isObject ? "',' or '}'" : "',' or ']'"
                    throw failure(
                        at: i,
                        i >= document.count
                            ? "Unexpected end of data; \(expected) was expected"
                            : "Unexpected byte; \(expected) was expected")
                }
                closeContainer(at: i)
                i += 1
            }
            i = document.afterWhitespace(i)
            guard i == document.count else { throw failure(at: i, "Unexpected bytes after the top-level value") }
            return
        }
    }

    // MARK: Structure

    private mutating func openContainer(_ kind: JSONToken.Kind, at i: Int) throws {
        guard depth < Self.maximumDepth else {
            throw failure(at: i, "Too many nested arrays or dictionaries (more than \(Self.maximumDepth))")
        }
        if depth > 0 { open[depth - 1].key = innermostKey }
        open[depth] = OpenContainer(container: tokenCount, key: 0, outerMembers: members)
        depth += 1
        innermostKey = 0
        members = 0
        if case .object = kind { innermostIsObject = true } else { innermostIsObject = false }
        append(JSONToken(kind: kind, flags: 0, start: UInt32(i), end: 0, next: 0, count: 0))
    }

    /// Adds a token, making room first when the buffer is full.
    @inline(always)
    private mutating func append(_ token: JSONToken) {
        if tokenCount == tokenCapacity { grow() }
        (tokens + tokenCount).initialize(to: token)
        tokenCount += 1
    }

    /// Doubles the token buffer.
    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONToken>.allocate(capacity: tokenCapacity * 2)
        larger.moveInitialize(from: tokens, count: tokenCount)
        tokens.deallocate()
        tokens = larger
        tokenCapacity *= 2
    }

    private mutating func closeContainer(at i: Int) {
        depth -= 1
        let closed = open[depth]
        let container = closed.container
        tokens[container].next = UInt32(tokenCount)
        tokens[container].count = members
        members = closed.outerMembers
        if depth > 0 {
            innermostKey = open[depth - 1].key
            innermostIsObject = tokens[open[depth - 1].container].isObject
        } else {
            innermostIsObject = false
        }
        if tokens[container].isObject, tokens[container].count > ObjectMembers.linearSearchLimit,
            hasIrregularKeys(container)
        {
            tokens[container].flags |= JSONToken.irregularKeys
        }
    }

    /// Whether the object at `container` has a key twice or a key that is not plain. Each key's
    /// hash is stored in its token (``JSONToken/keyHash``) and put into ``scratch`` (cleared
    /// after); equal hashes are compared byte for byte.
    private mutating func hasIrregularKeys(_ container: Int) -> Bool {
        let object = tokens[container]
        var capacity = 16
        while capacity < Int(object.count) * 2 { capacity <<= 1 }
        if scratchCapacity < capacity {
            scratch?.deallocate()
            let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
            slots.initialize(repeating: 0, count: capacity)
            scratch = slots
            scratchCapacity = capacity
        }
        guard let slots = scratch else { return true }
        defer { slots.update(repeating: 0, count: capacity) }
        let mask = capacity - 1
        let bytes = document.bytes
        let count = document.count
        var key = container + 1
        let end = Int(object.next)
        while key < end {
            guard tokens[key].isPlain else { return true }
            let start = Int(tokens[key].start)
            let length = Int(tokens[key].end) - start
            let hash = SWAR.hashKey(bytes + start, count: length, readable: count - start)
            tokens[key].keyHash = hash
            var slot = Int(hash) & mask
            while slots[slot] != 0 {
                let other = tokens[Int(slots[slot]) - 1]
                if other.keyHash == hash, Int(other.end &- other.start) == length,
                    memcmp(bytes + Int(other.start), bytes + start, length) == 0
                {
                    return true
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = UInt32(key + 1)
            key = Int(tokens[key + 1].next)
        }
        return false
    }

    /// Scans `"key"` and the colon after it; returns the offset after the colon.
    private mutating func scanKey(at start: Int) throws -> Int {
        guard document.byte(start) == JSONByte.quote else {
            throw failure(
                at: start,
                start >= document.count
                    ? "Unexpected end of data; a key was expected" : "Unexpected byte; a string key was expected")
        }
        let key = tokenCount
        let end = try scanString(at: start)
        let i = document.afterWhitespace(end)
        innermostKey = key
        guard document.byte(i) == JSONByte.colon else { throw failure(at: i, "':' was expected after a key") }
        return i + 1
    }

    // MARK: Scalars

    private mutating func scanLiteral(_ literal: StaticString, _ kind: JSONToken.Kind, at start: Int) throws -> Int {
        let length = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        var offset = 0
        while offset < length {
            guard document.byte(start + offset) == text[offset] else {
                throw failure(at: start + offset, "Invalid literal; '\(literal)' was expected")
            }
            offset += 1
        }
        append(
            JSONToken(
                kind: kind, flags: 0, start: UInt32(start), end: UInt32(start + length), next: UInt32(tokenCount + 1),
                count: 0))
        return start + length
    }

    private mutating func scanNumber(at start: Int) throws -> Int {
        var i = start
        var flags = JSONToken.integer
        if document.byte(i) == JSONByte.minus { i += 1 }
        let first = document.byte(i)
        if first == JSONByte.zero {
            i += 1
        } else if JSONByte.isDigit(first) {
            i += 1
            while JSONByte.isDigit(document.byte(i)) { i += 1 }
        } else {
            throw failure(at: i, "Invalid number; a digit was expected")
        }
        if document.byte(i) == JSONByte.dot {
            flags = 0
            i += 1
            guard JSONByte.isDigit(document.byte(i)) else {
                throw failure(at: i, "Invalid number; a digit was expected after '.'")
            }
            while JSONByte.isDigit(document.byte(i)) { i += 1 }
        }
        if document.byte(i) == JSONByte.lowerE || document.byte(i) == JSONByte.upperE {
            flags = 0
            i += 1
            if document.byte(i) == JSONByte.plus || document.byte(i) == JSONByte.minus { i += 1 }
            guard JSONByte.isDigit(document.byte(i)) else {
                throw failure(at: i, "Invalid number; a digit was expected in the exponent")
            }
            while JSONByte.isDigit(document.byte(i)) { i += 1 }
        }
        // A digit right after a leading zero ("01") is caught by the caller: no value may follow.
        append(
            JSONToken(
                kind: .number, flags: flags, start: UInt32(start), end: UInt32(i), next: UInt32(tokenCount + 1),
                count: 0))
        return i
    }

    /// Scans a string from its opening quote; returns the offset after the closing quote.
    private mutating func scanString(at start: Int) throws -> Int {
        var i = start + 1
        var flags: UInt8 = 0
        let bytes = document.bytes
        let count = document.count
        // Eight bytes at a time, read with `memcpy` (an unaligned load; an optimized build makes it
        // one instruction, an unoptimized one would call the generic `loadUnaligned` instead).
        var word: UInt64 = 0
        while true {
            // Printable ASCII other than the quote and the backslash: nearly every byte, so
            // eight at a time while they last.
            while i + 8 <= count {
                memcpy(&word, bytes + i, 8)
                #if _endian(big)
                word = word.byteSwapped
                #endif
                let stops = SWAR.stringStops(word)
                if stops != 0 {
                    i += stops.trailingZeroBitCount &>> 3
                    break
                }
                i += 8
            }
            while i < count {
                let current = bytes[i]
                guard current >= 0x20, current < 0x80, current != JSONByte.quote, current != JSONByte.backslash
                else { break }
                i += 1
            }
            let current = document.byte(i)
            if current == JSONByte.quote && i < count { break }
            if current == JSONByte.backslash {
                flags |= JSONToken.escaped
                i = try scanEscape(at: i)
            } else if current >= 0x80 {
                flags |= JSONToken.nonASCII
                i = try scanUTF8Sequence(at: i)
            } else if i >= count {
                throw failure(at: i, "Unexpected end of data inside a string")
            } else {
                throw failure(at: i, "Unescaped control character in a string")
            }
        }
        append(
            JSONToken(
                kind: .string, flags: flags, start: UInt32(start + 1), end: UInt32(i), next: UInt32(tokenCount + 1),
                count: 0))
        return i + 1
    }
}

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
    /// read copies two words. The per-byte reads are `@inline(always)`, which an unoptimized
    /// build honours too, but only for calls from the same file: so they are defined here,
    /// beside the scanner's loops (a call per byte cost more than the scan itself there, each
    /// unoptimized call setting up and clearing a stack frame).
    struct Document {
        /// The first byte.
        let bytes: UnsafePointer<UInt8>
        /// The document's length.
        let count: Int

        /// The byte at `offset`, or 0 past the end: 0 is never valid where the scanner looks, so
        /// the end of the document stops every loop like an unexpected byte would.
        @inline(always)
        func byte(_ offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }

        /// The offset of the first byte at or after `start` that is not whitespace: inline for
        /// no whitespace and for the one space `", "` and `": "` leave, ``skipWhitespace(_:)``
        /// for the rest.
        @inline(always)
        func afterWhitespace(_ start: Int) -> Int {
            if start < count, bytes[start] > 0x20 { return start }
            if start + 1 < count, bytes[start] == 0x20, bytes[start + 1] > 0x20 { return start + 1 }
            return skipWhitespace(start)
        }

        /// The offset of the first byte at or after `start` that is not whitespace.
        func skipWhitespace(_ start: Int) -> Int {
            var i = start
            var word: UInt64 = 0
            while i < count {
                // Indentation: eight spaces at a time while they last (after each line break).
                while i + 8 <= count {
                    memcpy(&word, bytes + i, 8)
                    if word != 0x2020_2020_2020_2020 { break }
                    i += 8
                }
                guard i < count else { return i }
                let byte = bytes[i]
                guard
                    byte == JSONByte.space || byte == JSONByte.lineFeed || byte == JSONByte.carriageReturn
                        || byte == JSONByte.tab
                else { return i }
                i += 1
            }
            return i
        }

    }
}

extension SWAR {
    /// The high bit of each byte that ends a run of plain string bytes: `"`, `\\`, a control
    /// character (below 0x20) or a byte outside ASCII (0x80 and up). Here, in the scanner's
    /// file, for the inlining an unoptimized build does only within a file.
    @inline(always)
    static func stringStops(_ word: UInt64) -> UInt64 {
        // The low seven bits plus 0x60 reach the high bit exactly when they are 0x20 or more.
        // `x ^ 0x22…` and `x ^ 0x5C…` have a zero byte where `word` has `"` or `\\`; a byte is
        // zero when its low seven bits plus 0x7F stay below the high bit and its own is clear.
        (~((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x6060_6060_6060_6060) & 0x8080_8080_8080_8080)
            | (word & 0x8080_8080_8080_8080)
            | ~((((word ^ 0x2222_2222_2222_2222) & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F)
            | (word ^ 0x2222_2222_2222_2222) | 0x7F7F_7F7F_7F7F_7F7F)
            | ~((((word ^ 0x5C5C_5C5C_5C5C_5C5C) & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F)
            | (word ^ 0x5C5C_5C5C_5C5C_5C5C) | 0x7F7F_7F7F_7F7F_7F7F)
    }
}
