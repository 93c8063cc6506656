import Courier
import CourierTesting
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("The pipeline: interceptors, validation, API errors")
struct PipelineTests {
    let base = URL(string: "https://api.example.com")!

    final class EventLog: Sendable {
        private let entries = Mutex<[String]>([])
        func withLock<T>(_ body: (inout [String]) -> T) -> T { entries.withLock { body(&$0) } }
    }

    /// Records the order in which interceptors see the request and the response.
    struct Recorder: Interceptor {
        let name: String
        let log: EventLog

        func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
            log.withLock { $0.append("> \(name)") }
            var request = request
            request.headers.add(name: "X-Seen-By", value: name)
            let response = try await next(request)
            log.withLock { $0.append("< \(name)") }
            return response
        }
    }

    @Test("Interceptors run in order around the transport, and the final request is reported")
    func order() async throws {
        let log = EventLog()
        let transport = StubTransport(status: 200)
        let client = HTTPClient(baseURL: base, transport: transport) {
            $0.interceptors = [Recorder(name: "a", log: log), Recorder(name: "b", log: log)]
        }
        let response = try await client.send(Request<JSON>(path: "/x"))
        #expect(log.withLock { $0 } == ["> a", "> b", "< b", "< a"])
        #expect(transport.requests.first?.headers.values(for: "X-Seen-By") == ["a", "b"])
        #expect(response.request.headers.values(for: "X-Seen-By") == ["a", "b"])
    }

    @Test("An adapter's error fails the call as adaptationFailed and nothing is sent")
    func adapterFailure() async throws {
        struct NoToken: Error {}
        let transport = StubTransport(status: 200)
        let client = HTTPClient(baseURL: base, transport: transport) {
            $0.interceptors = [.adapt { _ in throw NoToken() }]
        }
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<JSON>(path: "/x")) }
        guard case .interceptorFailed(let underlying) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(underlying is NoToken)
        #expect(transport.requests.isEmpty)
    }

    @Test("An interceptor's own error names that interceptor, in the error and its description")
    func failingInterceptorIsNamed() async throws {
        struct Quota: Error {}
        struct QuotaGuard: Interceptor {
            func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
                throw Quota()
            }
        }
        let log = EventLog()
        let client = HTTPClient(baseURL: base, transport: StubTransport(status: 200)) {
            $0.interceptors = [Recorder(name: "outer", log: log), QuotaGuard()]
        }
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<JSON>(path: "/x")) }
        guard case .interceptorFailed(let underlying) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(underlying is Quota)
        #expect(error.interceptor == "QuotaGuard")
        #expect(error.description.contains("interceptor QuotaGuard failed"))
    }

    @Test("A transport's own error is a transport failure, named by no interceptor")
    func transportOwnError() async throws {
        struct NoRoute: Error {}
        let client = HTTPClient(baseURL: base, transport: StubTransport { _ in throw NoRoute() }) {
            $0.interceptors = [.adapt { _ in }]
        }
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<JSON>(path: "/x")) }
        guard case .transport(let underlying) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(underlying is NoRoute)
        #expect(error.interceptor == nil)
        #expect(error.urlError == nil)
    }

    @Test("A transport of one's own reports a transfer's totals and downloads to the file, through send(_:)")
    func progressOfAnyTransport() async throws {
        final class CountingTransport: HTTPTransport {
            let sent = Mutex(0)
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                sent.withLock { $0 += 1 }
                return HTTPResponse(statusCode: 200, body: Data("0123456789".utf8), url: request.url)
            }
        }
        let transport = CountingTransport()
        let client = HTTPClient(baseURL: base, transport: transport)
        let transfer = client.transfer(Request<Data>(path: "/file"))
        var snapshots: [TransferProgress] = []
        for await snapshot in transfer.progress { snapshots.append(snapshot) }
        #expect(try await transfer.response.value.count == 10)
        #expect(snapshots.last?.attempt == 1)
        #expect(snapshots.last.map { [$0.bytesReceived, $0.bytesExpectedToReceive] } == [10, 10])

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file.bin")
        let saved = try await client.download(Request(path: "/file"), to: file).response.value
        #expect(saved == file)
        #expect(try Data(contentsOf: file) == Data("0123456789".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.bin"])
        #expect(transport.sent.withLock { $0 } == 2)
    }

    @Test("A closure validator refuses a response with its reason")
    func validatorInterceptor() async throws {
        let client = HTTPClient(baseURL: base, transport: StubTransport(status: 200, headers: ["X-Version": "1"])) {
            $0.interceptors = [
                .validate { response in
                    response.headers["X-Version"] == "2" ? nil : "API version must be 2"
                }
            ]
        }
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<JSON>(path: "/x")) }
        guard case .validationFailed(let reason) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(reason == "API version must be 2")
        #expect(error.statusCode == 200)
    }

    @Test("Per-request validators and content types are checked")
    func contentTypeValidation() async throws {
        let client = HTTPClient(
            baseURL: base, transport: StubTransport(status: 200, headers: ["Content-Type": "text/html"], body: "<html>")
        ) {
            $0.acceptableContentTypes = ["application/json"]
        }
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<Data>(path: "/x")) }
        guard case .validationFailed(let reason) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(reason.contains("text/html"))

        let lenient = HTTPClient(baseURL: base, transport: StubTransport(status: 200, body: #"{"ok":false}"#))
        let refused = try await #require(throws: HTTPError.self) {
            try await lenient.send(
                Request<JSON>(path: "/x").validate { response in
                    response.body.isEmpty ? "empty" : "ok is false"
                })
        }
        guard case .validationFailed(let why) = refused.kind else {
            Issue.record("got \(refused.kind)")
            return
        }
        #expect(why == "ok is false")
    }

    /// An app's own error payload, as some back ends send with HTTP 200.
    struct AppError: Error, Decodable, Equatable {
        let returnCode: String
        let returnMsg: String
    }

    @Test("An API error decoder turns an error payload into a typed server error, even with 200")
    func apiErrorDecoder() async throws {
        let body = #"{"returnCode":"601","returnMsg":"登录失效"}"#
        let client = HTTPClient(baseURL: base, transport: StubTransport(status: 200, body: body)) {
            $0.apiErrorDecoder = { response in
                guard let error = try? JSONDecoder().decode(AppError.self, from: response.body), error.returnCode != "0"
                else { return nil }
                return error
            }
        }
        let error = try await #require(throws: HTTPError.self) {
            try await client.send(Request<JSON>(path: "/profile"))
        }
        let appError = try #require(error.serverError as? AppError)
        #expect(appError == AppError(returnCode: "601", returnMsg: "登录失效"))
        #expect(error.statusCode == 200)
        #expect(error.description.contains("登录失效"))
    }

    @Test("A transport's URLError becomes a transport error with its flags")
    func transportError() async throws {
        let client = HTTPClient(
            baseURL: base, transport: StubTransport { _ in throw URLError(.notConnectedToInternet) })
        let error = try await #require(throws: HTTPError.self) { try await client.send(Request<JSON>(path: "/x")) }
        #expect(error.isTransport)
        #expect(error.isConnectivity)
        #expect(!error.isTimeout)
        #expect(error.urlError?.code == .notConnectedToInternet)
    }

    @Test("String responses honour the charset, and undecodable text is a decoding error")
    func text() async throws {
        let latin1 = HTTPClient(
            baseURL: base,
            transport: StubTransport { request in
                HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "text/plain; charset=iso-8859-1"],
                    body: Data([0x63, 0x61, 0x66, 0xE9]), url: request.url)
            })
        #expect(try await latin1.send(Request<String>(path: "/x")).value == "café")
        let broken = HTTPClient(
            baseURL: base,
            transport: StubTransport { request in
                HTTPResponse(
                    statusCode: 200, headers: ["Content-Type": "text/plain"], body: Data([0xFF, 0xFE, 0xFD]),
                    url: request.url)
            })
        let error = try await #require(throws: HTTPError.self) { try await broken.send(Request<String>(path: "/x")) }
        guard case .decodingFailed = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
    }
}
