import Foundation
import Testing

@testable import Courier

/// `Content-Range` read strictly (RFC 9110 §14.4), and the redirect schemes no transport follows.
@Suite("Content-Range and redirect schemes")
struct ContentRangeTests {
    @Test(
        "Satisfied byte ranges are read; anything else is refused without trapping",
        arguments: [
            ("bytes 0-99/100", ContentRange?.some(.init("bytes 0-99/100")!)),
            ("bytes garbage", nil), ("bytes 10-5/100", nil), ("bytes 0-100/100", nil), ("bytes -1-5/100", nil),
            ("bytes 0-5/-1", nil), ("items 0-5/10", nil), ("bytes 0-99999999999999999999/1", nil),
            ("bytes 0-9223372036854775807/9223372036854775807", nil), ("bytes 0-5", nil), ("bytes */100", nil),
            ("bytes 1-2/3/4", nil), ("", nil),
        ])
    func parsing(text: String, expected: ContentRange?) {
        #expect(ContentRange(text) == expected)
    }

    @Test("A range's bounds, count and total")
    func fields() throws {
        let range = try #require(ContentRange(" bytes 500-999/1000 "))
        #expect(range.first == 500 && range.last == 999 && range.total == 1000 && range.count == 500)
        #expect(ContentRange("bytes 0-9/*")?.total == nil)
    }

    @Test(
        "Redirects to other schemes are refused; http and https ones, relative ones and non-redirects are not",
        arguments: [
            ("file:///etc/passwd", true), ("FTP://h/x", true), ("data:text/plain,hello world", true),
            ("gopher://h:70/x", true), ("javascript:alert(1)", true), ("https://other.example/x", false),
            ("HTTP://other.example/x", false), ("/relative/path", false), ("//other.example/x", false),
            ("?q=1", false),
        ])
    func redirectSchemes(location: String, refused: Bool) throws {
        let url = try #require(URL(string: "https://api.example/start"))
        let response = HTTPResponse(statusCode: 302, headers: ["Location": location], url: url)
        #expect((Redirects.refusal(after: response) != nil) == refused)
        let ok = HTTPResponse(statusCode: 200, headers: ["Location": location], url: url)
        #expect(Redirects.refusal(after: ok) == nil)
    }
}
