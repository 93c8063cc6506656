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
    /// An object of more than ``ObjectMembers/linearSearchLimit`` members has a key twice, or a
    /// key with escapes or non-ASCII bytes: found through a table of its keys built up front,
    /// never by position (see ``ObjectMembers``).
    static let irregularKeys: UInt8 = 1 << 3
    /// An object of more than ``ObjectMembers/linearSearchLimit`` plain, distinct keys, whose
    /// table of keys by hash the scanner left in ``JSONTape/keyTables`` (at ``start``).
    static let keyTable: UInt8 = 1 << 4

    /// The kind of value.
    var kind: Kind
    /// ``escaped``, ``nonASCII``, ``integer``, ``irregularKeys`` and ``keyTable`` bits.
    var flags: UInt8
    /// Byte offset: after the opening quote of a string, the first byte of a number or literal.
    /// A container's is unused, except an object with a ``keyTable``: there it is the offset of
    /// the table in ``JSONTape/keyTables``.
    var start: UInt32
    /// The index of the token after this value and everything inside it. An object key's next
    /// is always its index + 1 and nothing reads it: in objects of more than
    /// ``ObjectMembers/linearSearchLimit`` members the word holds the key's hash (``keyHash``).
    ///
    /// Stored, not computed, as are ``extent`` and the fields above: in an unoptimized build a
    /// read of a stored property from another file is a load, while a computed one is a call
    /// (`@inline(always)` inlines there only within its own file), and the scanner and the key
    /// lookups read these fields for every token they pass.
    var next: UInt32
    /// A scalar's ``end``; a container's ``count``. (16 bytes a token: only scalars need an
    /// end, only containers a count. The scanner makes tokens with an initializer of its own,
    /// in its file, where an unoptimized build inlines it.)
    var extent: UInt32

    /// Whether the token is an object or an array.
    @inline(always)
    var isContainer: Bool {
        switch kind {
        case .object, .array: true
        default: false
        }
    }

    /// Whether the token is an object.
    @inline(always)
    var isObject: Bool {
        if case .object = kind { return true }
        return false
    }

    /// Whether the token is an array.
    @inline(always)
    var isArray: Bool {
        if case .array = kind { return true }
        return false
    }

    /// Whether the token is a string (or an object's key).
    @inline(always)
    var isString: Bool {
        if case .string = kind { return true }
        return false
    }

    /// Whether the token is a number.
    @inline(always)
    var isNumber: Bool {
        if case .number = kind { return true }
        return false
    }

    /// Whether the token is `null`.
    @inline(always)
    var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// Byte offset of a scalar: the closing quote of a string, one past a number or literal.
    @inline(always)
    var end: UInt32 { extent }

    /// An object key's hash (``SWAR/hashKey(_:count:readable:)`` of its bytes), set by the
    /// scanner in objects of more than ``ObjectMembers/linearSearchLimit`` members: a key's
    /// ``next`` is always its index + 1 and nothing reads it, so its word holds the hash.
    var keyHash: UInt32 {
        @inline(always) get { next }
        @inline(always) set { next = newValue }
    }

    /// The members of an object (key-value pairs) or the elements of an array; 0 for scalars.
    var count: UInt32 {
        @inline(always) get { isContainer ? extent : 0 }
        @inline(always) set { extent = newValue }
    }

    /// Whether a string key can be compared byte for byte with an ASCII name: no escapes and
    /// only ASCII, so its bytes are its characters.
    @inline(always)
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

/// The tokens of a ``JSONTape``, in a buffer allocated once by the scanner (see
/// ``JSONScanner``) and freed with the tape.
///
/// A plain pointer rather than an `Array`: an unoptimized build calls `Array`'s generic
/// subscript for every read, with a retain and release of the array around it, while a
/// pointer's subscript needs no call. Reads are bounds-checked all the same.
struct JSONTokens {
    /// The first token.
    let base: UnsafeMutablePointer<JSONToken>
    /// How many tokens there are.
    let count: Int

    /// Token `index`; traps when `index` is out of bounds (indices come from the scanner, so
    /// that would be a bug of the decoder's, never something a document can cause).
    @inline(always)
    subscript(index: Int) -> JSONToken {
        guard UInt(bitPattern: index) < UInt(bitPattern: count) else { preconditionFailure("token index out of range") }
        return base[index]
    }
}

