import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// Strings and numbers read as JSONDecoder reads them.
@Suite(.ownThread) struct JSONScalarTests {
    // MARK: Strings

    @Test func escapesAreResolved() throws {
        #expect(try redditDecode(String.self, #""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{8} \u{C} \n \r \t")
        #expect(try redditDecode(String.self, #""\u0041\u00e9\u20AC\u0000x""#) == "Aé€\u{0}x")
        #expect(try redditDecode(String.self, #""plain, no escapes""#) == "plain, no escapes")
        #expect(try redditDecode(String.self, #""""#) == "")
    }

    @Test func surrogatePairsMakeOneScalar() throws {
        let emoji = try redditDecode(String.self, #""a\ud83d\ude00b\uD834\uDD1E""#)
        #expect(emoji == "a😀b𝄞")
        #expect(emoji.unicodeScalars.map(\.value) == [0x61, 0x1F600, 0x62, 0x1D11E])
    }

    @Test(arguments: [#""\ud800""#, #""\udfff""#, #""\ud83d\u0041""#, #""\ud83d\ud83d""#, #""x\ude00""#])
    func loneSurrogatesAreDataCorrupted(_ json: String) {
        #expect(failure { try redditDecode(String.self, json) } == .dataCorrupted)
        #expect(failure { try foundationDecode(String.self, json) } == .dataCorrupted)
    }

    // MARK: Integers

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("42", 42), ("-17", -17), ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min), ("1.0", 1), ("-0.0", 0), ("1e2", 100), ("1E2", 100),
        ("100e-2", 1), ("0.1e1", 1), ("2.50e1", 25), ("1e-400", 0), ("1.0000000000000001", 1),
        ("1e18", 1_000_000_000_000_000_000),
        ("-4.2e17", -420_000_000_000_000_000), ("9007199254740993.5e0", 9_007_199_254_740_993),
    ])
    func integersReadAsJSONDecoderReadsThem(_ json: String, _ expected: Int) throws {
        #expect(try redditDecode(Int.self, json) == expected)
        #expect(try foundationDecode(Int.self, json) == expected)
    }

    @Test(arguments: [
        "1.5", "-0.1", "1e-2", "9223372036854775808", "-9223372036854775809", "12345678901234567890123", "1e400",
        "-9223372036854775808.0", "1e19", "18446744073709551616e0",
    ])
    func integersThatDoNotFitAreDataCorrupted(_ json: String) {
        #expect(failure { try redditDecode(Int.self, json) } == .dataCorrupted)
        #expect(failure { try foundationDecode(Int.self, json) } == .dataCorrupted)
    }

    @Test func smallerIntegerTypesCheckTheirRange() throws {
        #expect(try redditDecode(UInt8.self, "255") == 255)
        #expect(failure { try redditDecode(UInt8.self, "256") } == .dataCorrupted)
        #expect(try redditDecode(Int8.self, "-128") == -128)
        #expect(failure { try redditDecode(UInt.self, "-1") } == .dataCorrupted)
        #expect(try redditDecode(UInt64.self, "18446744073709551615") == .max)
        #expect(try redditDecode(Int32.self, "2147483647") == .max)
    }

    // MARK: Doubles

    static let doubles = [
        "0", "-0", "0.1", "-2.5", "1716243322.0", "0.97", "1e2", "1E-7", "123.456e3", "0.30000000000000004",
        "9007199254740993", "123456789012345678901234567890", "2.2250738585072011e-308", "2.2250738585072014e-308",
        "1.7976931348623157e308", "5e-324", "4.9e-324", "1e-320", "0.1e-5", "3.141592653589793238462643383279",
        "1e22", "1e23", "8.589973e9", "0.000000000000000000000000000000000000001", "17976931348623157e292",
    ]

    @Test(arguments: JSONScalarTests.doubles)
    func doublesAreCorrectlyRounded(_ json: String) throws {
        let value = try redditDecode(Double.self, json)
        #expect(value.bitPattern == Double(json)!.bitPattern)
        #expect(value.bitPattern == (try foundationDecode(Double.self, json)).bitPattern)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        #expect(try redditDecode(Double.self, "-0").sign == .minus)
        #expect(try redditDecode(Double.self, "-0.0e5").sign == .minus)
        #expect(try redditDecode(Double.self, "0").sign == .plus)
    }

    @Test(arguments: ["1e400", "-1e400", "1.7976931348623159e308", "1e-400", "2e-324"])
    func doublesOutOfRangeAreDataCorrupted(_ json: String) {
        #expect(failure { try redditDecode(Double.self, json) } == .dataCorrupted)
        #expect(failure { try foundationDecode(Double.self, json) } == .dataCorrupted)
    }

    @Test func zeroWithAHugeExponentIsZero() throws {
        #expect(try redditDecode(Double.self, "0e-400") == 0)
        #expect(try redditDecode(Double.self, "0.0e999") == 0)
    }

    @Test func floatsAreParsedFromTheirText() throws {
        #expect(try redditDecode(Float.self, "0.1") == Float("0.1"))
        #expect(try redditDecode(Float.self, "16777217") == 16_777_216)
        #expect(failure { try redditDecode(Float.self, "1e39") } == .dataCorrupted)
        #expect(failure { try redditDecode(Float.self, "1e-50") } == .dataCorrupted)
    }

    // MARK: Kinds

    @Test func aValueOfAnotherKindIsATypeMismatch() {
        #expect(failure { try redditDecode(Bool.self, "1") } == .typeMismatch)
        #expect(failure { try redditDecode(Bool.self, "\"true\"") } == .typeMismatch)
        #expect(failure { try redditDecode(Int.self, "\"1\"") } == .typeMismatch)
        #expect(failure { try redditDecode(Int.self, "true") } == .typeMismatch)
        #expect(failure { try redditDecode(String.self, "1") } == .typeMismatch)
        #expect(failure { try redditDecode(Double.self, "[]") } == .typeMismatch)
        #expect(failure { try redditDecode([Int].self, "{}") } == .typeMismatch)
        #expect(failure { try redditDecode(Box<Int>.self, "[]") } == .typeMismatch)
    }

    @Test func nullForAValueIsValueNotFound() throws {
        #expect(failure { try redditDecode(String.self, "null") } == .valueNotFound)
        #expect(failure { try redditDecode(Box<Int>.self, "null") } == .valueNotFound)
        #expect(failure { try redditDecode([Int].self, "null") } == .valueNotFound)
        #expect(try redditDecode(String?.self, " null ") == nil)
        #expect(try redditDecode(Bool.self, "false") == false)
        #expect(try redditDecode(Bool.self, "true") == true)
    }

    @Test func foundationTypesReadAsJSONDecoderReadsThem() throws {
        #expect(
            try redditDecode(URL.self, #""https://reddit.com/r/swift""#) == URL(string: "https://reddit.com/r/swift"))
        #expect(try redditDecode(Data.self, #""AAEC/w==""#) == Data([0, 1, 2, 255]))
        #expect(failure { try redditDecode(Data.self, #""not base64!""#) } == .dataCorrupted)
        #expect(try redditDecode(Date.self, "0") == Date(timeIntervalSinceReferenceDate: 0))
        #expect(try redditDecode(Date.self, "86400.5") == (try foundationDecode(Date.self, "86400.5")))
    }
}
