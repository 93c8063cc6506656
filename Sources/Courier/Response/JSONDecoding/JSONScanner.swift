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
    private struct OpenContainer {
        var container: Int
        var key: Int
        var outerMembers: UInt32
    }

    /// The document (every read is bounds-checked, see ``Document/byte(_:)``).
    private let document: Document
    /// The tokens found so far, ``tokenCount`` of them; complete once ``scan()`` returns. Room
    /// for ``tokenCapacity``, allocated once (``Document/tokenBound()``): the buffer never
    /// moves. The caller owns it: ``appendingMissingValue()`` hands it over, or the caller
    /// deallocates it after a failed scan.
    private(set) var tokens: UnsafeMutablePointer<JSONToken>
    private(set) var tokenCount = 0
    private let tokenCapacity: Int
    /// The containers open at the current position, innermost last, ``depth`` of them (room for
    /// ``maximumDepth``). The innermost's latest key is kept in ``innermostKey`` instead, as it
    /// changes with every key.
    private let open: UnsafeMutablePointer<OpenContainer>
    private var depth = 0
    private var innermostKey = 0
    /// The members of the innermost open container so far, kept here rather than in its token
    /// (written once, when it closes).
    private var members: UInt32 = 0
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
        // One more for the tape's `null` that stands for absent values.
        tokenCapacity = document.tokenBound() + 1
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
            i = document.skipWhitespace(i)
            let byte = document.byte(i)
            if byte == JSONByte.quote {
                i = try scanString(at: i)
            } else if byte == JSONByte.openBrace {
                try openContainer(.object, at: i)
                i = document.skipWhitespace(i + 1)
                if document.byte(i) == JSONByte.closeBrace {
                    closeContainer(at: i)
                    i += 1
                } else {
                    i = try scanKey(at: i)
                    continue value
                }
            } else if byte == JSONByte.openBracket {
                try openContainer(.array, at: i)
                i = document.skipWhitespace(i + 1)
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
                i = document.skipWhitespace(i)
                let isObject = innermostIsObject
                let byte = document.byte(i)
                if byte == JSONByte.comma {
                    i += 1
                    if isObject { i = try scanKey(at: document.skipWhitespace(i)) }
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
            i = document.skipWhitespace(i)
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

    /// Adds a token: there is room for every token (``Document/tokenBound()``), which the check
    /// holds the scanner to.
    @inline(always)
    private mutating func append(_ token: JSONToken) {
        guard tokenCount < tokenCapacity else { preconditionFailure("more tokens than the document's bound") }
        (tokens + tokenCount).initialize(to: token)
        tokenCount += 1
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
        let i = document.skipWhitespace(end)
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
        while true {
            // Printable ASCII other than the quote and the backslash: nearly every byte, so
            // eight at a time while they last.
            while i + 8 <= count {
                let stops = SWAR.stringStops(SWAR.load(UnsafeRawPointer(bytes), i))
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

    /// Checks the escape at `start` (a backslash); returns the offset after it.
    private func scanEscape(at start: Int) throws -> Int {
        switch document.byte(start + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return start + 2
        case UInt8(ascii: "u"):
            guard start + 6 <= document.count, let unit = JSONScanner.hexUnit(document.bytes + start + 2) else {
                throw failure(at: start, "Invalid \\u escape; four hexadecimal digits were expected")
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard start + 12 <= document.count, document.byte(start + 6) == UInt8(ascii: "\\"),
                    document.byte(start + 7) == UInt8(ascii: "u"),
                    let low = JSONScanner.hexUnit(document.bytes + start + 8), (0xDC00...0xDFFF).contains(low)
                else {
                    throw failure(at: start, "Invalid \\u escape; a high surrogate must be followed by a low surrogate")
                }
                return start + 12
            case 0xDC00...0xDFFF:
                throw failure(at: start, "Invalid \\u escape; a low surrogate without a high surrogate before it")
            default:
                return start + 6
            }
        default:
            throw failure(at: start, "Invalid escape sequence")
        }
    }

    /// The UTF-16 unit written as four hexadecimal digits at `digits`, or nil.
    static func hexUnit(_ digits: UnsafePointer<UInt8>) -> UInt16? {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let byte = digits[offset]
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(value)
        }
        return unit
    }

    /// Checks the multi-byte UTF-8 sequence at `start` (Unicode's table of well-formed
    /// sequences: no overlong forms, no surrogates, nothing above U+10FFFF); returns the offset
    /// after it.
    private func scanUTF8Sequence(at start: Int) throws -> Int {
        let lead = document.byte(start)
        let second = document.byte(start + 1)
        // The second byte's range depends on the lead (the table's exceptions); the others are
        // plain continuation bytes, 0x80–0xBF.
        @inline(always) func continuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        if lead >= 0xC2 && lead <= 0xDF {
            length = 2
        } else if lead >= 0xE0 && lead <= 0xEF {
            length = 3
            if lead == 0xE0 { secondLow = 0xA0 } else if lead == 0xED { secondHigh = 0x9F }
        } else if lead >= 0xF0 && lead <= 0xF4 {
            length = 4
            if lead == 0xF0 { secondLow = 0x90 } else if lead == 0xF4 { secondHigh = 0x8F }
        } else {
            throw failure(at: start, "Invalid UTF-8 in a string")
        }
        guard second >= secondLow, second <= secondHigh,
            length < 3 || continuation(document.byte(start + 2)),
            length < 4 || continuation(document.byte(start + 3)),
            start + length <= document.count
        else {
            throw failure(at: start, "Invalid UTF-8 in a string")
        }
        return start + length
    }

    // MARK: Errors

    /// `dataCorrupted` for a failure at byte `offset`, with the path of the value being scanned.
    private func failure(at offset: Int, _ reason: String) -> DecodingError {
        var path: [any CodingKey] = []
        for level in 0..<depth {
            let entry = open[level]
            let key = level == depth - 1 ? innermostKey : entry.key
            if tokens[entry.container].isObject {
                // A key is recorded once scanned; a failure inside a key leaves the previous one
                // (or none) recorded, which still points close by.
                if key > entry.container, let text = Self.plainText(of: tokens[key], in: document.bytes) {
                    path.append(JSONCodingKey(stringValue: text))
                }
            } else {
                let index = level == depth - 1 ? members : open[level + 1].outerMembers
                path.append(JSONCodingKey(intValue: Int(index)))
            }
        }
        return .dataCorrupted(
            .init(
                codingPath: path,
                debugDescription: "The given data was not valid JSON: \(reason) at byte offset \(offset)."))
    }

    /// A scanned key's text, when it needs no unescaping (for error paths only).
    private static func plainText(of token: JSONToken, in bytes: UnsafePointer<UInt8>) -> String? {
        guard token.flags & JSONToken.escaped == 0 else { return "(escaped key)" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end - token.start)),
            as: UTF8.self)
    }
}
