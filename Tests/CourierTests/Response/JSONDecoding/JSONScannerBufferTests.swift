import Foundation
import Testing

@testable import Courier

/// The scanner writes its tokens into one buffer allocated up front, sized by its bound on the
/// number of tokens (every value but the top-level one and every key follows one of `[`, `{`,
/// `,` and `:`), and traps rather than write past it. These documents hold every kind of token
/// and the structures that come closest to the bound.
@Suite struct JSONScannerBufferTests {
    /// Recorded Reddit answers in this checkout: a 415 KB listing and a comment page.
    static let bodies = ["front_hot.json", "comments_3hahrw_limit10_more.json"]

    @Test(arguments: bodies)
    func aRedditBodyFitsTheBound(_ name: String) throws {
        let data = try Data(contentsOf: Self.benchFixtures.appendingPathComponent(name))
        let (tokens, bound) = try Self.scan(data)
        #expect(tokens > 1_000)
        #expect(tokens <= bound)
    }

    @Test func everyKindOfTokenFitsTheBound() throws {
        // Keys, nested and empty containers, strings with escapes and non-ASCII bytes, numbers,
        // literals, and an object large enough for the scanner to look for repeated keys.
        let members = (0..<40).map { "\"k\($0)\": [\($0), -\($0).5e1, \"v\\n\u{e9}\", true, false, null, {}, []]" }
        let document = Data(("{" + members.joined(separator: ", ") + ", \"nested\": {\"a\": {\"b\": [1]}}}").utf8)
        let (tokens, bound) = try Self.scan(document)
        #expect(tokens > 40 * 10)
        #expect(tokens <= bound)
    }

    /// The tightest documents: nothing but structure, each token right after the one character
    /// that announces it (and a top-level scalar, which has none).
    @Test(arguments: ["[[],[],{}]", "{\"a\":1,\"b\":[0,0,0]}", "7", "[[[[[[]]]]]]", "{\"\":{\"\":{}}}"])
    func theTightestDocumentsFitTheBound(_ text: String) throws {
        let (tokens, bound) = try Self.scan(Data(text.utf8))
        #expect(tokens <= bound)
        #expect(tokens >= 1)
    }

    /// The number of tokens the scan wrote and the scanner's bound (without the tape's extra
    /// `null`, which the buffer has room for besides).
    private static func scan(_ data: Data) throws -> (tokens: Int, bound: Int) {
        try data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self).baseAddress!
            var scanner = JSONScanner(bytes: bytes, count: buffer.count)
            defer {
                scanner.deallocateWorkspace()
                scanner.tokens.deallocate()
            }
            try scanner.scan()
            return (scanner.tokenCount, JSONScanner.Document(bytes: bytes, count: buffer.count).tokenBound())
        }
    }

    /// `Benchmarks/fixtures/reddit` in this checkout (this file is `Tests/CourierTests/Response/JSONDecoding/…`).
    private static var benchFixtures: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Benchmarks/fixtures/reddit")
    }
}
