import Courier
import Foundation
import Testing

@testable import Courier

@Suite("CurlTransport's redirect rules")
struct RedirectsTests {
    private let origin = URL(string: "https://api.example.com/v1/items")!

    private func redirect(_ status: Int, to location: String?) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: location.map { ["Location": $0] } ?? [:], url: origin)
    }

    private func request(_ method: HTTPMethod) -> HTTPRequest {
        HTTPRequest(
            method: method, url: origin,
            headers: ["Authorization": "Bearer secret", "Content-Type": "application/json", "X-Trace": "1"],
            body: Data("{}".utf8)
        )
    }

    @Test("A relative Location resolves against the URL that answered")
    func relativeLocation() throws {
        let next = try #require(Redirects.request(after: redirect(307, to: "../v2/items?page=2"), to: request(.put)))
        #expect(next.url.absoluteString == "https://api.example.com/v2/items?page=2")
        #expect(next.method == .put)
        #expect(next.body?.data == Data("{}".utf8))
        #expect(next.headers["Authorization"] == "Bearer secret")
    }

    @Test("303 turns any method but HEAD into a GET without body or content type")
    func seeOther() throws {
        let next = try #require(Redirects.request(after: redirect(303, to: "/done"), to: request(.delete)))
        #expect(next.method == .get)
        #expect(next.body == nil)
        #expect(next.headers["Content-Type"] == nil)
        #expect(next.headers["X-Trace"] == "1")
        let head = try #require(Redirects.request(after: redirect(303, to: "/done"), to: request(.head)))
        #expect(head.method == .head)
    }

    @Test("301 and 302 turn a POST into a GET and keep other methods", arguments: [301, 302])
    func movedOrFound(status: Int) throws {
        #expect(Redirects.request(after: redirect(status, to: "/x"), to: request(.post))?.method == .get)
        #expect(Redirects.request(after: redirect(status, to: "/x"), to: request(.put))?.method == .put)
    }

    @Test("Leaving the origin drops credentials; a different port is another origin")
    func crossOrigin() throws {
        let otherHost = try #require(
            Redirects.request(after: redirect(302, to: "https://cdn.example.com/a"), to: request(.get)))
        #expect(otherHost.headers["Authorization"] == nil)
        let otherPort = try #require(
            Redirects.request(after: redirect(302, to: "https://api.example.com:8443/a"), to: request(.get)))
        #expect(otherPort.headers["Authorization"] == nil)
        let samePort = try #require(
            Redirects.request(after: redirect(302, to: "https://API.example.com:443/a"), to: request(.get)))
        #expect(samePort.headers["Authorization"] == "Bearer secret")
    }

    @Test("Not followed: other statuses, no Location, or a scheme other than HTTP(S)")
    func notFollowed() {
        #expect(Redirects.request(after: redirect(200, to: "/x"), to: request(.get)) == nil)
        #expect(Redirects.request(after: redirect(304, to: "/x"), to: request(.get)) == nil)
        #expect(Redirects.request(after: redirect(302, to: nil), to: request(.get)) == nil)
        #expect(Redirects.request(after: redirect(302, to: "file:///etc/passwd"), to: request(.get)) == nil)
    }
}

@Suite("CurlTransport's header parsing")
struct CurlHeaderParsingTests {
    @Test("Fields keep their order and repeats; folded lines join the field before them")
    func parsesHeaderBlock() {
        let head =
            "Content-Type: application/json\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nX-Long: first\r\n  second\r\nX-Empty:\r\n\r\n"
        let outcome = CurlTransfer.Outcome(status: 200, head: Data(head.utf8), body: Data("{}".utf8))
        let response = outcome.response(url: URL(string: "http://example.com")!)
        #expect(response.statusCode == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(response.headers["X-Long"] == "first second")
        #expect(response.headers["X-Empty"] == "")
        #expect(response.body == Data("{}".utf8))
    }
}
