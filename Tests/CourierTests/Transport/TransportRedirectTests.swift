import Courier
import Foundation
import TestSupport
import Testing

/// How each transport follows redirects, against httpbin.
@Suite("Transports following redirects")
struct TransportRedirectTests {
    private func client(_ transport: TransportUnderTest) throws -> HTTPClient {
        HTTPClient(baseURL: try TestServers.httpbin(), transport: try transport.make())
    }

    private func redirect(_ method: HTTPMethod, to target: String, status: Int) -> Request<Echo> {
        Request(
            method: method, path: "/redirect-to",
            query: [.init(name: "url", value: target), .init(name: "status_code", value: String(status))],
            body: method == .get ? nil : .json(["greeting": "hello"])
        )
    }

    @Test(
        "A 303 continues as a GET without the body", arguments: TransportUnderTest.allCases,
        [HTTPMethod.post, .put, .patch])
    func seeOther(transport: TransportUnderTest, method: HTTPMethod) async throws {
        let response = try await client(transport).send(redirect(method, to: "/anything", status: 303))
        #expect(response.value.method == "GET")
        #expect(response.value.json == nil)
        #expect(response.url.path == "/anything")
    }

    @Test("A 307 repeats the method and the body", arguments: TransportUnderTest.allCases, [HTTPMethod.post, .put])
    func temporaryRedirect(transport: TransportUnderTest, method: HTTPMethod) async throws {
        let response = try await client(transport).send(redirect(method, to: "/anything", status: 307))
        #expect(response.value.method == method.rawValue)
        #expect(response.value.json == ["greeting": "hello"])
    }

    @Test("Too many redirects is an error, not a loop", arguments: TransportUnderTest.allCases)
    func tooManyRedirects(transport: TransportUnderTest) async throws {
        let error = try await #require(throws: HTTPError.self) {
            try await client(transport).send(Request<Data>(path: "/redirect/30"))
        }
        #expect(error.isTransport, "got \(error)")
    }

    @Test("Credentials are not forwarded when a redirect leaves the origin", arguments: TransportUnderTest.allCases)
    func crossOriginDropsCredentials(transport: TransportUnderTest) async throws {
        let base = try TestServers.httpbin()
        // The same server under another host name is another origin.
        var other = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        other.host = "localhost"
        other.path = "/anything"
        var request = redirect(.get, to: other.url!.absoluteString, status: 302)
        request.headers["Authorization"] = "Bearer canary-token-123"
        let echo = try await client(transport).send(request).value
        #expect(echo.url.contains("localhost"))
        #expect(echo.headers["Authorization"] == nil)
    }
}
