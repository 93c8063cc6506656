#if os(Linux)
@testable import Courier
import Courier
import Foundation
import Testing

@Suite("CurlTransport's header block parser")
struct CurlHeaderBlockTests {
    private func parse(_ text: String) -> [HTTPHeaders.Field] {
        CurlHeaderBlock.parse(Data(text.utf8)).fields
    }

    @Test("Names and values are trimmed; a colon inside a value stays; the last line needs no CRLF")
    func trimming() {
        #expect(
            parse("  Location :  http://example.com:8080/a  \r\nX-A:\tb\t\r\nX-Last: z")
                == [
                    .init(name: "Location", value: "http://example.com:8080/a"), .init(name: "X-A", value: "b"),
                    .init(name: "X-Last", value: "z"),
                ])
    }

    @Test("A line without a colon is skipped, and a folded line after it is not joined to anything")
    func strayLines() {
        #expect(
            parse("X-A: 1\r\nnot a field\r\n\tX-B: 2\r\n\r\n")
                == [.init(name: "X-A", value: "1"), .init(name: "X-B", value: "2")])
    }

    @Test("Folded lines (space or tab) join the field before them, each with one space")
    func folding() {
        #expect(parse("X-A: one\r\n two\r\n\tthree\r\n") == [.init(name: "X-A", value: "one two three")])
    }

    @Test("An empty block, blank lines and non-ASCII bytes")
    func edges() {
        #expect(parse("").isEmpty)
        #expect(parse("\r\n\r\n").isEmpty)
        #expect(parse("X-Name: café\r\n") == [.init(name: "X-Name", value: "café")])
        // Invalid UTF-8 is repaired, not a crash.
        let fields = CurlHeaderBlock.parse(Data([0x58, 0x3A, 0x20, 0xFF, 0x0D, 0x0A])).fields
        #expect(fields == [.init(name: "X", value: "\u{FFFD}")])
    }
}
#endif
