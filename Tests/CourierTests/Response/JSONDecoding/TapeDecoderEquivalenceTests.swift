import Courier
import Foundation
import TestSupport
import Testing

/// `JSON.TapeDecoder` against Foundation's `JSONDecoder`, set up alike: equal values, and
/// failures of the same kind at the same coding path.
@Suite(.ownThread) struct TapeDecoderEquivalenceTests {
    struct Dated: Decodable, Equatable { let d: Date }
    struct Bytes: Decodable, Equatable { let d: Data }
    struct Snake: Decodable, Equatable {
        let fooBar: Int
        let userId: Int?
        let _private: Int?
        let trailing_: Int?
        let a1st2nd: Int?
    }

    @Test(arguments: [
        #"{"foo_bar": 1, "user_id": 2, "_private": 3, "trailing_": 4, "a1st_2nd": 5}"#,
        #"{"foo_bar": 1, "fooBar": 2}"#, #"{"fooBar": 1}"#, #"{"FOO_BAR": 1}"#, #"{"foo__bar": 1}"#,
        #"{"foo_bar": "x"}"#, #"{"foo_bar": 1, "foo_bar": 2}"#, #"{"user_id": 2}"#,
    ])
    func snakeCaseKeys(_ json: String) {
        let (tape, foundation) = DecoderPair(keys: .convertFromSnakeCase).decode(Snake.self, json)
        #expect(tape.matches(foundation))
    }

