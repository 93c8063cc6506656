/// The unkeyed container over one array of a ``JSONTape``.
///
/// As JSONDecoder's, it moves to the next element only when a read succeeds, and reading past
/// the end is `valueNotFound`.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    private let tape: JSONTape
    private let array: Int
    /// The token of the element at ``currentIndex``.
    private var current: Int
    private let elementCount: Int

    /// The index of the next element to read.
    private(set) var currentIndex = 0

    /// A container over array token `array`.
    init(tape: JSONTape, array: Int) {
        self.tape = tape
        self.array = array
        current = array + 1
        elementCount = Int(tape.tokens[array].count)
    }

    /// The array's path, rebuilt from the tape.
    var codingPath: [any CodingKey] { tape.codingPath(to: array) }
    /// The number of elements.
    var count: Int? { elementCount }
    /// Whether every element was read.
    var isAtEnd: Bool { currentIndex >= elementCount }

    /// The current element's token; `valueNotFound` at the end.
    private func element(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [JSONCodingKey(intValue: currentIndex)],
                    debugDescription: "Unkeyed container is at end."))
        }
        return current
    }

    private mutating func advance() {
        current = Int(tape.tokens[current].next)
        currentIndex += 1
    }

    /// Reads the current element with `read` and moves on when it succeeds.
    private mutating func next<T>(_ type: Any.Type, _ read: (JSONTape, Int) throws -> T) throws -> T {
        let value = try read(tape, element(type))
        advance()
        return value
    }

    /// Whether the current element is null; moves on if it is.
    mutating func decodeNil() throws -> Bool {
        guard tape.tokens[try element(Any?.self)].isNull else { return false }
        advance()
        return true
    }

    /// The current element as a Boolean.
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.bool(at: $1) } }
    /// The current element as a string.
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.string(at: $1) } }
    /// The current element as a `Double`.
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.double(at: $1) } }
    /// The current element as a `Float`.
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.float(at: $1) } }
    /// The current element as an `Int`.
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.integer(at: $1) } }
    /// The current element as an `Int8`.
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as an `Int16`.
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as an `Int32`.
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as an `Int64`.
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as a `UInt`.
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.integer(at: $1) } }
    /// The current element as a `UInt8`.
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as a `UInt16`.
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as a `UInt32`.
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as a `UInt64`.
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.integer(at: $1) } }
    /// The current element as any decodable type.
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { try TapeValueDecoder(tape: $0, index: $1).decodeValue(T.self) }
    }

    /// A keyed container over the current element.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next(KeyedDecodingContainer<NestedKey>.self) {
            try TapeValueDecoder(tape: $0, index: $1).container(keyedBy: NestedKey.self)
        }
    }

    /// An unkeyed container over the current element.
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try TapeValueDecoder(tape: $0, index: $1).unkeyedContainer() }
    }

    /// A decoder for the current element.
    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { TapeValueDecoder(tape: $0, index: $1) }
    }
}
