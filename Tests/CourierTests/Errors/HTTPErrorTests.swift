import Courier
import Foundation
import Testing

@Suite("HTTPError descriptions")
struct HTTPErrorTests {
    let canary = "CANARY-s3cr3t-7f3a"

    @Test("Descriptions carry method, URL and status but never secrets")
    func redaction() {
        let url = URL(string: "https://user:\(canary)@api.example.com/x?access_token=\(canary)&q=visible")!
        let body =
            #"{"error":"invalid_grant","access_token":"\#(canary)","refresh_token":"\#(canary)","note":"Bearer \#(canary)"}"#
        let response = HTTPResponse(
            statusCode: 401,
            headers: ["Content-Type": "application/json", "Set-Cookie": "sid=\(canary)"],
            body: Data(body.utf8), url: url
        )
        let error = HTTPError(.unacceptableStatus(401), method: .post, url: url, response: response)
        let text = error.description
        #expect(!text.contains(canary), "\(text)")
        #expect(text.contains("POST"))
        #expect(text.contains("api.example.com/x"))
        #expect(text.contains("q=visible"))
        #expect(text.contains("401"))
        #expect(text.contains("invalid_grant"))
    }

    @Test("Form bodies with secrets are redacted in descriptions")
    func formRedaction() {
        let url = URL(string: "https://auth.example.com/token")!
        let response = HTTPResponse(
            statusCode: 400, headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("grant_type=refresh_token&refresh_token=\(canary)&client_secret=\(canary)".utf8), url: url
        )
        let text = HTTPError(.unacceptableStatus(400), method: .post, url: url, response: response).description
        #expect(!text.contains(canary), "\(text)")
        #expect(text.contains("grant_type=refresh_token"))
    }

    @Test(
        "Descriptions name the kind of failure",
        arguments: [
            (HTTPError.Kind.cancelled, "cancelled"),
            (.transport(URLError(.timedOut)), "timed out"),
            (.validationFailed(reason: "no ETag"), "validation failed: no ETag"),
            (.duplicateDropped, "already in flight"),
        ])
    func kinds(kind: HTTPError.Kind, expected: String) {
        let error = HTTPError(kind, method: .get, url: URL(string: "https://h.example/"))
        #expect(error.description.contains(expected), "\(error.description)")
    }

    @Test("A retries-exhausted error reports the attempts and the last cause")
    func exhausted() {
        let url = URL(string: "https://h.example/")!
        let last = HTTPError(
            .unacceptableStatus(503), method: .get, url: url, response: HTTPResponse(statusCode: 503, url: url),
            attempts: 3)
        let error = HTTPError(.retriesExhausted(attempts: 3, last: last), method: .get, url: url, attempts: 3)
        #expect(error.description.contains("3 attempts"))
        #expect(error.description.contains("503"))
    }
}
