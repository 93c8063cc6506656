import Courier
import Foundation
import TestSupport
import Testing

/// Every test runs once per transport: the whole suite is the transport's contract.
@Suite("Against a live httpbin")
struct HTTPBinTests {
    /// The client every test uses, on `transport`.
    private func makeClient(_ transport: TransportUnderTest) throws -> HTTPClient {
        HTTPClient(baseURL: try TestServers.httpbin(), transport: try transport.make()) {
            $0.headers["User-Agent"] = "CourierTests/1.0"
        }
    }

    @Test("GET with awkward query values round-trips them exactly", arguments: TransportUnderTest.allCases)
    func queryEncoding(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let values = ["a b", "1+1=2", "x&y=z", "naïve ☕️ 日本", "/path?#frag", "100%"]
        let query = values.enumerated().map { URLQueryItem(name: "q\($0.offset)", value: $0.element) }
        let echo = try await client.send(HTTPBin.get(query)).value
        for (index, value) in values.enumerated() {
            #expect(echo.args["q\(index)"] == value)
        }
        #expect(echo.headers["User-Agent"] == "CourierTests/1.0")
    }

    @Test(
        "Each method reaches the server as itself", arguments: TransportUnderTest.allCases,
        [HTTPMethod.get, .post, .put, .patch, .delete])
    func methods(transport: TransportUnderTest, method: HTTPMethod) async throws {
        let client = try makeClient(transport)
        let response = try await client.send(HTTPBin.anything(method))
        #expect(response.value.method == method.rawValue)
        #expect(response.statusCode == 200)
    }

