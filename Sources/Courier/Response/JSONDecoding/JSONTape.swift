import Foundation

/// One JSON value (or object key) on a ``JSONTape``.
///
/// Values are stored in document order; a container is followed by its members, so a
/// container's ``next`` (the index after its last descendant) lets a reader skip it in O(1).
struct JSONToken {
    /// The kind of value.
    enum Kind: UInt8 {
        /// `{...}`: followed by its members, each a key token and a value.
        case object
        /// `[...]`: followed by its elements.
        case array
        /// A string, or an object's key.
        case string
        /// A number, in JSON's syntax.
        case number
        /// `true`.
        case `true`
        /// `false`.
        case `false`
        /// `null`.
        case null
    }

    /// A string holds at least one backslash escape and must be unescaped when read.
    static let escaped: UInt8 = 1 << 0
    /// A string holds bytes outside ASCII (compared as `String`s, not bytes, when it is a key).
    static let nonASCII: UInt8 = 1 << 1
    /// A number has neither a fraction nor an exponent.
    static let integer: UInt8 = 1 << 2

    /// The kind of value.
    var kind: Kind
    /// ``escaped``, ``nonASCII`` and ``integer`` bits.
    var flags: UInt8
    /// Byte offset: after the opening quote of a string, the first byte of a number or literal,
    /// the opening bracket of a container.
    var start: UInt32
    /// Byte offset: the closing quote of a string, one past a number or literal, the closing
    /// bracket of a container.
    var end: UInt32
    /// The index of the token after this value and everything inside it.
    var next: UInt32
    /// The members of an object (key-value pairs) or the elements of an array; 0 for scalars.
    var count: UInt32

    /// Whether a string key can be compared byte for byte with an ASCII name: no escapes and
    /// only ASCII, so its bytes are its characters.
    var isPlain: Bool { flags & (Self.escaped | Self.nonASCII) == 0 }

    /// How the kind is named in error messages, as JSONDecoder names it.
    var kindDescription: String {
        switch kind {
        case .object: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .number: "number"
        case .true, .false: "bool"
        case .null: "null"
        }
    }
}

/// A JSON document checked and indexed in one pass: a copy of its bytes and a flat array of
/// tokens pointing into them.
///
/// Nothing is converted while scanning; strings and numbers are read from the bytes when a
/// decoder asks for them, so members nobody reads cost only their scan.
final class JSONTape {
    /// The document's bytes, followed by ``padding`` zero bytes so the scanner's inner loops
    /// stop at a zero (never a valid byte where they look) instead of checking the length.
    let bytes: UnsafeMutablePointer<UInt8>
    /// The number of document bytes (without the padding).
    let byteCount: Int
    /// The values in document order; index 0 is the top-level value. The last token is an
    /// extra `null` that stands for values that are absent (``missingValue``).
    let tokens: [JSONToken]
    /// For ``codingPath(to:)``: per container token, the member its last walk went into (the
    /// key token of an object's member, or an array's element) and that member's position.
    /// Only the decode that owns the tape reads and writes it, on one thread.
    var pathCursors: [Int: (member: Int, ordinal: Int)] = [:]
    /// The decoder's strategies.
    let options: TapeOptions

    /// Zero bytes after the document; the longest look-ahead (a `\uXXXX\uXXXX` pair) is 12.
    static let padding = 16

