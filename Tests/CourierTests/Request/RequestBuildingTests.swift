import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@testable import Courier

@Suite("Building requests")
struct RequestBuildingTests {
    func client(_ base: String?) -> HTTPClient {
        HTTPClient(baseURL: base.flatMap(URL.init(string:)), transport: StubTransport(status: 200))
    }

    @Test(
        "Paths join the base URL with exactly one slash",
        arguments: [
            ("https://api.example.com", "/users", "https://api.example.com/users"),
            ("https://api.example.com/", "users", "https://api.example.com/users"),
            ("https://api.example.com/v1/", "/users/me", "https://api.example.com/v1/users/me"),
            ("https://api.example.com/v1", "", "https://api.example.com/v1"),
            ("https://api.example.com", "/search?q=a", "https://api.example.com/search?q=a"),
            ("https://api.example.com", "/v1/items:batchGet", "https://api.example.com/v1/items:batchGet"),
            ("https://api.example.com", "2024/a:b", "https://api.example.com/2024/a:b"),
            ("HTTPS://API.example.com/", "x", "HTTPS://API.example.com/x"),
        ])
    func joinsPaths(base: String, path: String, expected: String) throws {
        let request = try client(base).makeHTTPRequest(Request<Data>(path: path))
        #expect(request.url.absoluteString == expected)
    }

    @Test("An absolute URL ignores the base URL")
    func absoluteURL() throws {
        let request = try client("https://api.example.com").makeHTTPRequest(
            Request<Data>(path: (URL(string: "https://other.example.org/x")!).absoluteString))
        #expect(request.url.absoluteString == "https://other.example.org/x")
    }

    @Test("Query values are percent-encoded strictly, keeping order")
    func queryEncoding() throws {
        let request = try client("https://h.example").makeHTTPRequest(
            Request<Data>(
                path: "/s?fixed=1",
                query: [
                    .init(name: "q", value: "a b+c&d=e/f"), .init(name: "u", value: "ü"),
                    .init(name: "flag", value: nil),
                ]
            ))
        #expect(request.url.absoluteString == "https://h.example/s?fixed=1&q=a%20b%2Bc%26d%3De%2Ff&u=%C3%BC&flag")
    }

    @Test("A relative path without a base URL is an invalid request")
    func relativeWithoutBase() throws {
        let error = try #require(throws: HTTPError.self) { try client(nil).makeHTTPRequest(Request<Data>(path: "/x")) }
        guard case .invalidRequest(let reason, _) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(reason.contains("no base URL"))
    }

    @Test(
        "Only text opening with a scheme and a colon is an absolute URL",
        arguments: [
            ("https://h.example/x", true), ("mailto:someone@h.example", true), ("a1+.-:rest", true), ("H:x", true),
            ("/a:b", false), ("1a:b", false), ("a b:c", false), ("users/a:b", false), ("", false), ("abc", false),
        ])
    func schemeDetection(text: String, absolute: Bool) {
        #expect(HTTPClient.startsWithScheme(text) == absolute)
    }

    @Test("A base URL that is not http(s) makes every relative request invalid")
    func nonHTTPBase() throws {
        for base in ["ftp://files.example", "file:///tmp/"] {
            let error = try #require(throws: HTTPError.self) {
                try client(base).makeHTTPRequest(Request<Data>(path: "/x"))
            }
            guard case .invalidRequest(let reason, _) = error.kind else {
                Issue.record("got \(error.kind)")
                continue
            }
            #expect(reason.contains("not a valid http(s) URL"))
        }
    }

    @Test("A non-HTTP URL is an invalid request")
    func badScheme() throws {
        let error = try #require(throws: HTTPError.self) {
            try client(nil).makeHTTPRequest(Request<Data>(path: "ftp://files.example/x"))
        }
        guard case .invalidRequest = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
    }

    @Test("Request headers override default headers, and bodies set their content type")
    func headersAndContentType() throws {
        let client = HTTPClient(baseURL: URL(string: "https://h.example"), transport: StubTransport(status: 200)) {
            $0.headers = ["Accept": "text/plain", "X-Default": "1"]
        }
        let request = try client.makeHTTPRequest(
            Request<Data>(
                method: .post, path: "/", headers: ["accept": "application/json"], body: .form(["b": "2", "a": "1 1"])
            ))
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers.values(for: "accept").count == 1)
        #expect(request.headers["X-Default"] == "1")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(request.body?.data == Data("a=1%201&b=2".utf8))
    }

    @Test("An explicit Content-Type is kept")
    func explicitContentType() throws {
        let request = try client("https://h.example").makeHTTPRequest(
            Request<Data>(
                method: .post, path: "/", headers: ["Content-Type": "application/vnd.api+json"], body: .json(["a": 1])
            ))
        #expect(request.headers["Content-Type"] == "application/vnd.api+json")
        #expect(request.body?.data == Data(#"{"a":1}"#.utf8))
    }

    @Test("A body that fails to encode is an invalid request naming the cause")
    func encodingFailure() throws {
        struct Bad: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "NaN is not JSON"))
            }
        }
        let error = try #require(throws: HTTPError.self) {
            try client("https://h.example").makeHTTPRequest(Request<Data>(method: .post, path: "/", body: .json(Bad())))
        }
        guard case .invalidRequest(_, let underlying) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(underlying is EncodingError)
    }

    @Test("Multipart bodies follow RFC 7578")
    func multipart() throws {
        var form = RequestBody.Multipart(boundary: "XYZ")
        form.add(name: "a", value: "1")
        form.add(name: "f", filename: "x\".txt", contentType: "text/plain", data: Data("hi".utf8))
        let text = String(decoding: try form.encoded(), as: UTF8.self)
        #expect(
            text
                == "--XYZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--XYZ\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x%22.txt\"\r\nContent-Type: text/plain\r\n\r\nhi\r\n--XYZ--\r\n"
        )
        #expect(form.contentType == "multipart/form-data; boundary=XYZ")
    }

    @Test("Form encoding round-trips")
    func formRoundTrip() {
        let encoded = FormEncoding.encode(["k y": "v+a&l=ue", "e": ""])
        let decoded = FormEncoding.decode(encoded)
        #expect(decoded.map(\.0) == ["e", "k y"])
        #expect(decoded.map(\.1) == ["", "v+a&l=ue"])
    }
}