    /// `allKeys` of a keyed container gives the converted keys.
    struct KeyList: Decodable, Equatable {
        let keys: [String]
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
        }
    }

    @Test func snakeCaseKeysFollowFoundationsRules() {
        let keys = [
            "foo_bar", "_a_b_", "__x", "y__z", "ABC_DEF", "1st_2nd", "a", "o'neil_x", "snake_CASE_word", "_", "___",
            "é_ü", "ǆ_ǆ", "a_1b", "a_b1c", "x_ßa",
        ]
        let json = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        let (tape, foundation) = DecoderPair(keys: .convertFromSnakeCase).decode(KeyList.self, json)
        #expect(tape.matches(foundation))
        // As in JSONDecoder, a `[String: Value]` keeps the document's keys.
        let (tapeDictionary, foundationDictionary) = DecoderPair(keys: .convertFromSnakeCase).decode(
            [String: [String: Int]].self, #"{"a_b": {"c_d": 1, "c_d": 2}}"#)
        #expect(tapeDictionary.matches(foundationDictionary))
        #expect(tapeDictionary == .value(["a_b": ["c_d": 1]]))
    }

    @Test func customKeysSeeTheFullPath() {
        struct Inner: Decodable, Equatable { let value: Int }
        struct Outer: Decodable, Equatable { let inner: Inner }
        let pair = DecoderPair(
            keys: .custom { path in
                AnyKey(stringValue: path.last!.stringValue.lowercased() + (path.count > 1 ? "" : ""))
            })
        let (tape, foundation) = pair.decode(Outer.self, #"{"INNER": {"VALUE": 1}}"#)
        #expect(tape.matches(foundation))
        #expect(tape == .value(Outer(inner: Inner(value: 1))))
        let (tapeMissing, foundationMissing) = pair.decode(Outer.self, #"{"INNER": {"OTHER": 1}}"#)
        #expect(tapeMissing.matches(foundationMissing))
    }

    @Test(arguments: [
        #"{"d": 12.5}"#, #"{"d": "x"}"#, #"{"d": null}"#, #"{}"#, #"{"d": 1700000000123}"#,
        #"{"d": "2024-05-20T12:34:56Z"}"#, #"{"d": "2024-05-20T12:34:56+02:00"}"#, #"{"d": "2024-05-20"}"#,
    ])
    func dateStrategies(_ json: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let strategies: [JSONDecoder.DateDecodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(formatter),
            .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                return Date(timeIntervalSince1970: Double(text.count))
            },
        ]
        for strategy in strategies {
            let (tape, foundation) = DecoderPair(dates: strategy).decode(Dated.self, json)
            #expect(tape.matches(foundation), "\(strategy)")
        }
    }

    @Test(arguments: [#"{"d": "AQID"}"#, #"{"d": "@@"}"#, #"{"d": [1, 2, 3]}"#, #"{"d": [1, 256]}"#, #"{"d": 1}"#])
    func dataStrategies(_ json: String) {
        let strategies: [JSONDecoder.DataDecodingStrategy] = [
            .deferredToData, .base64,
            .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) },
        ]
        for strategy in strategies {
            let (tape, foundation) = DecoderPair(data: strategy).decode(Bytes.self, json)
            #expect(tape.matches(foundation), "\(strategy)")
        }
    }

    @Test func nonConformingFloats() {
        let json = #"["inf", "-inf", "nan", 1.5]"#
        let convert = DecoderPair(
            floats: .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))
        let tape = try? convert.tape.decode([Double].self, from: Data(json.utf8))
        let foundation = try? convert.foundation.decode([Double].self, from: Data(json.utf8))
        #expect(tape?.map(\.bitPattern) == foundation?.map(\.bitPattern))
        #expect(tape?.count == 4)
        let floats = try? convert.tape.decode([Float].self, from: Data(json.utf8))
        #expect(floats?[0] == .infinity && floats?[2].isNaN == true)
        let (tapeThrow, foundationThrow) = DecoderPair().decode([Double].self, json)
        #expect(tapeThrow.matches(foundationThrow))
        let (tapeOther, foundationOther) = convert.decode([Double].self, #"["infinity"]"#)
        #expect(tapeOther.matches(foundationOther))
    }

    @Test func userInfoReachesInitFromDecoder() {
        struct Reads: Decodable, Equatable {
            static let key = CodingUserInfoKey(rawValue: "greeting")!
            let greeting: String?
            init(greeting: String?) { self.greeting = greeting }
            init(from decoder: any Decoder) throws { greeting = decoder.userInfo[Self.key] as? String }
        }
        let (tape, foundation) = DecoderPair(userInfo: [Reads.key: "hello"]).decode(Reads.self, "{}")
        #expect(tape.matches(foundation))
        #expect(tape == .value(Reads(greeting: "hello")))
    }

    @Test func json5IsRefusedClearly() {
        var decoder = JSON.TapeDecoder()
        decoder.allowsJSON5 = true
        #expect(Outcome { try decoder.decode([Int].self, from: Data("[1]".utf8)) } == .failure("dataCorrupted", ""))
    }

    @Test(arguments: [
        "[9223372036854775807]", "[-9223372036854775808]", "[9223372036854775808]", "[-9223372036854775809]",
        "[18446744073709551615]", "[18446744073709551616]", "[-1]", "[1.0]", "[1.5]", "[1e2]", "[-0]",
        "[1e19]", "[null]", "[\"1\"]", "[true]",
    ])
    func integersAtTheEdges(_ json: String) {
        let pair = DecoderPair()
        let (tapeInt, foundationInt) = pair.decode([Int64].self, json)
        #expect(tapeInt.matches(foundationInt), "Int64")
        let (tapeUInt, foundationUInt) = pair.decode([UInt64].self, json)
        #expect(tapeUInt.matches(foundationUInt), "UInt64")
        let (tapeSmall, foundationSmall) = pair.decode([Int8].self, json)
        #expect(tapeSmall.matches(foundationSmall), "Int8")
    }

    @Test(arguments: [
        "[1e308]", "[1.7976931348623157e308]", "[2e308]", "[5e-324]", "[2.2250738585072014e-308]",
        "[4.9406564584124654e-324]", "[1e-400]", "[-0.0]", "[-0]", "[0.1]", "[123456789012345678901234567890]",
        "[3.4028235e38]", "[1e39]", "[1.17549435e-38]", "[1e-46]", "[0.30000000000000004]",
    ])
    func floatsAtTheEdges(_ json: String) {
        let pair = DecoderPair()
        let tape = Outcome { try pair.tape.decode([Double].self, from: Data(json.utf8)).map(\.bitPattern) }
        let foundation = Outcome { try pair.foundation.decode([Double].self, from: Data(json.utf8)).map(\.bitPattern) }
        #expect(tape.matches(foundation), "Double")
        let tapeFloat = Outcome { try pair.tape.decode([Float].self, from: Data(json.utf8)).map(\.bitPattern) }
        let foundationFloat = Outcome {
            try pair.foundation.decode([Float].self, from: Data(json.utf8)).map(\.bitPattern)
        }
        #expect(tapeFloat.matches(foundationFloat), "Float")
    }

    struct Nested: Decodable, Equatable {
        let name: String
        let tags: [String]
        let point: Int
        let parent: Int?
        let missing: Int?
        let flags: [Bool?]

        enum Keys: String, CodingKey { case name, meta, tags, point, parent, missing, flags }
        enum Meta: String, CodingKey { case point }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decode(String.self, forKey: .name)
            var list = try c.nestedUnkeyedContainer(forKey: .tags)
            var tags: [String] = []
            while !list.isAtEnd { tags.append(try list.decode(String.self)) }
            self.tags = tags
            point = try c.nestedContainer(keyedBy: Meta.self, forKey: .meta).decode(Int.self, forKey: .point)
            parent = try Int?(from: c.superDecoder(forKey: .parent))
            missing = try c.decodeIfPresent(Int.self, forKey: .missing)
            flags = try c.decode([Bool?].self, forKey: .flags)
            _ = try c.superDecoder()
        }
    }

    @Test(arguments: [
        #"{"name": "a", "tags": ["x", "y"], "meta": {"point": 3}, "parent": 7, "flags": [true, null]}"#,
        #"{"name": "a", "tags": ["x", 1], "meta": {"point": 3}, "flags": []}"#,
        #"{"name": "a", "tags": [], "meta": {"point": null}, "flags": []}"#,
        #"{"name": "a", "tags": [], "meta": [], "flags": []}"#,
        #"{"name": "a", "tags": [], "meta": {"point": 1}, "parent": null, "missing": null, "flags": [1]}"#,
        #"{"name": null, "tags": [], "meta": {"point": 1}, "flags": []}"#,
        #"{"tags": [], "meta": {"point": 1}, "flags": []}"#,
        #"{"name": "a", "tags": {}, "meta": {"point": 1}, "flags": []}"#,
        #"{"name": "a", "tags": [], "meta": {"point": 1}, "parent": "x", "flags": []}"#,
        #"[{"name": "a"}]"#, "null", "",
    ])
    func nestedContainersSuperDecodersAndNulls(_ json: String) {
        let (tape, foundation) = DecoderPair().decode(Nested.self, json)
        #expect(tape.matches(foundation))
    }

    @Test(arguments: [
        #"[[1, 2], [3, null], null]"#, #"[[1, "2"]]"#, #"[[1], [2, 3, 4.5]]"#, #"{"a": [1]}"#, "[]",
    ])
    func optionalsInArrays(_ json: String) {
        let (tape, foundation) = DecoderPair().decode([[Int?]?].self, json)
        #expect(tape.matches(foundation))
        let (tapeFlat, foundationFlat) = DecoderPair().decode([[Int]].self, json)
        #expect(tapeFlat.matches(foundationFlat))
    }

    @Test(arguments: [#"{"a": 1.25}"#, #"{"a": 12345678901234567890.5}"#, #"{"a": "1"}"#, #"{"a": -0}"#])
    func decimalsFromTheirDigits(_ json: String) {
        let (tape, foundation) = DecoderPair().decode([String: Decimal].self, json)
        #expect(tape.matches(foundation))
    }
}