/// A JSON document checked and indexed in one pass: a flat array of tokens pointing into the
/// caller's bytes, which are read in place (never copied).
///
/// Nothing is converted while scanning; strings and numbers are read from the bytes when a
/// decoder asks for them, so members nobody reads cost only their scan.
///
/// The bytes belong to the caller while the decode runs: ``JSON/TapeDecoder`` makes a tape inside
/// `Data.withUnsafeBytes`, and if anything still holds the tape when that closure ends (a
/// `Decoder` kept by an `init(from:)`), it calls ``detachFromCallersBytes()`` first, so a kept
/// decoder reads a copy of its own, never freed memory.
final class JSONTape {
    /// The document's bytes: the caller's, or the tape's own copy after
    /// ``detachFromCallersBytes()``.
    ///
    /// `@exclusivity(unchecked)`: every read would otherwise be a dynamic exclusivity check in
    /// an unoptimized build (a runtime call per read). Only the decode that owns the tape reads
    /// it, on one thread, and the one write (``detachFromCallersBytes()``) comes after that
    /// decode's last read, so no access can overlap another.
    @exclusivity(unchecked) private(set) var bytes: UnsafePointer<UInt8>
    /// The copy made by ``detachFromCallersBytes()``, freed with the tape.
    private var ownedBytes: UnsafeMutableRawPointer?
    /// The number of document bytes.
    let byteCount: Int
    /// The values in document order; index 0 is the top-level value. The last token is an
    /// extra `null` that stands for values that are absent (``missingValue``). Owned by the
    /// tape: freed in `deinit`.
    let tokens: JSONTokens
    /// The scanner's tables of the keys of large objects (``JSONToken/keyTable``), one after
    /// another, each found at its object's ``JSONToken/start``: a cursor (the key token to try
    /// first), the table's mask, then mask + 1 slots of key token indices + 1 (0: empty) by
    /// ``JSONToken/keyHash``. Nil without such objects. Owned by the tape: freed in `deinit`; a
    /// cursor is written by the decode that owns the tape, on one thread (see ``ObjectMembers``).
    let keyTables: UnsafeMutablePointer<UInt32>?
    /// For ``codingPath(to:)``: per container token, the member its last walk went into (the
    /// key token of an object's member, or an array's element) and that member's position.
    /// Only the decode that owns the tape reads and writes it, on one thread.
    var pathCursors: [Int: (member: Int, ordinal: Int)] = [:]
    /// The decoder's strategies.
    let options: TapeOptions

    /// Scans the document in `buffer`, which must outlive the tape.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the bytes are not one valid JSON value (RFC 8259,
    ///   UTF-8, with an optional byte order mark) nested at most ``JSONScanner/maximumDepth`` deep.
    init(_ buffer: UnsafeRawBufferPointer, options: TapeOptions = .standard) throws {
        self.options = options
        guard buffer.count < Int(UInt32.max) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data is too large (\(buffer.count) bytes)."))
        }
        byteCount = buffer.count
        // An empty buffer may have no address; the scanner reads nothing from it then.
        bytes = buffer.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(bitPattern: 1)!
        var scanner = JSONScanner(bytes: bytes, count: byteCount)
        defer { scanner.deallocateWorkspace() }
        do {
            try scanner.scan()
        } catch {
            scanner.tokens.deallocate()
            scanner.keyTables?.deallocate()
            throw error
        }
        tokens = scanner.appendingMissingValue()
        keyTables = scanner.keyTables
    }

    deinit {
        tokens.base.deallocate()
        keyTables?.deallocate()
        ownedBytes?.deallocate()
    }

    /// Copies the document's bytes into memory the tape owns and reads them from there: called
    /// when the tape outlives the caller's buffer (a decoder was kept after the decode).
    func detachFromCallersBytes() {
        guard ownedBytes == nil else { return }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 1), alignment: 1)
        copy.copyMemory(from: bytes, byteCount: byteCount)
        ownedBytes = copy
        bytes = UnsafePointer(copy.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the extra `null` token that stands for an absent value.
    var missingValue: Int { tokens.count - 1 }

    /// The bytes of a string token, between its quotes (escapes not resolved).
    @inline(always)
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
        if token.isNull {
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
