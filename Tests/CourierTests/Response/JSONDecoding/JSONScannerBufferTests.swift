import Foundation
import Testing

@testable import Courier

/// The scanner writes its tokens into the one array it allocated, in every build.
///
/// An unoptimized build keeps values alive that an optimized one drops: a `self` read for a call
/// whose argument then appended a token kept a second reference to the token array, so every key
/// copied the whole array (7,412 copies for the 415 KB front page listing, whose first decode
/// took 0.7–1 s of CPU in debug against 4 ms in release).
/// Only an unoptimized build shows it, and only there does the scanner count its buffer moves,
/// so these tests exist in debug builds, the ones `swift test` makes.
@Suite struct JSONScannerBufferTests {
    #if DEBUG
    /// Recorded Reddit answers in this checkout: a 415 KB listing and a comment page.
    static let bodies = ["front_hot.json", "comments_3hahrw_limit10_more.json"]

    @Test(arguments: bodies)
    func aRedditBodyIsScannedIntoOneBuffer(_ name: String) throws {
        let data = try Data(contentsOf: Self.benchFixtures.appendingPathComponent(name))
        let (tokens, moves) = try Self.scan(data)
        #expect(tokens > 1_000)
        #expect(moves == 0, "the token array was copied \(moves) times")
    }

    @Test func everyKindOfTokenIsWrittenInPlace() throws {
        // Keys, nested and empty containers, strings with escapes and non-ASCII bytes, numbers,
        // literals, and an object large enough for the scanner to look for repeated keys.
        let members = (0..<40).map { "\"k\($0)\": [\($0), -\($0).5e1, \"v\\n\u{e9}\", true, false, null, {}, []]" }
        let document = Data(("{" + members.joined(separator: ", ") + ", \"nested\": {\"a\": {\"b\": [1]}}}").utf8)
        let (tokens, moves) = try Self.scan(document)
        #expect(tokens > 40 * 10)
        #expect(moves == 0, "the token array was copied \(moves) times")
    }

    /// The number of tokens and of buffer moves while scanning `data`.
    private static func scan(_ data: Data) throws -> (tokens: Int, moves: Int) {
        try data.withUnsafeBytes { buffer in
            var scanner = JSONScanner(bytes: buffer.bindMemory(to: UInt8.self).baseAddress!, count: buffer.count)
            try scanner.scan()
            return (scanner.tokens.count, scanner.tokenBufferMoves)
        }
    }

    /// `Benchmarks/fixtures/reddit` in this checkout (this file is `Tests/CourierTests/Response/JSONDecoding/…`).
    private static var benchFixtures: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Benchmarks/fixtures/reddit")
    }
    #endif
}
