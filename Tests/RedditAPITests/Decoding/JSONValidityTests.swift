import Courier
import Foundation
import TestSupport
import Testing

@testable import RedditAPI

/// JSON.TapeDecoder accepts RFC 8259 JSON and nothing else: every malformed document is a
/// `DecodingError.dataCorrupted`, never a crash, a hang or a value.
@Suite(.ownThread) struct JSONValidityTests {
    @Test(arguments: [
        "", " ", "\n\t ",  // no value
        "{\"a\":1} x", "{\"a\":1}}", "[1] [2]", "1 2",  // trailing bytes
        "{\"a\":1,}", "[1,]", "[,1]", "{,}",  // stray commas
        "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}",  // bad members
        "[1 2]", "{\"a\":1 \"b\":2}",  // missing commas
        "01", "-01", "00", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "1.e5", "Infinity", "NaN", "-Infinity",
        "tru", "truex", "nul", "False", "[true false]",
        "\"abc", "\"abc\\\"", "[\"a\"", "{\"a\":[1,2}", "[1}", "{\"a\":1]",
        "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"\\U0041\"", "\"\\'\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"\\ud800x\"", "\"\\udbff\\udbff\"",
        "/* comment */ 1", "[1] // comment",
    ])
    func malformedDocumentsAreDataCorrupted(_ json: String) {
        #expect(failure { try redditDecode(JSONTapeProbe.self, json) } == .dataCorrupted, "\(json.debugDescription)")
    }

    /// `bytes` between quotes.
    static func quoted(_ bytes: [UInt8]) -> [UInt8] { [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")] }

    static let invalidBytes: [(String, [UInt8])] = [
        ("a raw tab", quoted(Array("a\tb".utf8))),
        ("a raw newline", quoted(Array("a\nb".utf8))),
        ("a NUL byte in a string", quoted([0x61, 0, 0x62])),
        ("a NUL byte after the value", [0x31, 0]),
        ("a lone continuation byte", quoted([0x80])),
        ("an overlong slash", quoted([0xC0, 0xAF])),
        ("an overlong three-byte form", quoted([0xE0, 0x80, 0xAF])),
        ("an encoded surrogate", quoted([0xED, 0xA0, 0x80])),
        ("a scalar above U+10FFFF", quoted([0xF4, 0x90, 0x80, 0x80])),
        ("a truncated sequence", quoted([0xE2, 0x82])),
        ("a sequence cut by the end", [UInt8(ascii: "\""), 0xF0, 0x9F]),
        ("0xFF", quoted([0xFF])),
        ("a byte outside ASCII outside a string", [0xC3, 0xA9]),
        ("Latin-1 in a key nobody reads", Array("{\"a\":1,\"".utf8) + [0xE9] + Array("\":2}".utf8)),
    ]

    @Test(arguments: JSONValidityTests.invalidBytes)
    func invalidBytesAreDataCorrupted(_ label: String, _ bytes: [UInt8]) {
        #expect(failure { try redditDecode(JSONTapeProbe.self, bytes: bytes) } == .dataCorrupted, "\(label)")
    }

    @Test func validUTF8AndAByteOrderMarkAreAccepted() throws {
        let text = "é€😀 and a \u{10FFFF}"
        #expect(try redditDecode(String.self, bytes: Array("\"\(text)\"".utf8)) == text)
        #expect(try redditDecode(Int.self, bytes: [0xEF, 0xBB, 0xBF] + Array(" 42 ".utf8)) == 42)
        #expect(try redditDecode(Box<Int>.self, "\t\r\n {\"a\" : 1 } \n") == Box(a: 1))
    }

    @Test func valuesNobodyReadsAreCheckedToo() {
        // JSONDecoder accepts these (it looks only at what is read); RFC 8259 does not.
        #expect(failure { try redditDecode(Box<Int>.self, "{\"a\":1,\"b\":\"\\q\"}") } == .dataCorrupted)
        #expect(failure { try redditDecode(Box<Int>.self, "{\"a\":1,\"b\":01}") } == .dataCorrupted)
        #expect(failure { try redditDecode(Box<Int>.self, "{\"a\":1,\"b\":\"\\udc00\"}") } == .dataCorrupted)
        #expect(failure { try redditDecode(Box<Int>.self, "{\"a\":1,}") } == .dataCorrupted)
        #expect((try? foundationDecode(Box<Int>.self, "{\"a\":1,}")) == Box(a: 1))
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSON.TapeDecoder.maximumDepth
        #expect(depth == 512)
        let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(failure { try redditDecode(JSONTapeProbe.self, deepest) } == nil)
        #expect(failure { try foundationDecode(JSONTapeProbe.self, deepest) } == nil)
    }

    @Test func nestingBeyondTheLimitIsDataCorrupted() {
        let depth = JSON.TapeDecoder.maximumDepth + 1
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(failure { try redditDecode(JSONTapeProbe.self, arrays) } == .dataCorrupted)
        #expect(failure { try redditDecode(JSONTapeProbe.self, objects) } == .dataCorrupted)
        // Hostile input: a million opening brackets, never closed.
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(failure { try redditDecode(JSONTapeProbe.self, bytes: hostile) } == .dataCorrupted)
    }

    @Test func syntaxErrorsSayWhere() throws {
        let json = "{\"data\":{\"children\":[{\"kind\":\"t3\"},{\"kind\":tru}]}}"
        #expect(failurePath { try redditDecode(JSONTapeProbe.self, json) } == "data.children[1].kind")
        do {
            _ = try redditDecode(JSONTapeProbe.self, json)
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains("byte offset 46"))
        }
    }

    @Test func aTruncatedRealBodyFailsAtEveryLength() throws {
        let fixture = try Fixture("things/me_2016.json").body
        let end = try #require(fixture.lastIndex(of: UInt8(ascii: "}")))
        for length in 0...end {
            let kind = failure { try JSON.TapeDecoder().decode(Account.self, from: fixture.prefix(length)) }
            #expect(kind == .dataCorrupted, "cut at \(length)")
        }
        #expect(try JSON.TapeDecoder().decode(Account.self, from: fixture).name == "PyAPITestUser2")
    }
}

/// Accepts any document: these tests are about the scan, not the model.
struct JSONTapeProbe: Decodable {
    init(from decoder: any Decoder) throws {}
}
