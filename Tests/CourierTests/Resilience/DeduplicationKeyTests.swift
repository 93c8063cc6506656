import Courier
import Foundation
import Testing

@testable import Courier

@Suite("De-duplication keys")
struct DeduplicationKeyTests {
    let url = URL(string: "https://api.example.com/items?page=2")!

    func identity(_ method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: String? = nil) -> RequestIdentity {
        RequestIdentity(
            HTTPRequest(method: method, url: url, headers: headers, body: body.map { .data(Data($0.utf8)) }))
    }

    @Test("Header name case, field order and tracing ids do not matter")
    func sameRequest() {
        #expect(
            identity(headers: ["Accept": "application/json", "X-A": "1"])
                == identity(headers: ["x-a": "1", "accept": "application/json", "X-Request-ID": "abc"]))
    }

    @Test("Method, headers, Authorization and body each make a different request")
    func differentRequests() {
        let plain = identity()
        #expect(plain != identity(.head))
        #expect(plain != identity(headers: ["Accept": "text/plain"]))
        #expect(identity(headers: ["Authorization": "Bearer a"]) != identity(headers: ["Authorization": "Bearer b"]))
        #expect(identity(.post, body: "a=1") != identity(.post, body: "a=2"))
        #expect(identity(.post, body: "a=1") == identity(.post, body: "a=1"))
    }

    @Test("Printing a key never shows Authorization or a cookie")
    func noRawToken() {
        let key = identity(headers: ["Authorization": "Bearer s3cr3t-token", "Cookie": "session=abc123"])
        let text = String(describing: key)
        #expect(!text.contains("s3cr3t-token"))
        #expect(!text.contains("abc123"))
        // The key compares fields exactly (no digests); its description redacts the secrets.
        #expect(text.contains(LoggingMonitor.Redactor.placeholder))
    }

    @Test("Bodies are compared exactly, also past the first bytes")
    func longBodies() {
        let prefix = String(repeating: "x", count: 4096)
        #expect(identity(.post, body: prefix + "a") != identity(.post, body: prefix + "b"))
        #expect(identity(.post, body: prefix + "a") == identity(.post, body: prefix + "a"))
    }

    @Test("Calls accepting different statuses are different requests")
    func acceptance() {
        let url = url
        func key(_ statuses: Set<Int>) -> RequestIdentity {
            RequestIdentity(HTTPRequest(url: url, acceptableStatusCodes: statuses))
        }
        #expect(key(Set(200..<300)) != key([404]))
    }
}
