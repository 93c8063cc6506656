import Foundation

/// The `Decoder` handed to `init(from:)`: one value of a ``JSONTape``, by token index.
///
/// Two words, so it fits an existential's inline buffer and creating one per nested value costs
/// no allocation. It is also its own single-value container.
struct TapeValueDecoder: Decoder, SingleValueDecodingContainer {
    /// The document.
    let tape: JSONTape
    /// The token of the value this decoder reads.
    let index: Int

    /// The path from the top-level value, rebuilt from the tape when asked for.
    var codingPath: [any CodingKey] { tape.codingPath(to: index) }

    /// The decoder's ``JSON/TapeDecoder/userInfo``.
    var userInfo: [CodingUserInfoKey: Any] { tape.options.userInfo }

    /// A keyed container over the object at ``index``.
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.tokens[index].isObject else {
            throw containerMismatch([String: Any].self, "keyed decoding container")
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, object: index))
    }

    /// An unkeyed container over the array at ``index``.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.tokens[index].isArray else {
            throw containerMismatch([Any].self, "unkeyed decoding container")
        }
        return TapeUnkeyedContainer(tape: tape, array: index)
    }

    /// The decoder itself.
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// JSONDecoder's errors for a container of the wrong kind: null is `valueNotFound`.
    func containerMismatch(_ type: Any.Type, _ what: String) -> DecodingError {
        let token = tape.tokens[index]
        let context = DecodingError.Context(
            codingPath: codingPath,
            debugDescription: token.isNull
                ? "Cannot get \(what) -- found null value instead"
                : "Expected to decode \(type) but found \(token.kindDescription) instead.")
        return token.isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    // MARK: Decoding a value of any type

    /// Decodes the value as `T`, with JSONDecoder's treatment of the Foundation types it treats
    /// specially: `URL` from a string, `Decimal` from a number's digits, `Date` and `Data` by the
    /// decoder's strategies, `[String: Value]` with its keys unconverted by the key strategy;
    /// other types decode through their own `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == URL.self {
            let text = try tape.string(at: index)
            guard let url = URL(string: text) else { throw tape.corrupted(at: index, "Invalid URL string.") }
            return url as! T  // checked just above
        }
        if T.self == Date.self, !tape.options.datesDeferred { return try decodeDate() as! T }  // checked
        if T.self == Data.self, !tape.options.dataDeferred { return try decodeData() as! T }  // checked
        if T.self == Decimal.self { return try tape.decimal(at: index) as! T }  // checked
        if T.self == JSON.self { return try decodeJSON() as! T }  // checked
        if tape.tokens[index].isArray {
            // Arrays of numbers and strings (GeoJSON's coordinates, lists of ids) read where they
            // lie, without an unkeyed container and a generic call per element; the same values
            // and errors as `Array.init(from:)` through the container.
            if T.self == [Double].self { return try elements { try $0.double(at: $1) } as! T }  // checked
            if T.self == [Int].self { return try elements { try $0.integer(at: $1) as Int } as! T }  // checked
            if T.self == [String].self { return try elements { try $0.string(at: $1) } as! T }  // checked
        }
        if tape.options.convertsKeys, let dictionary = T.self as? any StringKeyedDictionary.Type {
            return try dictionary.init(unconvertedKeysFrom: self) as! T  // T's own type
        }
        return try T(from: self)
    }

    /// The elements of the array at ``index``, each read by `read`.
    private func elements<Element>(_ read: (JSONTape, Int) throws -> Element) throws -> [Element] {
        let token = tape.tokens[index]
        var result: [Element] = []
        result.reserveCapacity(Int(token.count))
        var element = index + 1
        while element < Int(token.next) {
            result.append(try read(tape, element))
            element = Int(tape.tokens[element].next)
        }
        return result
    }

    /// A `Date` by the decoder's strategy (other than `deferredToDate`), as JSONDecoder reads it.
    private func decodeDate() throws -> Date {
        switch tape.options.dates {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try tape.double(at: index))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try tape.double(at: index) / 1000)
        case .iso8601:
            let text = try tape.string(at: index)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw tape.corrupted(at: index, "Expected date string to be ISO8601-formatted.")
            }
            return date
        // `.formatted(_:)` is made by Foundation as a `.custom` strategy.
        case .custom(let read):
            return try read(self)
        default:
            return try Date(from: self)
        }
    }

    /// `Data` by the decoder's strategy (other than `deferredToData`), as JSONDecoder reads it.
    private func decodeData() throws -> Data {
        switch tape.options.data {
        case .custom(let read):
            return try read(self)
        default:
            let text = try tape.string(at: index)
            guard let data = Data(base64Encoded: text) else {
                throw tape.corrupted(at: index, "Encountered Data is not valid Base64.")
            }
            return data
        }
    }

    // MARK: SingleValueDecodingContainer

    /// Whether the value is null.
    func decodeNil() -> Bool { tape.tokens[index].isNull }

    /// The value as a Boolean.
    func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: index) }
    /// The value as a string.
    func decode(_ type: String.Type) throws -> String { try tape.string(at: index) }
    /// The value as a `Double`.
    func decode(_ type: Double.Type) throws -> Double { try tape.double(at: index) }
    /// The value as a `Float`.
    func decode(_ type: Float.Type) throws -> Float { try tape.float(at: index) }
    /// The value as an `Int`.
    func decode(_ type: Int.Type) throws -> Int { try tape.integer(at: index) }
    /// The value as an `Int8`.
    func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(at: index) }
    /// The value as an `Int16`.
    func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(at: index) }
    /// The value as an `Int32`.
    func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(at: index) }
    /// The value as an `Int64`.
    func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(at: index) }
    /// The value as a `UInt`.
    func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(at: index) }
    /// The value as a `UInt8`.
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(at: index) }
    /// The value as a `UInt16`.
    func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(at: index) }
    /// The value as a `UInt32`.
    func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(at: index) }
    /// The value as a `UInt64`.
    func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(at: index) }
    /// The value as any decodable type.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(T.self) }
}
