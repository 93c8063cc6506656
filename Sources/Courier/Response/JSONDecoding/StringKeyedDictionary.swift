/// `[String: Value]` dictionaries, which `JSONDecoder` reads with the document's keys as they
/// are, whatever its key decoding strategy; ``TapeValueDecoder`` does the same.
protocol StringKeyedDictionary {
    /// Reads the object at `decoder`'s token with its keys unconverted (the first of duplicated
    /// keys wins, as in `JSONDecoder`).
    init(unconvertedKeysFrom decoder: TapeValueDecoder) throws
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    init(unconvertedKeysFrom decoder: TapeValueDecoder) throws {
        let tape = decoder.tape
        let object = tape.tokens[decoder.index]
        guard object.isObject else {
            throw decoder.containerMismatch([String: Any].self, "keyed decoding container")
        }
        self.init(minimumCapacity: Int(object.count))
        var key = decoder.index + 1
        while key < Int(object.next) {
            let name = tape.keyString(at: key)
            if self[name] == nil {
                self[name] = try TapeValueDecoder(tape: tape, index: key + 1).decodeValue(Value.self)
            }
            key = Int(tape.tokens[key + 1].next)
        }
    }
}
