import Courier
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Broken servers end in typed errors, within their deadlines")
struct FaultTests {
    let server: FaultServer

    init() throws { server = try FaultServer() }

    func send(_ path: String, key: String, maxAttempts: Int = 3, timeout: Duration? = nil) async throws -> HTTPError {
        let client = HTTPClient(baseURL: server.url, transport: server.transport) {
            $0.interceptors = [RetryPolicy(maxAttempts: maxAttempts, clock: VirtualClock(autoAdvances: true))]
        }
        var request = Request<Data>(path: "\(path)?key=\(key)")
        if let timeout { request = request.timeout(timeout) }
        return try await #require(throws: HTTPError.self) { try await client.send(request) }
    }

    @Test(
        "A reset before the response or mid-body, or a body shorter than its Content-Length: connection lost, retried",
        arguments: ["/reset-before", "/reset-mid-body", "/truncated"])
    func connectionLost(path: String) async throws {
        let key = uniqueKey("lost")
        let error = try await send(path, key: key)
        guard case .retriesExhausted(3, let last) = error.kind else {
            Issue.record("\(path): got \(error.kind)")
            return
        }
        #expect(last.urlError?.code == .networkConnectionLost, "\(path): \(error)")
        // libcurl itself sends a request once more when a reused keep-alive connection dies
        // before any answer, so the server may count more than one hit per attempt.
        let hits = try await server.hits(key).hits
        #expect(hits >= 3 && hits <= 6, "\(path): \(hits) hits")
    }

    @Test(
        "A server that never answers: the per-attempt timeout fires, and timeouts are retried", .timeLimit(.minutes(3)))
    func hang() async throws {
        let key = uniqueKey("hang")
        let error = try await send("/hang", key: key, maxAttempts: 2, timeout: .seconds(1))
        #expect(error.isTimeout)
        guard case .retriesExhausted(2, let last) = error.kind else {
            Issue.record("got \(error.kind)")
            return
        }
        #expect(last.urlError?.code == .timedOut)
        #expect(error.attempts == 2)
    }

    @Test("A server that never answers: the overall deadline ends the call with a timeout", .timeLimit(.minutes(3)))
    func hangDeadline() async throws {
        let key = uniqueKey("deadline")
        // The deadline runs on a virtual clock, moved past it once the request is at the server:
        // on a busy machine 500 real milliseconds could pass before the request even got there.
        let clock = VirtualClock()
        let client = HTTPClient(baseURL: server.url, transport: server.transport) {
            $0.interceptors = [RetryPolicy(deadline: .milliseconds(500), clock: clock)]
        }
        let call = Task { try await client.send(Request<Data>(path: "/hang?key=\(key)")) }
        try await waitUntil("the request reached the server") { try await server.hits(key).hits == 1 }
        clock.advance(by: .milliseconds(501))
        let error = try await #require(throws: HTTPError.self) { try await call.value }
        #expect(error.isTimeout)
        #expect(error.description.contains("deadline"))
        #expect(try await server.hits(key).hits == 1)
    }

    @Test("Garbage instead of HTTP: a bad-response transport error, not retried")
    func garbage() async throws {
        let key = uniqueKey("garbage")
        let error = try await send("/garbage", key: key)
        guard case .transport(let underlying) = error.kind, let urlError = underlying as? URLError else {
            Issue.record("got \(error.kind)")
            return
        }
        // FoundationNetworking reports curl's "Received HTTP/0.9 when not allowed" as unsupportedURL.
        #expect([.badServerResponse, .cannotParseResponse, .unsupportedURL].contains(urlError.code), "\(error)")
        #expect(try await server.hits(key).hits == 1)
    }
}