    @Test("HEAD returns headers and no body", arguments: TransportUnderTest.allCases)
    func head(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let response = try await client.send(Request<Data>(method: .head, path: "/get"))
        #expect(response.statusCode == 200)
        #expect(response.data.isEmpty)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test("A JSON body is echoed back with its content type", arguments: TransportUnderTest.allCases)
    func jsonBody(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        struct Payload: Codable, Sendable, Equatable {
            let name: String
            let tags: [String]
            let count: Int
        }
        let payload = Payload(name: "Zoë", tags: ["a", "b"], count: 3)
        let echo = try await client.send(HTTPBin.anything(.post, body: .json(payload))).value
        #expect(echo.json == ["name": "Zoë", "tags": ["a", "b"], "count": 3])
        #expect(echo.headers["Content-Type"] == "application/json")
    }

    @Test("A form body is echoed back field by field", arguments: TransportUnderTest.allCases)
    func formBody(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let fields = ["greeting": "hello world", "math": "1+1=2&more", "unicode": "ü"]
        let echo = try await client.send(HTTPBin.anything(.post, body: .form(fields))).value
        #expect(echo.form == fields)
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test("A multipart body carries fields and files", arguments: TransportUnderTest.allCases)
    func multipartBody(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        var form = RequestBody.Multipart()
        form.add(name: "title", value: "Hello")
        form.add(name: "upload", filename: "note.txt", contentType: "text/plain", data: Data("file contents".utf8))
        let echo = try await client.send(HTTPBin.anything(.post, body: .multipart(form))).value
        #expect(echo.form?["title"] == "Hello")
        #expect(echo.files?["upload"] == "file contents")
    }

    @Test(
        "Statuses outside 200..<300 fail with the status, headers and body", arguments: TransportUnderTest.allCases,
        [400, 404, 418, 500, 503])
    func unacceptableStatuses(transport: TransportUnderTest, code: Int) async throws {
        let client = try makeClient(transport)
        let error = try await #require(throws: HTTPError.self) { try await client.send(HTTPBin.status(code)) }
        guard case .unacceptableStatus(let status) = error.kind else {
            Issue.record("expected unacceptableStatus, got \(error.kind)")
            return
        }
        #expect(status == code)
        #expect(error.statusCode == code)
        #expect(error.method == .get)
        #expect(error.url?.path == "/status/\(code)")
    }

    @Test("2xx statuses succeed, including 204 with no body", arguments: TransportUnderTest.allCases, [200, 201, 204])
    func successStatuses(transport: TransportUnderTest, code: Int) async throws {
        let client = try makeClient(transport)
        let response = try await client.send(HTTPBin.status(code))
        #expect(response.statusCode == code)
    }

    @Test("allowed(statusCodes:) accepts a status the default would refuse", arguments: TransportUnderTest.allCases)
    func allowedStatusCodes(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let response = try await client.send(HTTPBin.status(404).allowed(statusCodes: [404]))
        #expect(response.statusCode == 404)
        let refused = try await #require(throws: HTTPError.self) {
            try await client.send(HTTPBin.status(200).allowed(statusCodes: 201...299))
        }
        #expect(refused.statusCode == 200)
    }

    @Test("Redirects are followed to the final URL", arguments: TransportUnderTest.allCases)
    func redirects(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let response = try await client.send(HTTPBin.redirect(3))
        #expect(response.url.path == "/get")
        #expect(response.statusCode == 200)
    }

    @Test("A redirect is returned as it is when the request says not to follow", arguments: TransportUnderTest.allCases)
    func redirectNotFollowed(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        var request = Request<Data>(
            path: "/redirect-to", query: [.init(name: "url", value: "/get"), .init(name: "status_code", value: "302")])
        request.followsRedirects = false
        let response = try await client.send(request.allowed(statusCodes: [302]))
        #expect(response.statusCode == 302)
        #expect(response.headers["Location"] == "/get")
    }

    @Test("gzip and deflate bodies arrive decompressed", arguments: TransportUnderTest.allCases, ["/gzip", "/deflate"])
    func compressed(transport: TransportUnderTest, path: String) async throws {
        let client = try makeClient(transport)
        let json = try await client.send(Request<JSON>(path: path)).value
        #expect(json["gzipped"]?.boolValue == true || json["deflated"]?.boolValue == true)
    }

    @Test("Response headers are readable case-insensitively", arguments: TransportUnderTest.allCases)
    func responseHeaders(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let response = try await client.send(
            Request<Data>(path: "/response-headers", query: [.init(name: "X-Courier-Test", value: "yes")]))
        #expect(response.headers["x-courier-test"] == "yes")
    }

    @Test(
        "A 401 for Basic auth without credentials returns promptly instead of hanging",
        arguments: TransportUnderTest.allCases)
    func basicAuthWithoutCredentials(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(HTTPBin.basicAuth(user: "user", password: "pass"))
        }
        // The failure mode is waiting for credentials until the transport's timeout: that ends in
        // a timeout error, never in this 401 with its challenge. (No bound on the time: a busy
        // machine can take longer than any bound short of that timeout.)
        #expect(error.statusCode == 401)
        #expect(error.response?.headers["WWW-Authenticate"]?.contains("Basic") == true)
    }

    @Test("Basic auth succeeds when an adapter adds the credentials", arguments: TransportUnderTest.allCases)
    func basicAuthWithCredentials(transport: TransportUnderTest) async throws {
        let client = HTTPClient(baseURL: try TestServers.httpbin(), transport: try transport.make()) {
            $0.interceptors = [
                .adapt { request in
                    request.headers["Authorization"] = "Basic " + Data("user:pass".utf8).base64EncodedString()
                }
            ]
        }
        let json = try await client.send(HTTPBin.basicAuth(user: "user", password: "pass")).value
        #expect(json["authenticated"]?.boolValue == true)
        #expect(json["user"]?.stringValue == "user")
    }

    @Test("A 401 from /bearer returns promptly, and a token gets through", arguments: TransportUnderTest.allCases)
    func bearer(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let error = try await #require(throws: HTTPError.self) { try await client.send(HTTPBin.bearer) }
        #expect(error.statusCode == 401)
        var request = HTTPBin.bearer
        request.headers["Authorization"] = "Bearer canary-token-123"
        let json = try await client.send(request).value
        #expect(json["token"]?.stringValue == "canary-token-123")
    }

