import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Courier

/// The reconnect policy against a server that drops the connection (`/flaky`).
@Suite("WebSocket reconnect policy")
struct WebSocketReconnectTests {
    /// One reconnection a policy reported.
    struct Reconnection: Sendable {
        var attempt: Int
        var cause: WebSocketError
        var response: HTTPResponse
    }

    /// The reconnections a policy reported.
    final class Reports: Sendable {
        let list = Mutex<[Reconnection]>([])
        var all: [Reconnection] { list.withLock { $0 } }
    }

    static func options(maxAttempts: Int, reports: Reports) -> WebSocket.Options {
        var options = WebSocket.Options()
        options.reconnect = WebSocket.ReconnectPolicy(
            maxAttempts: maxAttempts, backoff: .exponential(base: .zero, cap: .zero)
        ) { attempt, cause, response in
            reports.list.withLock { $0.append(Reconnection(attempt: attempt, cause: cause, response: response)) }
        }
        return options
    }

    @Test("a dropped connection is reopened, reported, and the messages go on with the new one")
    func reconnects() async throws {
        let reports = Reports()
        let path = "/flaky?key=\(UUID().uuidString)"
        let socket = try await WebSocketServerTests.client().webSocket(
            Request<Data>(path: path), options: Self.options(maxAttempts: 3, reports: reports))
        let (received, error) = await WebSocketServerTests.drain(socket)
        #expect(received == [.text("first"), .text("again 2")])
        #expect(error == nil)
        #expect(socket.closeFrame?.code == 1000)
        let report = try #require(reports.all.first)
        #expect(reports.all.count == 1)
        #expect(report.attempt == 1 && report.response.statusCode == 101)
        guard case .connectionLost = report.cause else {
            Issue.record("the cause is \(report.cause)")
            return
        }
    }

    @Test("when every attempt fails the messages end with the loss; nothing is reported")
    func givesUp() async throws {
        let reports = Reports()
        let handshakes = HandshakeCounter()
        let client = try WebSocketServerTests.client { $0.interceptors = [.adapt { _ in _ = handshakes.increment() }] }
        let path = "/flaky?key=\(UUID().uuidString)&refuse"
        let socket = try await client.webSocket(
            Request<Data>(path: path), options: Self.options(maxAttempts: 2, reports: reports))
        let (received, error) = await WebSocketServerTests.drain(socket)
        #expect(received == [.text("first")])
        #expect(handshakes.value == 3)  // the first and two attempts, each refused with 503
        guard case .connectionLost = (error as? WebSocketError) else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(reports.all.isEmpty)
    }

    @Test("without a policy (the default) a drop ends the messages")
    func offByDefault() async throws {
        let path = "/flaky?key=\(UUID().uuidString)"
        let socket = try await WebSocketServerTests.client().webSocket(Request<Data>(path: path))
        let (received, error) = await WebSocketServerTests.drain(socket)
        #expect(received == [.text("first")])
        guard case .connectionLost = (error as? WebSocketError) else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
    }
}
