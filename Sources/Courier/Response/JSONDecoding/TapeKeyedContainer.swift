/// The keyed container over one object of a ``JSONTape``.
///
/// The concrete overloads (`String`, `Bool`, `Int`, `Double` and their `decodeIfPresent`
/// forms) read the value where it lies with one key lookup; JSONDecoder's semantics are kept:
/// a missing key is `keyNotFound` for `decode` and nil for `decodeIfPresent`, as is null.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The object, its tape and its key index: the container's only stored property, as
    /// `KeyedDecodingContainer`'s box copies the container (a retain per reference) on every call.
    private let members: ObjectMembers
    private var tape: JSONTape {
        @inline(always) get { members.tape }
    }
    private var object: Int {
        @inline(always) get { members.object }
    }

    /// A container over object token `object`.
    init(tape: JSONTape, object: Int) {
        members = ObjectMembers(tape: tape, object: object)
    }

    /// The object's path, rebuilt from the tape.
    var codingPath: [any CodingKey] { tape.codingPath(to: object) }

    /// The object's keys that `Key` can represent, each once.
    var allKeys: [Key] { members.keys().compactMap { Key(stringValue: $0) } }

    /// Whether the object has `key` (with any value, null included).
    func contains(_ key: Key) -> Bool { members.valueIndex(forKey: key.stringValue) != nil }

    /// The token of `key`'s value.
    private func value(for key: Key) throws -> Int {
        guard let index = members.valueIndex(forKey: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    /// The token of `key`'s value, or nil when the key is missing or the value is null.
    private func presentValue(for key: Key) -> Int? {
        guard let index = members.valueIndex(forKey: key.stringValue) else { return nil }
        // The kind matched in place and the buffer read directly: ``JSONTokens``' subscript and
        // ``JSONToken/isNull`` are calls in an unoptimized build, and `index` is a member's.
        if case .null = tape.tokens.base[index].kind { return nil }
        return index
    }

    // MARK: decode

    /// Whether `key`'s value is null; `keyNotFound` when it is missing, as JSONDecoder.
    func decodeNil(forKey key: Key) throws -> Bool { tape.tokens[try value(for: key)].isNull }
    /// `key`'s value as a Boolean.
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tape.bool(at: value(for: key)) }
    /// `key`'s value as a string.
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try tape.string(at: value(for: key)) }
    /// `key`'s value as a `Double`.
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tape.double(at: value(for: key)) }
    /// `key`'s value as a `Float`.
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try tape.float(at: value(for: key)) }
    /// `key`'s value as an `Int`.
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tape.integer(at: value(for: key)) }
    /// `key`'s value as an `Int8`.
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as an `Int16`.
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as an `Int32`.
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as an `Int64`.
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as a `UInt`.
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tape.integer(at: value(for: key)) }
    /// `key`'s value as a `UInt8`.
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as a `UInt16`.
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as a `UInt32`.
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as a `UInt64`.
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tape.integer(at: value(for: key)) }
    /// `key`'s value as any decodable type.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try TapeValueDecoder(tape: tape, index: value(for: key)).decodeValue(T.self)
    }

    // MARK: decodeIfPresent

    /// `key`'s value as a Boolean, or nil when missing or null.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = presentValue(for: key) else { return nil }
        return try tape.bool(at: index)
    }

    /// `key`'s value as a string, or nil when missing or null.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = presentValue(for: key) else { return nil }
        return try tape.string(at: index)
    }

    /// `key`'s value as a `Double`, or nil when missing or null.
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let index = presentValue(for: key) else { return nil }
        return try tape.double(at: index)
    }

    /// `key`'s value as an `Int`, or nil when missing or null.
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let index = presentValue(for: key) else { return nil }
        return try tape.integer(at: index)
    }

    /// `key`'s value as any decodable type, or nil when missing or null.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = presentValue(for: key) else { return nil }
        return try TapeValueDecoder(tape: tape, index: index).decodeValue(T.self)
    }

    // MARK: Nested containers

    /// A keyed container over `key`'s object.
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try TapeValueDecoder(tape: tape, index: value(for: key)).container(keyedBy: NestedKey.self)
    }

    /// An unkeyed container over `key`'s array.
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TapeValueDecoder(tape: tape, index: value(for: key)).unkeyedContainer()
    }

    /// A decoder for the value of key `super` (null when missing), as JSONDecoder.
    func superDecoder() throws -> any Decoder {
        TapeValueDecoder(
            tape: tape, index: members.valueIndex(forKey: JSONCodingKey.super.stringValue) ?? tape.missingValue)
    }

    /// A decoder for `key`'s value (null when missing), as JSONDecoder.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        TapeValueDecoder(tape: tape, index: members.valueIndex(forKey: key.stringValue) ?? tape.missingValue)
    }
}
