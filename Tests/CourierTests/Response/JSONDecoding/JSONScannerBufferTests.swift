import Foundation
import Testing

@testable import Courier

/// The scanner writes its tokens into one buffer it allocates from a guess at the document's
/// size and doubles when the guess was short: documents denser than the guess (a token every
/// two bytes) and real Reddit answers scan whole, with every container's end in place.
@Suite struct JSONScannerBufferTests {
    /// Recorded Reddit answers in this checkout: a 415 KB listing and a comment page.
    static let bodies = ["front_hot.json", "comments_3hahrw_limit10_more.json"]

    @Test(arguments: bodies)
    func aRedditBodyIsScannedWhole(_ name: String) throws {
        let data = try Data(contentsOf: Self.benchFixtures.appendingPathComponent(name))
        let (count, topLevelNext) = try Self.scan(data)
        #expect(count > 1_000)
        #expect(topLevelNext == count, "the top-level value ends after the last token")
    }

    /// A token every two bytes, four times the scanner's first guess: the buffer grows (several
    /// times) and nothing is lost.
    @Test func aDenseDocumentGrowsTheBuffer() throws {
        let zeros = 50_000
        let document = Data(("[" + Array(repeating: "0", count: zeros).joined(separator: ",") + "]").utf8)
        let (count, topLevelNext) = try Self.scan(document)
        #expect(count == zeros + 1)
        #expect(topLevelNext == count)
        let decoded = try JSON.TapeDecoder().decode([Int].self, from: document)
        #expect(decoded.count == zeros && decoded.allSatisfy { $0 == 0 })
    }

    @Test func everyKindOfTokenIsWritten() throws {
        // Keys, nested and empty containers, strings with escapes and non-ASCII bytes, numbers,
        // literals, and an object large enough for the scanner to look for repeated keys.
        let members = (0..<40).map { "\"k\($0)\": [\($0), -\($0).5e1, \"v\\n\u{e9}\", true, false, null, {}, []]" }
        let document = Data(("{" + members.joined(separator: ", ") + ", \"nested\": {\"a\": {\"b\": [1]}}}").utf8)
        let (count, topLevelNext) = try Self.scan(document)
        // The object; per member its key, the array and its 8 elements; then "nested", and
        // the object, key, object, key, array and number inside it.
        #expect(count == 1 + 40 * 10 + 7)
        #expect(topLevelNext == count)
    }

    /// The number of tokens the scan wrote and the top-level value's `next`.
    private static func scan(_ data: Data) throws -> (count: Int, topLevelNext: Int) {
        try data.withUnsafeBytes { buffer in
            var scanner = JSONScanner(bytes: buffer.bindMemory(to: UInt8.self).baseAddress!, count: buffer.count)
            defer {
                scanner.deallocateWorkspace()
                scanner.tokens.deallocate()
            }
            try scanner.scan()
            return (scanner.tokenCount, Int(scanner.tokens[0].next))
        }
    }

    /// `Benchmarks/fixtures/reddit` in this checkout (this file is `Tests/CourierTests/Response/JSONDecoding/…`).
    private static var benchFixtures: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Benchmarks/fixtures/reddit")
    }
}
