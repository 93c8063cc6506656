import Foundation

// The scanner's work apart from its per-byte loops (which stay in JSONScanner.swift, where an
// unoptimized build inlines their helpers): the tables of the keys of large objects, and where
// a broken literal breaks.
extension JSONScanner {
    /// Leaves a table of the keys of the large object at `container` in ``keyTables`` for
    /// ``ObjectMembers`` (flag ``JSONToken/keyTable``, the table's offset in the object's
    /// ``JSONToken/start``); or, when a key is there twice or is not plain, flags the object
    /// ``JSONToken/irregularKeys`` and leaves none. Each key's hash goes into its token
    /// (``JSONToken/keyHash``); equal hashes are compared byte for byte.
    ///
    /// Written with few names: an unoptimized build clears a stack slot per name it binds, a
    /// `memset` each, on every call.
    mutating func indexKeys(_ container: Int) {
        var capacity = 16
        while capacity < Int(tokens[container].extent) * 2 { capacity <<= 1 }
        // A cursor and the mask before the slots.
        if keyTablesCount + 2 + capacity > keyTablesCapacity { growKeyTables(toHold: 2 + capacity) }
        guard let tables = keyTables, let offset = UInt32(exactly: keyTablesCount) else {
            tokens[container].flags |= JSONToken.irregularKeys
            return
        }
        let table = tables + keyTablesCount
        table[0] = UInt32(container + 1)
        table[1] = UInt32(capacity - 1)
        (table + 2).initialize(repeating: 0, count: capacity)
        var key = container + 1
        var hash: UInt32 = 0
        var slot = 0
        while key < Int(tokens[container].next) {
            guard tokens[key].isPlain else {
                tokens[container].flags |= JSONToken.irregularKeys
                return
            }
            hash = SWAR.hashKey(
                document.bytes + Int(tokens[key].start), count: Int(tokens[key].extent &- tokens[key].start),
                readable: document.count - Int(tokens[key].start))
            tokens[key].next = hash
            slot = Int(hash) & (capacity - 1)
            while table[2 + slot] != 0 {
                let other = tokens[Int(table[2 + slot]) - 1]
                if other.next == hash, other.extent &- other.start == tokens[key].extent &- tokens[key].start,
                    memcmp(
                        document.bytes + Int(other.start), document.bytes + Int(tokens[key].start),
                        Int(other.extent &- other.start)) == 0
                {
                    tokens[container].flags |= JSONToken.irregularKeys
                    return
                }
                slot = (slot + 1) & (capacity - 1)
            }
            table[2 + slot] = UInt32(key + 1)
            key = Int(tokens[key + 1].next)
        }
        tokens[container].start = offset
        tokens[container].flags |= JSONToken.keyTable
        keyTablesCount += 2 + capacity
    }

    /// Makes room in ``keyTables`` for `slots` more, at least doubling it.
    private mutating func growKeyTables(toHold slots: Int) {
        let capacity = Swift.max(keyTablesCapacity * 2, keyTablesCount + slots, 1024)
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        if let tables = keyTables {
            larger.moveInitialize(from: tables, count: keyTablesCount)
            tables.deallocate()
        }
        keyTables = larger
        keyTablesCapacity = capacity
    }

    /// Throws where the literal of `kind` at `start` breaks, byte by byte.
    func checkLiteral(_ kind: JSONToken.Kind, at start: Int) throws {
        let literal: StaticString
        switch kind {
        case .true: literal = "true"
        case .false: literal = "false"
        default: literal = "null"
        }
        let text = literal.utf8Start
        var offset = 0
        while offset < literal.utf8CodeUnitCount {
            guard document.byte(start + offset) == text[offset] else {
                throw failure(at: start + offset, "Invalid literal; '\(literal)' was expected")
            }
            offset += 1
        }
    }
}