    /// Copies and scans `data`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `data` is not one valid JSON value (RFC 8259,
    ///   UTF-8, with an optional byte order mark) nested at most ``JSONScanner/maximumDepth`` deep.
    init(_ data: Data, options: TapeOptions = .standard) throws {
        self.options = options
        guard data.count < Int(UInt32.max) - Self.padding else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data is too large (\(data.count) bytes)."))
        }
        byteCount = data.count
        bytes = .allocate(capacity: data.count + Self.padding)
        data.copyBytes(to: bytes, count: data.count)
        (bytes + data.count).initialize(repeating: 0, count: Self.padding)
        do {
            var scanner = JSONScanner(bytes: bytes, count: byteCount)
            try scanner.scan()
            scanner.tokens.append(
                JSONToken(kind: .null, flags: 0, start: 0, end: 0, next: UInt32(scanner.tokens.count + 1), count: 0))
            tokens = scanner.tokens
        } catch {
            bytes.deallocate()
            throw error
        }
    }

    deinit { bytes.deallocate() }

    /// The index of the extra `null` token that stands for an absent value.
    var missingValue: Int { tokens.count - 1 }

    /// The bytes of a string token, between its quotes (escapes not resolved).
    func rawBytes(of token: JSONToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end &- token.start))
    }
}

// MARK: - Coding paths

/// A coding key for paths rebuilt from the document: an object key or an array index.
struct JSONCodingKey: CodingKey {
    /// The key, or `Index N` for an index (JSONDecoder's spelling).
    let stringValue: String
    /// The index, for an array element.
    let intValue: Int?

    /// An object key.
    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// An array index.
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// JSONDecoder's name for the key of `superDecoder()`.
    static let `super` = JSONCodingKey(stringValue: "super")
}

extension JSONTape {
    /// The keys and indices leading from the top-level value to token `target`.
    ///
    /// Decoders keep only a token index, not their path: a path is rebuilt here, by walking down
    /// from the top, only when an error (or a caller) needs one. Models fail decode attempts on
    /// purpose (a numeric `edited` tried as a `Bool` first), once per item of a page, so the walk
    /// must not start over at the first member of each container every time: each container
    /// remembers the member the last walk went into (``pathCursors``) and the next walk to a later
    /// member starts there. Decoding goes in document order, so rebuilding the path of every
    /// item costs O(depth) each, amortized, instead of O(items).
    func codingPath(to target: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var node = 0
        walk: while node != target, target < missingValue {
            let token = tokens[node]
            guard target > node, target < Int(token.next) else { break }
            let isObject: Bool
            switch token.kind {
            case .object: isObject = true
            case .array: isObject = false
            default: break walk
            }
            // `member` is a key token (objects) or an element (arrays); `ordinal` its position.
            var member = node + 1
            var ordinal = 0
            if let cursor = pathCursors[node], cursor.member <= target {
                (member, ordinal) = cursor
            }
            while member < Int(token.next) {
                let value = isObject ? member + 1 : member
                let after = Int(tokens[value].next)
                if target < after {
                    guard target >= value else { break walk }  // the key token itself
                    pathCursors[node] = (member, ordinal)
                    path.append(
                        isObject
                            ? JSONCodingKey(stringValue: options.convertedKey(keyString(at: member), path: path))
                            : JSONCodingKey(intValue: ordinal))
                    node = value
                    continue walk
                }
                member = after
                ordinal += 1
            }
            break walk
        }
        return path
    }

    /// The text of key token `index` (scanned, so it cannot fail).
    func keyString(at index: Int) -> String {
        (try? string(at: index)) ?? ""
    }
}

// MARK: - Errors

extension JSONTape {
    /// The error for reading token `index` as `type` when it holds another kind: `valueNotFound`
    /// for null, `typeMismatch` otherwise, as JSONDecoder reports them.
    func mismatch(_ type: Any.Type, at index: Int) -> DecodingError {
        let token = tokens[index]
        if token.kind == .null {
            return .valueNotFound(
                type,
                .init(
                    codingPath: codingPath(to: index),
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath(to: index),
                debugDescription: "Expected to decode \(type) but found \(token.kindDescription) instead."))
    }

    /// `dataCorrupted` at token `index`.
    func corrupted(at index: Int, _ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath(to: index), debugDescription: description))
    }

    /// The text of token `index` as written in the document (numbers, for messages).
    func sourceText(at index: Int) -> String {
        let token = tokens[index]
        return String(
            decoding: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.end &- token.start)),
            as: UTF8.self)
    }
}
