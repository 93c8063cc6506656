import Courier
import Foundation
import TestSupport
import Testing

/// `JSON.TapeDecoder` reads numbers with its own fast paths; every `Double` must be the one
/// the standard library's correctly rounded parser gives for the same text, bit for bit.
@Suite(.ownThread) struct TapeDecoderNumberTests {
    /// Decodes `texts` as one JSON array of `Double`s and pairs each with `Double(text)`.
    private func decodedAndParsed(_ texts: [String]) throws -> [(text: String, decoded: Double, parsed: Double?)] {
        let document = Data(("[" + texts.joined(separator: ",") + "]").utf8)
        let decoded = try JSON.TapeDecoder().decode([Double].self, from: document)
        return zip(texts, decoded).map { ($0, $1, Double($0)) }
    }

    private func expectSameBits(_ texts: [String]) throws {
        let results = try decodedAndParsed(texts)
        #expect(results.count == texts.count)
        let different = results.filter { $0.decoded.bitPattern != $0.parsed?.bitPattern }
        #expect(
            different.isEmpty,
            "\(different.prefix(10).map { "\($0.text): \($0.decoded) vs \(String(describing: $0.parsed))" })")
    }

    @Test func randomNumbersOfUpToTwentyDigitsMatchDoubleParsing() throws {
        var generator = SeededGenerator(seed: 0x5EED_2026)
        var texts: [String] = []
        for round in 0..<60_000 {
            // Half of them 16 to 19 digits: too many for a double, few enough for 64 bits.
            let digitCount = Int.random(in: round.isMultiple(of: 2) ? 16...19 : 1...20, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount { digits.append(String(Int.random(in: 0...9, using: &generator))) }
            var text = Bool.random(using: &generator) ? "-" : ""
            let point = Int.random(in: 0...digitCount, using: &generator)
            if point == 0 {
                text += "0." + String(repeating: "0", count: Int.random(in: 0...3, using: &generator)) + digits
            } else if point == digitCount {
                text += digits
            } else {
                text += digits.prefix(point) + "." + digits.dropFirst(point)
            }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                text +=
                    (Bool.random(using: &generator) ? "e" : "E-") + String(Int.random(in: 0...30, using: &generator))
            }
            texts.append(text)
        }
        try expectSameBits(texts)
    }

    /// Values exactly halfway between two doubles round to the even one, in every spelling; values
    /// a hair away from halfway round to the nearer one.
    @Test func tiesRoundToEven() throws {
        var generator = SeededGenerator(seed: 42)
        var texts: [String] = []
        for _ in 0..<2_000 {
            // Between 2^52 and 2^53 doubles are the integers: n.5 is halfway.
            let integer = UInt64.random(in: (1 << 52)..<(1 << 53), using: &generator)
            texts += ["\(integer).5", "\(integer)5e-1", "0.\(integer)5e17"]
            // Above 2^53 they are even integers up to 2^54, multiples of 4 up to 2^55...: the odd
            // integers in between are halfway.
            let shift = UInt64.random(in: 1...10, using: &generator)
            let base = UInt64.random(in: (1 << 52)..<(1 << 53), using: &generator) << shift
            let halfway = base + (1 << (shift - 1))
            texts += ["\(halfway)", "\(halfway).0", "\(halfway)000e-3", "\(halfway / 10).\(halfway % 10)e1"]
            // Between 2^49 and 2^50 doubles are eighths: n.0625 is halfway, n.0626 just above
            // (it rounds up, by a remainder far below the bits kept), n.0624 just below.
            let eighths = UInt64.random(in: (1 << 49)..<(1 << 50), using: &generator)
            texts += ["\(eighths).0625", "\(eighths).0626", "\(eighths).0624", "\(eighths).1875", "\(eighths).1876"]
        }
        try expectSameBits(texts)
    }

    @Test func edgeCasesMatchDoubleParsing() throws {
        try expectSameBits([
            "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.2", "0.30000000000000004", "1e22", "1e23", "1e-22",
            "1e-23", "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994",
            "9007199254740995", "18446744073709551615", "18446744073709551616", "9999999999999999999",
            "99999999999999999999", "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "5e-324",
            "2.2250738585072011e-308", "123456789012345678e-19", "1234567890123456789e19", "1234567890123456789e-19",
            "1234567890123456789e20", "-65.613616999999977", "-65.61361699999998", "0.000000000000000001",
            "1000000000000000000000", "1.00000000000000011102230246251565404236316680908203125",
            "1.0000000000000001110223024625156540423631668090820312", "7.2057594037927933e16",
            "3.4028234663852886e38", "1e19", "1e-19", "12345678901234567e2", "12345678901234567e-2",
        ])
    }

    /// Every number of the benchmark documents and of JSONTestSuite's accepted files.
    @Test func everyNumberOfTheCorporaMatchesDoubleParsing() throws {
        var documents = try ["canada.json", "twitter.json", "citm_catalog.json"].map { try JSONCorpus.benchmark($0) }
        documents += try JSONCorpus.conformanceFiles().filter { $0.name.hasPrefix("y_") }.map(\.data)
        var texts: [String] = []
        for document in documents { texts += Self.numberTexts(in: document) }
        // Numbers a `Double` cannot hold are errors for both decoders (tested elsewhere).
        texts = texts.filter { text in
            guard let value = Double(text) else { return false }
            return value.isFinite
                && (value != 0 || !text.prefix { $0 != "e" && $0 != "E" }.contains { "123456789".contains($0) })
        }
        #expect(texts.count > 100_000)
        try expectSameBits(texts)
    }

    /// The text of every number outside strings, in document order.
    private static func numberTexts(in document: Data) -> [String] {
        let bytes = [UInt8](document)
        var texts: [String] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let start = i
                while i < bytes.count, "0123456789+-.eE".utf8.contains(bytes[i]) { i += 1 }
                texts.append(String(decoding: bytes[start..<i], as: UTF8.self))
            } else {
                i += 1
            }
        }
        return texts
    }
}