    @Test("Decoding a real JSON document into models", arguments: TransportUnderTest.allCases)
    func decodesModels(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let show = try await client.send(HTTPBin.slideshow).value.slideshow
        #expect(show.author == "Yours Truly")
        #expect(show.slides.count == 2)
    }

    @Test("A decoding failure names the field that broke and shows the body", arguments: TransportUnderTest.allCases)
    func decodingFailure(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let request = Request<HTTPBin.WrongSlideshow>(path: "/json")
        let error = try await #require(throws: HTTPError.self) { try await client.send(request) }
        guard case .decodingFailed(_, let codingPath, let snippet) = error.kind else {
            Issue.record("expected decodingFailed, got \(error.kind)")
            return
        }
        #expect(codingPath == "slideshow.slides[0].title")
        #expect(snippet.contains("Sample Slide Show"))
        #expect(snippet.utf8.count <= 512)
        #expect(error.description.contains("slideshow.slides[0].title"))
    }

    @Test("Cancelling the task cancels the request", arguments: TransportUnderTest.allCases)
    func cancellation(transport: TransportUnderTest) async throws {
        // The fault server's /hang never answers: only cancellation can end this call (the
        // transport's own timeout is 60 s).
        let client = HTTPClient(baseURL: try TestServers.faults(), transport: try transport.make())
        let key = uniqueKey("cancel")
        let task = Task { try await client.send(Request<Data>(path: "/hang", query: [.init(name: "key", value: key)])) }
        let faults = try FaultServer()
        try await waitUntil("the request reached the server") { try await faults.hits(key).hits == 1 }
        task.cancel()
        let result = await task.result
        // An ignored cancellation would end the call with the transport's timeout error, which
        // the check below tells from a cancellation without timing it.
        switch result {
        case .success: Issue.record("a cancelled request must not succeed")
        case .failure(let error): #expect((error as? HTTPError)?.isCancelled == true, "got \(error)")
        }
    }

    @Test(
        "A request slower than its timeout fails as a timeout, not before", arguments: TransportUnderTest.allCases,
        [500, 1500])
    func timeout(transport: TransportUnderTest, milliseconds: Int) async throws {
        let client = try makeClient(transport)
        let started = ContinuousClock.now
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(HTTPBin.delay(10).timeout(.milliseconds(milliseconds)))
        }
        let elapsed = ContinuousClock.now - started
        #expect(error.isTimeout, "got \(error)")
        #expect(error.isTransport)
        // libcurl's timer may fire a fraction of a millisecond early; the bug this catches is a
        // timeout rounded down to whole seconds (0.5 s firing at once).
        #expect(elapsed >= .milliseconds(milliseconds - 10), "timed out after \(elapsed)")
        // Without the timeout, /delay/10 would have answered after 10 s and not thrown at all,
        // so `isTimeout` above proves the timeout fired; no upper bound on a busy machine's time.
    }

    @Test("An unreachable host is a connectivity error", arguments: TransportUnderTest.allCases)
    func connectionRefused(transport: TransportUnderTest) async throws {
        // Port 9 (discard) is closed on loopback in our environments.
        let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:9"), transport: try transport.make())
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/")) }
        #expect(error.isConnectivity, "got \(error)")
    }

    @Test("A String response is read as text and Void ignores the body", arguments: TransportUnderTest.allCases)
    func stringAndVoid(transport: TransportUnderTest) async throws {
        let client = try makeClient(transport)
        let html = try await client.send(Request<String>(path: "/html")).value
        #expect(html.contains("Herman Melville"))
        let response = try await client.send(Request<Void>(method: .delete, path: "/delete"))
        #expect(response.statusCode == 200)
    }
}
