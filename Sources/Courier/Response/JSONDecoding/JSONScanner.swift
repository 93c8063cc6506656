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
struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted, JSONDecoder's limit as well.
    static let maximumDepth = 512

    /// The document (every read is bounds-checked, see ``Document/byte(_:)``).
    private let document: Document
    /// The tokens found so far; complete once ``scan()`` returns.
    var tokens: [JSONToken] = []
    /// The containers open at the current position, innermost last, each with its latest key
    /// (for objects) so an error can say where it happened, and the members its container had
    /// when it opened (its index there).
    private var open: [(container: Int, key: Int, outerMembers: UInt32)] = []
    /// The members of the innermost open container so far, kept here rather than in its token
    /// (written once, when it closes).
    private var members: UInt32 = 0
    /// Whether the innermost open container is an object.
    private var innermostIsObject = false
    /// A hash table's slots, reused for every large object to look for repeated keys.
    private var scratch: [UInt32] = []
    #if DEBUG
    /// Debug builds only: how often ``tokens`` moved to another buffer during ``scan()``. It is
    /// allocated once (``Document/tokenBound()``), so a move is a copy: a write while a second reference
    /// to the array was alive, which an unoptimized build keeps where an optimized one does not
    /// (a copy per key once made debug builds 15–60 times slower). The tests hold it to zero.
    private(set) var tokenBufferMoves = 0
    private var tokenBuffer: UnsafeRawPointer?

    /// Counts a move of ``tokens`` since the last call.
    private mutating func noteTokenBuffer() {
        let buffer = tokens.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if tokenBuffer != nil, buffer != tokenBuffer { tokenBufferMoves += 1 }
        tokenBuffer = buffer
    }
    #endif

    /// A scanner over `count` bytes at `bytes`.
    init(bytes: UnsafePointer<UInt8>, count: Int) {
        document = Document(bytes: bytes, count: count)
    }

    /// Scans the whole document.
    ///
    /// - Throws: `DecodingError.dataCorrupted`, with the path to the broken value and the byte
    ///   offset, when the document is not valid JSON.
    mutating func scan() throws {
        // One more for the tape's `null` that stands for absent values.
        tokens.reserveCapacity(document.tokenBound() + 1)
        #if DEBUG
        noteTokenBuffer()
        #endif
        var i = 0
        if document.count >= 3, document.byte(0) == 0xEF, document.byte(1) == 0xBB, document.byte(2) == 0xBF { i = 3 }
        value: while true {
            i = document.skipWhitespace(i)
            switch document.byte(i) {
            case UInt8(ascii: "{"):
                try openContainer(.object, at: i)
                i = document.skipWhitespace(i + 1)
                if document.byte(i) == UInt8(ascii: "}") {
                    closeContainer(at: i)
                    i += 1
                } else {
                    i = try scanKey(at: i)
                    continue value
                }
            case UInt8(ascii: "["):
                try openContainer(.array, at: i)
                i = document.skipWhitespace(i + 1)
                if document.byte(i) == UInt8(ascii: "]") {
                    closeContainer(at: i)
                    i += 1
                } else {
                    continue value
                }
            case UInt8(ascii: "\""):
                i = try scanString(at: i)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                i = try scanNumber(at: i)
            case UInt8(ascii: "t"):
                i = try scanLiteral("true", .true, at: i)
            case UInt8(ascii: "f"):
                i = try scanLiteral("false", .false, at: i)
            case UInt8(ascii: "n"):
                i = try scanLiteral("null", .null, at: i)
            default:
                throw failure(
                    at: i,
                    i >= document.count
                        ? "Unexpected end of data; a value was expected" : "Unexpected byte; a value was expected")
            }
            // A value ended at `i`: it is a member of the innermost open container, which either
            // goes on (a comma) or ends (its bracket, which ends a value of the next one out).
            while !open.isEmpty {
                members += 1
                i = document.skipWhitespace(i)
                let isObject = innermostIsObject
                switch document.byte(i) {
                case UInt8(ascii: ","):
                    i += 1
                    if isObject { i = try scanKey(at: document.skipWhitespace(i)) }
                    continue value
                case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                    closeContainer(at: i)
                    i += 1
                default:
                    let expected = isObject ? "',' or '}'" : "',' or ']'"
                    throw failure(
                        at: i,
                        i >= document.count
                            ? "Unexpected end of data; \(expected) was expected"
                            : "Unexpected byte; \(expected) was expected")
                }
            }
            i = document.skipWhitespace(i)
            guard i == document.count else { throw failure(at: i, "Unexpected bytes after the top-level value") }
            return
        }
    }

    // MARK: Structure

    private mutating func openContainer(_ kind: JSONToken.Kind, at i: Int) throws {
        guard open.count < Self.maximumDepth else {
            throw failure(at: i, "Too many nested arrays or dictionaries (more than \(Self.maximumDepth))")
        }
        open.append((tokens.count, 0, members))
        members = 0
        innermostIsObject = kind == .object
        append(JSONToken(kind: kind, flags: 0, start: UInt32(i), end: 0, next: 0, count: 0))
    }

    /// Adds a token; the array has room for every token (``Document/tokenBound()``).
    private mutating func append(_ token: JSONToken) {
        tokens.append(token)
        #if DEBUG
        noteTokenBuffer()
        #endif
    }

    private mutating func closeContainer(at i: Int) {
        let (container, _, outerMembers) = open.removeLast()
        tokens[container].next = UInt32(tokens.count)
        tokens[container].count = members
        members = outerMembers
        innermostIsObject = open.last.map { tokens[$0.container].kind == .object } ?? false
        if tokens[container].kind == .object, tokens[container].count > ObjectMembers.linearSearchLimit,
            hasIrregularKeys(container)
        {
            tokens[container].flags |= JSONToken.irregularKeys
        }
        #if DEBUG
        noteTokenBuffer()
        #endif
    }

    /// Whether the object at `container` has a key twice or a key that is not plain. Each key's
    /// hash is stored in its token (``JSONToken/keyHash``) and put into ``scratch`` (cleared
    /// after); equal hashes are compared byte for byte.
    private mutating func hasIrregularKeys(_ container: Int) -> Bool {
        let object = tokens[container]
        var capacity = 16
        while capacity < Int(object.count) * 2 { capacity <<= 1 }
        if scratch.count < capacity { scratch = [UInt32](repeating: 0, count: capacity) }
        let mask = capacity - 1
        let bytes = document.bytes
        let count = document.count
        return tokens.withUnsafeMutableBufferPointer { tokens in
            scratch.withUnsafeMutableBufferPointer { slots in
                defer { slots.baseAddress!.update(repeating: 0, count: capacity) }
                var key = container + 1
                let end = Int(object.next)
                while key < end {
                    guard tokens[key].isPlain else { return true }
                    let start = Int(tokens[key].start)
                    tokens[key].keyHash = SWAR.hashKey(
                        bytes + start, count: Int(tokens[key].end) - start, readable: count - start)
                    let keyToken = tokens[key]
                    var slot = Int(keyToken.keyHash) & mask
                    while slots[slot] != 0 {
                        let other = tokens[Int(slots[slot]) - 1]
                        if other.keyHash == keyToken.keyHash,
                            other.end &- other.start == keyToken.end &- keyToken.start,
                            memcmp(
                                bytes + Int(other.start), bytes + Int(keyToken.start),
                                Int(keyToken.end &- keyToken.start))
                                == 0
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
        }
    }

    /// Scans `"key"` and the colon after it; returns the offset after the colon.
    private mutating func scanKey(at start: Int) throws -> Int {
        guard document.byte(start) == UInt8(ascii: "\"") else {
            throw failure(
                at: start,
                start >= document.count
                    ? "Unexpected end of data; a key was expected" : "Unexpected byte; a string key was expected")
        }
        let key = tokens.count
        // Not `skipWhitespace(try scanString(at: start))` on the scanner: an unoptimized build
        // reads `self` for the outer call first and keeps that copy, tokens and all, while the
        // inner call appends to them, so every key copied the token array.
        let end = try scanString(at: start)
        let i = document.skipWhitespace(end)
        open[open.count - 1].key = key
        guard document.byte(i) == UInt8(ascii: ":") else { throw failure(at: i, "':' was expected after a key") }
        return i + 1
    }

    // MARK: Scalars

    private mutating func scanLiteral(_ literal: StaticString, _ kind: JSONToken.Kind, at start: Int) throws -> Int {
        let length = literal.utf8CodeUnitCount
        let text = literal.utf8Start
        for offset in 0..<length where document.byte(start + offset) != text[offset] {
            throw failure(at: start + offset, "Invalid literal; '\(literal)' was expected")
        }
        append(
            JSONToken(
                kind: kind, flags: 0, start: UInt32(start), end: UInt32(start + length), next: UInt32(tokens.count + 1),
                count: 0))
        return start + length
    }

    private mutating func scanNumber(at start: Int) throws -> Int {
        var i = start
        var flags = JSONToken.integer
        if document.byte(i) == UInt8(ascii: "-") { i += 1 }
        switch document.byte(i) {
        case UInt8(ascii: "0"):
            i += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            i += 1
            while Self.isDigit(document.byte(i)) { i += 1 }
        default:
            throw failure(at: i, "Invalid number; a digit was expected")
        }
        if document.byte(i) == UInt8(ascii: ".") {
            flags = 0
            i += 1
            guard Self.isDigit(document.byte(i)) else {
                throw failure(at: i, "Invalid number; a digit was expected after '.'")
            }
            while Self.isDigit(document.byte(i)) { i += 1 }
        }
        if document.byte(i) == UInt8(ascii: "e") || document.byte(i) == UInt8(ascii: "E") {
            flags = 0
            i += 1
            if document.byte(i) == UInt8(ascii: "+") || document.byte(i) == UInt8(ascii: "-") { i += 1 }
            guard Self.isDigit(document.byte(i)) else {
                throw failure(at: i, "Invalid number; a digit was expected in the exponent")
            }
            while Self.isDigit(document.byte(i)) { i += 1 }
        }
        // A digit right after a leading zero ("01") is caught by the caller: no value may follow.
        append(
            JSONToken(
                kind: .number, flags: flags, start: UInt32(start), end: UInt32(i), next: UInt32(tokens.count + 1),
                count: 0))
        return i
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Scans a string from its opening quote; returns the offset after the closing quote.
    private mutating func scanString(at start: Int) throws -> Int {
        var i = start + 1
        var flags: UInt8 = 0
        while true {
            // Printable ASCII other than the quote and the backslash: nearly every byte, so
            // eight at a time while they last.
            while i + 8 <= document.count {
                let stops = SWAR.stringStops(SWAR.load(UnsafeRawPointer(document.bytes), i))
                if stops != 0 {
                    i += stops.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            while i < document.count {
                let current = document.bytes[i]
                guard current >= 0x20, current < 0x80, current != UInt8(ascii: "\""), current != UInt8(ascii: "\\")
                else { break }
                i += 1
            }
            let current = document.byte(i)
            if current == UInt8(ascii: "\"") && i < document.count { break }
            if current == UInt8(ascii: "\\") {
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
        append(
            JSONToken(
                kind: .string, flags: flags, start: UInt32(start + 1), end: UInt32(i), next: UInt32(tokens.count + 1),
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
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            range.contains(document.byte(start + offset))
        }
        let length: Int
        switch lead {
        case 0xC2...0xDF:
            length = continuation(1) ? 2 : 0
        case 0xE0:
            length = continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            length = continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            length = continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            length = continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            length = continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            length = 0
        }
        guard length > 0, start + length <= document.count else {
            throw failure(at: start, "Invalid UTF-8 in a string")
        }
        return start + length
    }

    // MARK: Errors

    /// `dataCorrupted` for a failure at byte `offset`, with the path of the value being scanned.
    private func failure(at offset: Int, _ reason: String) -> DecodingError {
        var path: [any CodingKey] = []
        for (level, (container, key, _)) in open.enumerated() {
            if tokens[container].kind == .object {
                // A key is recorded once scanned; a failure inside a key leaves the previous one
                // (or none) recorded, which still points close by.
                if key > container, let text = Self.plainText(of: tokens[key], in: document.bytes) {
                    path.append(JSONCodingKey(stringValue: text))
                }
            } else {
                let index = level == open.count - 1 ? members : open[level + 1].outerMembers
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
