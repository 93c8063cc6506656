import Courier
import Foundation
import TestSupport
import Testing

/// Keys are found in large objects from where the last match left off, then by hash: the same
/// values and errors as `JSONDecoder` whatever the order of reading, with repeated keys (the
/// first wins), escaped keys and missing keys.
@Suite(.ownThread) struct TapeDecoderKeyLookupTests {
    /// Twelve keys: more than the objects searched in order.
    enum Key: String, CodingKey, CaseIterable {
        case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11

        /// The key's position in `allCases`.
        var index: Int { Key.allCases.firstIndex(of: self) ?? 0 }
    }

    /// Reads every key in declaration order, then in reverse, then one key again.
    struct Wide: Decodable, Equatable {
        var forward: [Int?] = []
        var backward: [Int?] = []
        var again: Int?
        var hasK5 = false

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in Key.allCases { forward.append(try container.decodeIfPresent(Int.self, forKey: key)) }
            for key in Key.allCases.reversed() { backward.append(try container.decodeIfPresent(Int.self, forKey: key)) }
            again = try container.decodeIfPresent(Int.self, forKey: .k3)
            hasK5 = container.contains(.k5)
        }
    }

    /// Reads every key with `decode`: a missing one is `keyNotFound`.
    struct Strict: Decodable, Equatable {
        var values: [Int] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in Key.allCases { values.append(try container.decode(Int.self, forKey: key)) }
        }
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static let inOrder = (0..<12).map { ("k\($0)", "\($0)") }

    static let documents: [String] = [
        object(inOrder),
        object(inOrder.reversed()),
        // A repeated key: JSONDecoder keeps the first.
        object(inOrder + [("k5", "55")]),
        object([("k5", "55")] + inOrder),
        object(Array(inOrder[0..<6]) + [("k3", "33")] + inOrder[6...]),
        // An escaped key equal to `k3`, and one equal to a key already there.
        object(inOrder.map { $0.0 == "k3" ? ("k\\u0033", "3") : $0 }),
        object(inOrder + [("k\\u0034", "44")]),
        // Missing keys, extra keys, null values, a wrong type.
        object(inOrder.filter { $0.0 != "k7" } + [("other", "1"), ("k12", "12")]),
        object(inOrder.map { $0.0 == "k2" ? ($0.0, "null") : $0 }),
        object(inOrder.map { $0.0 == "k9" ? ($0.0, "\"9\"") : $0 }),
        "[" + object(inOrder) + ", " + object(inOrder.reversed()) + "]",
    ]

    @Test(arguments: documents)
    func everyReadingOrderFindsWhatJSONDecoderFinds(_ json: String) {
        let pair = DecoderPair()
        let (tape, foundation) = pair.decode(Wide.self, json)
        #expect(tape.matches(foundation), "\(tape) vs \(foundation)")
        let (tapeStrict, foundationStrict) = pair.decode(Strict.self, json)
        #expect(tapeStrict.matches(foundationStrict), "\(tapeStrict) vs \(foundationStrict)")
        let (tapeArray, foundationArray) = pair.decode([Wide].self, json)
        #expect(tapeArray.matches(foundationArray))
    }

    /// Two containers over one object, read in turns: the cursor the scanner's table keeps is
    /// the object's, shared by both, and must stay a hint only.
    struct Twice: Decodable, Equatable {
        var values: [Int?] = []

        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: Key.self)
            let second = try decoder.container(keyedBy: Key.self)
            for key in Key.allCases {
                values.append(try first.decodeIfPresent(Int.self, forKey: key))
                values.append(try second.decodeIfPresent(Int.self, forKey: Array(Key.allCases.reversed())[key.index]))
            }
        }
    }

    /// A name that is not ASCII but equal as a `String` to an ASCII key: the Kelvin sign is
    /// canonically equivalent to `K`, so `JSONDecoder` finds it, in a large object too.
    struct Kelvin: Decodable, Equatable {
        enum Keys: String, CodingKey {
            case kelvin = "\u{212A}"
            case absent = "\u{212B}x"
        }
        var kelvin: Int?
        var absent: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            kelvin = try container.decodeIfPresent(Int.self, forKey: .kelvin)
            absent = try container.decodeIfPresent(Int.self, forKey: .absent)
        }
    }

    @Test func containersOverOneObjectAndUnusualNamesFindWhatJSONDecoderFinds() throws {
        let pair = DecoderPair()
        for json in [Self.object(Self.inOrder), Self.object(Self.inOrder.reversed())] {
            let (tape, foundation) = pair.decode(Twice.self, json)
            #expect(tape.matches(foundation), "\(tape) vs \(foundation)")
        }
        let withK = Self.object(Self.inOrder + [("K", "273")])
        let (tape, foundation) = pair.decode(Kelvin.self, withK)
        #expect(tape.matches(foundation), "\(tape) vs \(foundation)")
        #expect(try JSON.TapeDecoder().decode(Kelvin.self, from: Data(withK.utf8)).kelvin == 273)
    }

    @Test(arguments: [
        "[1, 2.5, -0, 1e3]", #"[1, "2"]"#, "[1, null]", "[1.5]", "[1e400]", "[]", #"{"a": 1}"#, "null",
        #"["a", "b\n"]"#, "[12345678901234567890]",
    ])
    func arraysOfScalarsReadAsJSONDecoderReadsThem(_ json: String) {
        let pair = DecoderPair()
        let (tapeDoubles, foundationDoubles) = pair.decode([Double].self, json)
        #expect(tapeDoubles.matches(foundationDoubles))
        let (tapeInts, foundationInts) = pair.decode([Int].self, json)
        #expect(tapeInts.matches(foundationInts))
        let (tapeStrings, foundationStrings) = pair.decode([String].self, json)
        #expect(tapeStrings.matches(foundationStrings))
        let (tapeNested, foundationNested) = pair.decode([String: [Int]].self, #"{"x": \#(json)}"#)
        #expect(tapeNested.matches(foundationNested))
    }
}
