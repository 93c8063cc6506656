import Foundation

/// Finds an object's members by key, comparing UTF-8 bytes instead of building a `String` per key.
///
/// Reddit's post objects have about 110 keys and the models read about 36 of them. A small object
/// is searched in order. For a larger one whose keys are all plain and distinct, the scanner left
/// a table of its keys by hash (``JSONToken/keyTable``, in ``JSONTape/keyTables``) and a cursor:
/// a lookup tries the key at the cursor first (models that read keys in the document's order find
/// each one there, with one comparison), then the table; a match moves the cursor to the next
/// key. Other large objects get a table here, which keeps the first of repeated keys and compares
/// unusual keys as `String`s.
///
/// Matching follows JSONDecoder, which puts the keys in a `[String: value]` dictionary: the first
/// of duplicated keys wins, and keys are equal when their `String`s are (canonical equivalence).
/// Bytes decide only when that gives the same answer: between keys without escapes that are
/// all ASCII. Escaped or non-ASCII keys are rare and compared as `String`s.
///
/// The lookup through the scanner's table is written for unoptimized builds as well (`swift run`
/// and `swift test` build in debug): no helper calls in other files, token fields read as stored
/// properties, few names bound (each is a `memset` per call there).
struct ObjectMembers {
    /// Objects with at most this many members are searched in order.
    static let linearSearchLimit: UInt32 = 8

    /// What irregular large objects and converted keys need, in one object: a container is
    /// copied on every call through `KeyedDecodingContainer`'s box, and each reference it holds
    /// costs a retain and a release per copy.
    private final class Index {
        /// Key token indices + 1 (0 marks an empty slot); a power of two long, or empty.
        let table: [UInt32]
        /// Keys with escapes or non-ASCII bytes, with their key token index.
        let unusualKeys: [(text: String, key: Int)]
        /// With a key strategy other than the default: every key as converted, with the first key
        /// token converted to it, as `JSONDecoder` builds its dictionary.
        let convertedKeys: [String: Int]?

        init(table: [UInt32] = [], unusualKeys: [(text: String, key: Int)] = [], convertedKeys: [String: Int]? = nil) {
            self.table = table
            self.unusualKeys = unusualKeys
            self.convertedKeys = convertedKeys
        }
    }

    let tape: JSONTape
    let object: Int
    /// The scanner's table of this object's keys (its cursor, mask and slots, see
    /// ``JSONTape/keyTables``), or nil. Inside the tape's buffer, which the tape (held here)
    /// keeps alive and no longer moves.
    private let keyTable: UnsafeMutablePointer<UInt32>?
    /// For an irregular large object, or any object read with converted keys; nil otherwise.
    private let index: Index?

    /// Whether the decoder converts keys (then ``convertedKeys`` answers every lookup).
    private let convertsKeys: Bool

    private var convertedKeys: [String: Int]? { convertsKeys ? index?.convertedKeys : nil }

    /// An index over the members of object token `object`.
    init(tape: JSONTape, object: Int) {
        self.tape = tape
        self.object = object
        convertsKeys = tape.options.convertsKeys
        let token = tape.tokens[object]
        if tape.options.convertsKeys {
            var converted: [String: Int] = [:]
            let path = tape.codingPath(to: object)
            var key = object + 1
            while key < Int(token.next) {
                let name = tape.options.convertedKey(tape.keyString(at: key), path: path)
                if converted[name] == nil { converted[name] = key }
                key = Int(tape.tokens[key + 1].next)
            }
            keyTable = nil
            index = Index(convertedKeys: converted)
            return
        }
        if token.flags & JSONToken.keyTable != 0, let tables = tape.keyTables {
            keyTable = tables + Int(token.start)
            index = nil
            return
        }
        keyTable = nil
        guard token.count > Self.linearSearchLimit else {
            index = nil
            return
        }
        var capacity = 16
        while capacity < Int(token.count) * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var unusual: [(text: String, key: Int)] = []
        let tokens = tape.tokens
        let table = [UInt32](unsafeUninitializedCapacity: capacity) { slots, initialized in
            slots.initialize(repeating: 0)
            initialized = capacity
            var key = object + 1
            let end = Int(token.next)
            insertion: while key < end {
                let keyToken = tokens[key]
                defer { key = Int(tokens[key + 1].next) }
                guard keyToken.isPlain else {
                    unusual.append((tape.keyString(at: key), key))
                    continue
                }
                let bytes = tape.rawBytes(of: keyToken)
                var slot = Self.hash(bytes) & mask
                while slots[slot] != 0 {
                    // A duplicate: the first one stays.
                    if Self.equal(tape.rawBytes(of: tokens[Int(slots[slot]) - 1]), bytes) { continue insertion }
                    slot = (slot + 1) & mask
                }
                slots[slot] = UInt32(key + 1)
            }
        }
        index = Index(table: table, unusualKeys: unusual)
    }

    /// What ``lookUp(_:count:name:)`` answers besides a key token: no such key, or a name that is
    /// not ASCII (then looked up as a `String`).
    @inline(always) private static var notFound: Int { -1 }
    @inline(always) private static var notASCII: Int { -2 }

