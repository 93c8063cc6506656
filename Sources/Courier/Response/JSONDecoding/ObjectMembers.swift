import Foundation

/// Finds an object's members by key, comparing UTF-8 bytes instead of building a `String` per key.
///
/// Reddit's post objects have about 110 keys and the models read about 36 of them. A small object
/// is searched in order. A larger one whose keys are all plain and distinct (the scanner checks,
/// see ``JSONToken/irregularKeys``) is first searched where the last match left off: models that
/// read keys in the document's order find each one there, with one comparison; any other lookup
/// goes through an open-addressing table of the keys' hashes (computed by the scanner), built at
/// the first such lookup. Other large objects get a table up front, which keeps the first of
/// repeated keys and compares unusual keys as `String`s.
///
/// Matching follows JSONDecoder, which puts the keys in a `[String: value]` dictionary: the first
/// of duplicated keys wins, and keys are equal when their `String`s are (canonical equivalence).
/// Bytes decide only when that gives the same answer: between keys without escapes that are
/// all ASCII. Escaped or non-ASCII keys are rare and compared as `String`s.
struct ObjectMembers {
    /// Objects with at most this many members are searched in order.
    static let linearSearchLimit: UInt32 = 8

    /// What larger objects and converted keys need, in one object: a container is copied on
    /// every call through `KeyedDecodingContainer`'s box, and each reference it holds costs a
    /// retain and a release per copy.
    private final class Index {
        /// Key token indices + 1 (0 marks an empty slot); a power of two long, or empty.
        let table: [UInt32]
        /// Keys with escapes or non-ASCII bytes, with their key token index.
        let unusualKeys: [(text: String, key: Int)]
        /// With a key strategy other than the default: every key as converted, with the first key
        /// token converted to it, as `JSONDecoder` builds its dictionary.
        let convertedKeys: [String: Int]?
        /// Whether the keys are plain and distinct: searched from ``cursor`` first, then in
        /// ``hashTable``.
        let isRegular: Bool
        /// For regular keys: the key token tried first, the one after the last match.
        ///
        /// `@exclusivity(unchecked)` here and on ``hashTable``: an unoptimized build would check
        /// each access at run time (a call per lookup). The index belongs to one container of
        /// one decode, used on one thread, one lookup at a time, so accesses never overlap.
        @exclusivity(unchecked) var cursor = 0
        /// For regular keys: key token indices + 1 by the scanner's hashes, ``hashMask`` + 1
        /// slots, built at the first lookup the cursor does not answer; nil until then.
        @exclusivity(unchecked) var hashTable: UnsafeMutablePointer<UInt32>?
        @exclusivity(unchecked) var hashMask = 0

        init(
            table: [UInt32] = [], unusualKeys: [(text: String, key: Int)] = [], convertedKeys: [String: Int]? = nil,
            regularFrom firstKey: Int? = nil
        ) {
            self.table = table
            self.unusualKeys = unusualKeys
            self.convertedKeys = convertedKeys
            isRegular = firstKey != nil
            cursor = firstKey ?? 0
        }

        deinit { hashTable?.deallocate() }
    }

    let tape: JSONTape
    let object: Int
    /// Nil for a small object read with the default key strategy (searched in order).
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
            index = Index(convertedKeys: converted)
            return
        }
        guard token.count > Self.linearSearchLimit else {
            index = nil
            return
        }
        guard token.flags & JSONToken.irregularKeys != 0 else {
            index = Index(regularFrom: object + 1)
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
    private static var notFound: Int { -1 }
    private static var notASCII: Int { -2 }

    /// The token index of the value for `name`, or nil when the object has no such key.
    func valueIndex(forKey name: String) -> Int? {
        if let convertedKeys { return convertedKeys[name].map { $0 + 1 } }
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
        // Bytes equal to a plain key's are ASCII: a match at the cursor needs no other check.
        if let index, index.isRegular, let key = matchAtCursor(name, count: count, index) { return key }
        var offset = 0
        while offset < count {
            if name[offset] >= 0x80 { return Self.notASCII }
            offset += 1
        }
        guard let index else { return searchInOrder(name, count: count, name: text) ?? Self.notFound }
        if index.isRegular { return searchRegular(name, count: count, index) ?? Self.notFound }
        return searchTable(UnsafeBufferPointer(start: name, count: count), name: text, index.table, index.unusualKeys)
            ?? Self.notFound
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

    /// The key at the cursor of an object of plain, distinct keys, if it is the name; the cursor
    /// then moves to the next key.
    private func matchAtCursor(_ name: UnsafePointer<UInt8>, count: Int, _ index: Index) -> Int? {
        let cursor = index.cursor
        // The buffer itself, not ``JSONTokens``' checked subscript (a call per read in an
        // unoptimized build): every index here is a key of this object, read from its tokens.
        let tokens = tape.tokens.base
        guard cursor < Int(tokens[object].next), Self.equal(tokens[cursor], in: tape, name, count) else { return nil }
        index.cursor = Int(tokens[cursor + 1].next)
        return cursor
    }

    /// A lookup by hash in an object of plain, distinct keys (the cursor did not match).
    private func searchRegular(_ name: UnsafePointer<UInt8>, count: Int, _ index: Index) -> Int? {
        let hash = SWAR.hashKey(name, count: count, readable: count)
        let slots: UnsafeMutablePointer<UInt32>
        if let table = index.hashTable {
            slots = table
        } else {
            (slots, index.hashMask) = hashTable()
            index.hashTable = slots
        }
        let mask = index.hashMask
        // The buffer itself, not ``JSONTokens``' checked subscript (a call per read in an
        // unoptimized build): every index here is a key of this object, read from its tokens.
        let tokens = tape.tokens.base
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let key = Int(slots[slot]) - 1
            let token = tokens[key]
            if token.keyHash == hash, Self.equal(token, in: tape, name, count) {
                index.cursor = Int(tokens[key + 1].next)
                return key
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The open-addressing table of a regular object's keys by the scanner's hashes, and its
    /// mask; the caller deallocates it.
    private func hashTable() -> (slots: UnsafeMutablePointer<UInt32>, mask: Int) {
        // The buffer itself, not ``JSONTokens``' checked subscript (a call per read in an
        // unoptimized build): every index here is a key of this object, read from its tokens.
        let tokens = tape.tokens.base
        let token = tokens[object]
        var capacity = 16
        while capacity < Int(token.count) * 2 { capacity <<= 1 }
        let mask = capacity - 1
        let slots = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        var key = object + 1
        let end = Int(token.next)
        while key < end {
            var slot = Int(tokens[key].keyHash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(key + 1)
            key = Int(tokens[key + 1].next)
        }
        return (slots, mask)
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
        let length = Int(token.end &- token.start)
        return length == count && (count == 0 || memcmp(tape.bytes + Int(token.start), name, count) == 0)
    }

    private static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0, let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }
}
