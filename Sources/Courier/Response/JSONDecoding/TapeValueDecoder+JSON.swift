import Foundation

extension TapeValueDecoder {
    /// A ``JSON`` read straight from the tape: the value `JSON.init(from:)` gives, without its
    /// attempts that fail on purpose (an object is tried as a `Bool`, a `Double`, a `String` and
    /// an array first), each of which would build an error with its coding path.
    ///
    /// The same outcomes as `JSON.init(from:)`: a string is a number when the non-conforming
    /// float strategy reads it as one; a number a `Double` cannot hold, or a container with such a
    /// value inside, is `dataCorrupted` "not a JSON value" at this value's path.
    func decodeJSON() throws -> JSON {
        let token = tape.tokens[index]
        do {
            switch token.kind {
            case .null: return .null
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .number: return .number(try decode(Double.self))
            case .string:
                if case .convertFromString = tape.options.floats, let value = try? decode(Double.self) {
                    return .number(value)
                }
                return .string(try decode(String.self))
            case .array:
                var elements: [JSON] = []
                elements.reserveCapacity(Int(token.count))
                var element = index + 1
                while element < Int(token.next) {
                    elements.append(try TapeValueDecoder(tape: tape, index: element).decodeJSON())
                    element = Int(tape.tokens[element].next)
                }
                return .array(elements)
            case .object:
                // As `[String: JSON]` reads an object: the keys as they are, whatever the key
                // strategy, and the first of duplicated keys wins (equal as `String`s). Read
                // here, without a keyed container, its `allKeys` and a lookup per key.
                var members: [String: JSON] = [:]
                members.reserveCapacity(Int(token.count))
                var key = index + 1
                while key < Int(token.next) {
                    let name = tape.keyString(at: key)
                    if members[name] == nil {
                        members[name] = try TapeValueDecoder(tape: tape, index: key + 1).decodeJSON()
                    }
                    key = Int(tape.tokens[key + 1].next)
                }
                return .object(members)
            }
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "not a JSON value"))
        }
    }
}