    /// The token index of the value for `name`, or nil when the object has no such key.
    func valueIndex(forKey name: String) -> Int? {
        if convertsKeys { return convertedKeys?[name].map { $0 + 1 } }
        var contiguous = name
        // One `Int` out of the closure: an unoptimized build instantiates the metadata of a
        // tuple or optional result on every call.
        let key = contiguous.withUTF8 { bytes in
            lookUp(bytes.baseAddress ?? Self.emptyName, count: bytes.count, name: name)
        }
        if key == Self.notASCII { return searchAsStrings(name).map { $0 + 1 } }
        return key < 0 ? nil : key + 1
    }

    /// Where an empty name's bytes are said to start (none is read).
    private static var emptyName: UnsafePointer<UInt8> { UnsafePointer(bitPattern: 1)! }

    /// The key token of the ASCII name in `count` bytes at `name`, ``notFound``, or ``notASCII``.
    private func lookUp(_ name: UnsafePointer<UInt8>, count: Int, name text: String) -> Int {
        if let table = keyTable {
            // The buffer itself, not ``JSONTokens``' checked subscript (a call per read in an
            // unoptimized build): every index here is a key of this object, from its tokens or
            // from the table the scanner made of them. Keys compared as in ``equal(_:in:_:_:)``,
            // written out: an inlined helper's parameters are names too, each a `memset` per
            // call unoptimized.
            let tokens = tape.tokens.base
            // The key at the cursor, then the table (slots after the cursor and the mask).
            var key = Int(table[0])
            if key < Int(tokens[object].next), Int(tokens[key].extent &- tokens[key].start) == count,
                count == 0 || memcmp(tape.bytes + Int(tokens[key].start), name, count) == 0
            {
                table[0] = tokens[key + 1].next
                return key
            }
            let hash = SWAR.hashKey(name, count: count, readable: count)
            var slot = Int(hash) & Int(table[1])
            while table[2 + slot] != 0 {
                key = Int(table[2 + slot]) - 1
                if tokens[key].next == hash, Int(tokens[key].extent &- tokens[key].start) == count,
                    count == 0 || memcmp(tape.bytes + Int(tokens[key].start), name, count) == 0
                {
                    table[0] = tokens[key + 1].next
                    return key
                }
                slot = (slot + 1) & Int(table[1])
            }
            // The keys are all plain (ASCII): a name that is not ASCII may still be one of them
            // as a `String` (canonical equivalence), so it is looked up as one.
            return Self.isASCII(name, count) ? Self.notFound : Self.notASCII
        }
        guard Self.isASCII(name, count) else { return Self.notASCII }
        guard let index else { return searchInOrder(name, count: count, name: text) ?? Self.notFound }
        return searchTable(UnsafeBufferPointer(start: name, count: count), name: text, index.table, index.unusualKeys)
            ?? Self.notFound
    }

    /// Whether the `count` bytes at `name` are all ASCII.
    private static func isASCII(_ name: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            if name[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// Every key once (the first of duplicates), in document order.
    func keys() -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        let path = convertedKeys == nil ? [] : tape.codingPath(to: object)
        forEachKey { key in
            let text = tape.options.convertedKey(tape.keyString(at: key), path: path)
            if seen.insert(text).inserted { result.append(text) }
            return false
        }
        return result
    }

    // MARK: Searching

    /// The first key equal to the name, in document order (a small object).
    private func searchInOrder(_ name: UnsafePointer<UInt8>, count: Int, name text: String) -> Int? {
        let tokens = tape.tokens
        var key = object + 1
        let end = Int(tokens[object].next)
        while key < end {
            let token = tokens[key]
            if token.isPlain ? Self.equal(token, in: tape, name, count) : tape.keyString(at: key) == text { return key }
            key = Int(tokens[key + 1].next)
        }
        return nil
    }

    private func searchTable(
        _ bytes: UnsafeBufferPointer<UInt8>, name: String, _ table: [UInt32], _ unusualKeys: [(text: String, key: Int)]
    ) -> Int? {
        var found: Int?
        table.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.hash(bytes) & mask
            while slots[slot] != 0 {
                let key = Int(slots[slot]) - 1
                if Self.equal(tape.rawBytes(of: tape.tokens[key]), bytes) {
                    found = key
                    return
                }
                slot = (slot + 1) & mask
            }
        }
        for (text, key) in unusualKeys where key < (found ?? .max) && text == name {
            found = key
        }
        return found
    }

    /// For a non-ASCII name, which may equal keys with other bytes.
    private func searchAsStrings(_ name: String) -> Int? {
        var found: Int?
        forEachKey { key in
            if tape.keyString(at: key) == name { found = key }
            return found != nil
        }
        return found
    }

    /// Calls `body` with each key token index in order until it returns true.
    private func forEachKey(_ body: (Int) -> Bool) {
        var key = object + 1
        let end = Int(tape.tokens[object].next)
        while key < end {
            if body(key) { return }
            key = Int(tape.tokens[key + 1].next)
        }
    }

    // MARK: Bytes

    /// FNV-1a: short keys, one multiplication a byte.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// Whether plain key `token` is the `count` bytes at `name`.
    @inline(always)
    private static func equal(_ token: JSONToken, in tape: JSONTape, _ name: UnsafePointer<UInt8>, _ count: Int) -> Bool
    {
        // `extent`, a scalar's end, read as a stored property (``JSONToken/end`` is a call
        // unoptimized).
        Int(token.extent &- token.start) == count
            && (count == 0 || memcmp(tape.bytes + Int(token.start), name, count) == 0)
    }

    private static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }
}
