@testable import Courier
import Courier
import Foundation
import Testing

@Suite("De-duplication keys")
struct DeduplicationKeyTests {
    let url = URL(string: "https://api.example.com/items?page=2")!

    func identity(_ method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: String? = nil) -> RequestIdentity {
        RequestIdentity(HTTPRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) }))
    }

    @Test("Header name case, field order and tracing ids do not matter")
    func sameRequest() {
        #expect(identity(headers: ["Accept": "application/json", "X-A": "1"])
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

    @Test("The key holds a digest of Authorization, never the token")
    func noRawToken() {
        let key = identity(headers: ["Authorization": "Bearer s3cr3t-token", "Cookie": "session=abc123"])
        let text = String(describing: key)
        #expect(!text.contains("s3cr3t-token"))
        #expect(!text.contains("abc123"))
        #expect(text.contains("sha256:"))
    }

    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func sha256() {
        #expect(SHA256Digest.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
