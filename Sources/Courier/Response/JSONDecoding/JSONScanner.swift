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
    /// The tables of the keys of large objects (``JSONTape/keyTables``), ``keyTablesCount`` slots
    /// of ``keyTablesCapacity``; nil until the first. Handed over with the tokens.
    /// Written by ``indexKeys(_:)`` (JSONScanner+KeyTables.swift).
    var keyTables: UnsafeMutablePointer<UInt32>?
    var keyTablesCount = 0
    var keyTablesCapacity = 0

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

    /// Frees the buffers the scan works with (not ``tokens`` or ``keyTables``).
    mutating func deallocateWorkspace() {
        open.deallocate()
    }

    /// The tokens with the tape's extra `null` (for absent values) after them, handed over to
    /// the caller, who deallocates them (and ``keyTables``).
    mutating func appendingMissingValue() -> JSONTokens {
        append(JSONToken(scanned: .null, flags: 0, start: 0, next: UInt32(tokenCount + 1), extent: 0))
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
                i = try scanLiteral(.true, at: i, length: 4, lastFour: 0x6575_7274)  // "true"
            } else if byte == JSONByte.lowerF {
                i = try scanLiteral(.false, at: i, length: 5, lastFour: 0x6573_6C61)  // "alse"
            } else if byte == JSONByte.lowerN {
                i = try scanLiteral(.null, at: i, length: 4, lastFour: 0x6C6C_756E)  // "null"
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
        append(JSONToken(scanned: kind, flags: 0, start: UInt32(i), next: 0, extent: 0))
    }

    /// Adds a token, making room first when the buffer is full. (An assignment through the
    /// pointer's subscript, not `initialize(to:)`, which an unoptimized build calls as a generic
    /// function: tokens are trivial values, so writing over uninitialized memory is fine.)
    @inline(always)
    private mutating func append(_ token: JSONToken) {
        if tokenCount == tokenCapacity { grow() }
        tokens[tokenCount] = token
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
        tokens[closed.container].next = UInt32(tokenCount)
        tokens[closed.container].extent = members
        members = closed.outerMembers
        if depth > 0 {
            innermostKey = open[depth - 1].key
            if case .object = tokens[open[depth - 1].container].kind {
                innermostIsObject = true
            } else {
                innermostIsObject = false
            }
        } else {
            innermostIsObject = false
        }
        if case .object = tokens[closed.container].kind,
            tokens[closed.container].extent > ObjectMembers.linearSearchLimit
        {
            indexKeys(closed.container)
        }
    }

    /// Scans `"key"` and the colon after it; returns the offset after the colon (few names).
    private mutating func scanKey(at start: Int) throws -> Int {
        guard start < document.count, document.bytes[start] == JSONByte.quote else {
            throw failure(
                at: start,
                start >= document.count
                    ? "Unexpected end of data; a key was expected" : "Unexpected byte; a string key was expected")
        }
        var i = try scanString(at: start)
        innermostKey = tokenCount - 1  // the key's token, just made
        if i < document.count, document.bytes[i] == JSONByte.colon { return i + 1 }
        i = document.afterWhitespace(i)
        guard document.byte(i) == JSONByte.colon else { throw failure(at: i, "':' was expected after a key") }
        return i + 1
    }

    // MARK: Scalars

    /// Scans the literal of `kind` (`true`, `false` or `null`), `length` bytes whose last four
    /// are `lastFour` read as a little-endian `UInt32`: one comparison of four bytes, then the
    /// token written field by field (few names, see ``scanString(at:)``).
    private mutating func scanLiteral(
        _ kind: JSONToken.Kind, at start: Int, length: Int, lastFour: UInt32
    ) throws -> Int {
        var word: UInt32 = 0
        if start + length <= document.count {
            memcpy(&word, document.bytes + start + length - 4, 4)
            #if _endian(big)
            word = word.byteSwapped
            #endif
        }
        if word != lastFour || start + length > document.count { try checkLiteral(kind, at: start) }
        if tokenCount == tokenCapacity { grow() }
        tokens[tokenCount].kind = kind
        tokens[tokenCount].flags = 0
        tokens[tokenCount].start = UInt32(start)
        tokens[tokenCount].next = UInt32(tokenCount + 1)
        tokens[tokenCount].extent = UInt32(start + length)
        tokenCount += 1
        return start + length
    }

    /// Scans a number; returns the offset after it. Three names besides `start` (see
    /// ``scanString(at:)``): each byte is read in place into `byte` (0 past the end, which no
    /// rule accepts), and the token is written field by field.
    private mutating func scanNumber(at start: Int) throws -> Int {
        var i = start
        var flags = JSONToken.integer
        var byte: UInt8 = i < document.count ? document.bytes[i] : 0
        if byte == JSONByte.minus {
            i += 1
            byte = i < document.count ? document.bytes[i] : 0
        }
        if byte == JSONByte.zero {
            i += 1
            byte = i < document.count ? document.bytes[i] : 0
        } else if byte &- JSONByte.zero < 10 {
            repeat {
                i += 1
                byte = i < document.count ? document.bytes[i] : 0
            } while byte &- JSONByte.zero < 10
        } else {
            throw failure(at: i, "Invalid number; a digit was expected")
        }
        if byte == JSONByte.dot {
            flags = 0
            i += 1
            byte = i < document.count ? document.bytes[i] : 0
            guard byte &- JSONByte.zero < 10 else {
                throw failure(at: i, "Invalid number; a digit was expected after '.'")
            }
            repeat {
                i += 1
                byte = i < document.count ? document.bytes[i] : 0
            } while byte &- JSONByte.zero < 10
        }
        if byte == JSONByte.lowerE || byte == JSONByte.upperE {
            flags = 0
            i += 1
            byte = i < document.count ? document.bytes[i] : 0
            if byte == JSONByte.plus || byte == JSONByte.minus {
                i += 1
                byte = i < document.count ? document.bytes[i] : 0
            }
            guard byte &- JSONByte.zero < 10 else {
                throw failure(at: i, "Invalid number; a digit was expected in the exponent")
            }
            repeat {
                i += 1
                byte = i < document.count ? document.bytes[i] : 0
            } while byte &- JSONByte.zero < 10
        }
        // A digit right after a leading zero ("01") is caught by the caller: no value may follow.
        if tokenCount == tokenCapacity { grow() }
        tokens[tokenCount].kind = .number
        tokens[tokenCount].flags = flags
        tokens[tokenCount].start = UInt32(start)
        tokens[tokenCount].next = UInt32(tokenCount + 1)
        tokens[tokenCount].extent = UInt32(i)
        tokenCount += 1
        return i
    }

    /// Scans a string from its opening quote; returns the offset after the closing quote. Few
    /// names: an unoptimized build clears a stack slot for every name a function binds (inlined
    /// helpers' parameters included) with a `memset` per call, so bytes are read in place.
    private mutating func scanString(at start: Int) throws -> Int {
        var i = start + 1
        var flags: UInt8 = 0
        // Eight bytes at a time, read with `memcpy` (an unaligned load; an optimized build makes it
        // one instruction, an unoptimized one would call the generic `loadUnaligned` instead).
        var word: UInt64 = 0
        var current: UInt8 = 0
        while true {
            // Printable ASCII other than the quote and the backslash: nearly every byte, so
            // eight at a time while they last.
            while i + 8 <= document.count {
                memcpy(&word, document.bytes + i, 8)
                #if _endian(big)
                word = word.byteSwapped
                #endif
                word = SWAR.stringStops(word)
                if word != 0 {
                    i += word.trailingZeroBitCount &>> 3
                    break
                }
                i += 8
            }
            while i < document.count {
                current = document.bytes[i]
                guard current >= 0x20, current < 0x80, current != JSONByte.quote, current != JSONByte.backslash
                else { break }
                i += 1
            }
            current = i < document.count ? document.bytes[i] : 0
            if current == JSONByte.quote && i < document.count { break }
            if current == JSONByte.backslash {
                flags |= JSONToken.escaped
                i = try scanEscape(at: i)
            } else if current >= 0x80 {
                flags |= JSONToken.nonASCII
                i = try scanUTF8Sequence(at: i)
            } else if i >= document.count {
                throw failure(at: i, "Unexpected end of data inside a string")
            } else {
                throw failure(at: i, "Unescaped control character in a string")
            }
        }
        // The token written in place (tokens are trivial values, so uninitialized memory may be
        // written field by field), without an initializer's or ``append(_:)``'s parameters.
        if tokenCount == tokenCapacity { grow() }
        tokens[tokenCount].kind = .string
        tokens[tokenCount].flags = flags
        tokens[tokenCount].start = UInt32(start + 1)
        tokens[tokenCount].next = UInt32(tokenCount + 1)
        tokens[tokenCount].extent = UInt32(i)
        tokenCount += 1
        return i + 1
    }
}

extension JSONToken {
    /// A token as the scanner makes it: here, in the scanner's file, where an unoptimized build
    /// inlines it (a call per token otherwise). `extent` is a scalar's end, a container's count.
    @inline(always)
    init(scanned kind: Kind, flags: UInt8, start: UInt32, next: UInt32, extent: UInt32) {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.next = next
        self.extent = extent
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
                // Indentation: eight spaces at a time, then those before another byte at once.
                while i + 8 <= count {
                    memcpy(&word, bytes + i, 8)
                    #if _endian(big)
                    word = word.byteSwapped
                    #endif
                    word ^= 0x2020_2020_2020_2020
                    if word != 0 {
                        i += word.trailingZeroBitCount &>> 3
                        break
                    }
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
