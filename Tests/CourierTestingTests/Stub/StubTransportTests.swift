import Courier
import CourierTesting
import Foundation
import TestSupport
import Testing

@Suite("StubTransport")
struct StubTransportTests {
    struct User: Codable, Sendable, Equatable {
        let name: String
        let karma: Int
    }

    let base = URL(string: "https://api.example.com")!

    @Test("Routes by exact path, prefix, closure and method; the first match answers")
    func routing() async throws {
        let stub = StubTransport()
        stub.on(.get, .path("/me"), try .json(User(name: "spez", karma: 7)))
        stub.on(.post, .pathPrefix("/api/"), .string("posted", status: 201))
        stub.on(.get, .pathPrefix("/api/"), .string("read"))
        stub.on(.custom("has q=cats") { $0.url.query?.contains("q=cats") == true }, .string("cats"))
        let client = HTTPClient(baseURL: base, transport: stub)

        #expect(try await client.send(Request<User>(path: "/me")).value == User(name: "spez", karma: 7))
        let posted = try await client.send(Request<String>(method: .post, path: "/api/vote"))
        #expect(posted.statusCode == 201)
        #expect(posted.value == "posted")
        #expect(try await client.send(Request<String>(path: "/api/info")).value == "read")
        #expect(
            try await client.send(Request<String>(path: "/search", query: [.init(name: "q", value: "cats")])).value
                == "cats")
    }

    @Test("A request no route matches fails loudly, naming the request and listing the routes")
    func noRoute() async throws {
        let stub = StubTransport()
        stub.on(.get, .path("/me"), .string("me"))
        stub.on(.post, .pathPrefix("/api/"), .string("ok"))
        let client = HTTPClient(baseURL: base, transport: stub)

        let error = try await #require(throws: HTTPError.self) {
            try await client.send(
                Request<String>(path: "/missing", query: [.init(name: "access_token", value: "canary-secret")]))
        }
        let text = error.description
        #expect(text.contains("no route for GET https://api.example.com/missing"))
        #expect(text.contains("GET path /me"))
        #expect(text.contains("POST path prefix /api/"))
        #expect(!text.contains("canary-secret"))
        #expect(error.response == nil)
        guard case .transport(let underlying) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(underlying is StubTransport.NoRouteError)
        #expect(text.contains("the transport failed"))

        let direct = try await #require(throws: StubTransport.NoRouteError.self) {
            try await stub.send(HTTPRequest(method: .delete, url: base.appending(path: "me")))
        }
        #expect(direct.routes == ["GET path /me", "POST path prefix /api/"])
    }

    @Test("An empty stub says it has no routes")
    func emptyStub() async throws {
        let error = try await #require(throws: StubTransport.NoRouteError.self) {
            try await StubTransport().send(HTTPRequest(url: base))
        }
        #expect(error.description.contains("no routes were added"))
    }

    @Test("Every request is recorded with its method, URL, headers and body")
    func recordsRequests() async throws {
        let stub = StubTransport(routes: [StubRoute(nil, .any, response: .data(Data(), status: 204))])
        let client = HTTPClient(baseURL: base, transport: stub) { $0.headers["User-Agent"] = "StubTests/1.0" }
        _ = try await client.send(Request<Void>(method: .put, path: "/items/1", body: .json(User(name: "a", karma: 1))))
        _ = try await client.send(Request<Void>(path: "/items", query: [.init(name: "page", value: "2")]))

        let requests = stub.requests
        #expect(requests.map(\.method) == [HTTPMethod.put, .get])
        #expect(
            requests.map { $0.url.absoluteString } == [
                "https://api.example.com/items/1", "https://api.example.com/items?page=2",
            ])
        #expect(requests[0].headers["User-Agent"] == "StubTests/1.0")
        #expect(
            try JSONDecoder().decode(User.self, from: try #require(requests[0].body?.data)) == User(name: "a", karma: 1)
        )
        stub.clearRequests()
        #expect(stub.requests.isEmpty)
    }

    @Test("A route can answer from the request, and a thrown URLError reaches the caller as a transport error")
    func dynamicAndFailure() async throws {
        let stub = StubTransport()
        stub.on(.get, .pathPrefix("/echo/")) { request in .string(request.url.lastPathComponent) }
        stub.on(.get, .path("/offline"), .failure(URLError(.notConnectedToInternet)))
        let client = HTTPClient(baseURL: base, transport: stub)

        #expect(try await client.send(Request<String>(path: "/echo/hello")).value == "hello")
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<Data>(path: "/offline"))
        }
        #expect(error.urlError?.code == .notConnectedToInternet)
        #expect(error.isConnectivity)
    }

    @Test("Bodies come from strings, data and files, with a content type")
    func bodies() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "stub-\(UUID().uuidString).json")
        try Data(#"{"name":"file","karma":3}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let stub = StubTransport()
        stub.on(.path("/file"), try .file(file))
        stub.on(.path("/bytes"), .data(Data([0, 1, 2]), headers: ["Content-Type": "application/octet-stream"]))
        let client = HTTPClient(baseURL: base, transport: stub)

        let fromFile = try await client.send(Request<User>(path: "/file"))
        #expect(fromFile.value == User(name: "file", karma: 3))
        #expect(fromFile.headers["Content-Type"] == "application/json")
        #expect(try await client.send(Request<Data>(path: "/bytes")).value == Data([0, 1, 2]))
        #expect(StubResponse.string("x").headers["Content-Type"] == "text/plain; charset=utf-8")

        #expect(throws: (any Error).self) { try StubResponse.file(file.appending(path: "missing")) }
    }

    @Test("A delayed response waits on the clock and is cancelled with its task")
    func delayIsCancellable() async throws {
        let stub = StubTransport()
        stub.on(.path("/slow"), StubResponse.string("late").delayed(by: .seconds(3600)))
        let client = HTTPClient(baseURL: base, transport: stub)
        let task = Task { try await client.send(Request<String>(path: "/slow")) }
        // Wait until the request has reached the stub, then cancel it during its delay.
        for _ in 0..<1_000_000 where stub.requests.isEmpty { await Task.yield() }
        try #require(stub.requests.count == 1, "the request never reached the stub")
        task.cancel()
        let error = try await #require(throws: HTTPError.self) { try await task.value }
        #expect(error.isCancelled)
    }

    @Test("A sequence answers in order and repeats its last response")
    func sequenceRepeatsTheLast() async throws {
        let stub = StubTransport()
        stub.on(.get, .path("/flaky"), sequence: [.string("busy", status: 503), .string("ok")])
        let client = HTTPClient(baseURL: base, transport: stub)
        let first = try await #require(throws: HTTPError.self) {
            try await client.send(Request<String>(path: "/flaky"))
        }
        #expect(first.statusCode == 503)
        #expect(try await client.send(Request<String>(path: "/flaky")).value == "ok")
        #expect(try await client.send(Request<String>(path: "/flaky")).value == "ok")
        #expect(stub.requestCount == 3)
    }

    @Test("A numbered route sees each request's number; the transport records the statuses it answered")
    func numberedRouteAndStatusCodes() async throws {
        let stub = StubTransport()
        stub.on(
            .get, .path("/count"),
            respondNumbered: { request, index in
                .string("\(request.url.path) #\(index)", status: index == 1 ? 404 : 200)
            })
        stub.on(.get, .path("/offline"), .failure(URLError(.notConnectedToInternet)))
        let client = HTTPClient(baseURL: base, transport: stub)
        #expect(try await client.send(Request<String>(path: "/count")).value == "/count #0")
        await #expect(throws: HTTPError.self) { try await client.send(Request<String>(path: "/count")) }
        await #expect(throws: HTTPError.self) { try await client.send(Request<String>(path: "/offline")) }
        #expect(try await client.send(Request<String>(path: "/count")).value == "/count #2")
        #expect(stub.statusCodes == [200, 404, 200])
        stub.clearRequests()
        #expect(stub.statusCodes.isEmpty && stub.requests.isEmpty)
    }

    @Test("A route may wait for the test before answering, and a hanging response ends only when cancelled")
    func gatedAndHangingRoutes() async throws {
        let stub = StubTransport()
        let gate = Gate()
        stub.on(.get, .path("/gated")) { _ in
            await gate.wait()
            return .string("released")
        }
        stub.on(.path("/never"), .hang)
        let client = HTTPClient(baseURL: base, transport: stub)

        let gated = Task { try await client.send(Request<String>(path: "/gated")).value }
        let hanging = Task { try await client.send(Request<String>(path: "/never")) }
        for _ in 0..<1_000_000 where stub.requestCount < 2 { await Task.yield() }
        try #require(stub.requestCount == 2, "the requests never reached the stub")
        gate.open()
        #expect(try await gated.value == "released")
        hanging.cancel()
        let error = try await #require(throws: HTTPError.self) { try await hanging.value }
        #expect(error.isCancelled)
    }

    @Test("Removing every route makes later requests fail loudly; the recorded requests stay")
    func removeAllRoutes() async throws {
        let stub = StubTransport()
        stub.on(.any, .string("ok"))
        let client = HTTPClient(baseURL: base, transport: stub)
        _ = try await client.send(Request<String>(path: "/a"))
        stub.removeAllRoutes()
        await #expect(throws: HTTPError.self) { try await client.send(Request<String>(path: "/b")) }
        #expect(stub.requests.map(\.url.path) == ["/a", "/b"])
    }
}
