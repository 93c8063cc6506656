import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Courier

/// WebSocket connections to a real server on loopback: Python's `websockets`
/// (`Tests/Servers/websocket_server.py`), directly, through nginx for wss, and through tinyproxy.
@Suite("WebSocket against real servers")
struct WebSocketServerTests {
    static func server() throws -> URL { try TestServers.url(from: "COURIER_WEBSOCKET_URL") }

    static func client(_ configure: (inout HTTPClient.Configuration) -> Void = { _ in }) throws -> HTTPClient {
        var configuration = HTTPClient.Configuration(baseURL: try server())
        configure(&configuration)
        return HTTPClient(configuration: configuration)
    }

    /// The socket's messages until it ends, or the error that ended it.
    static func drain(_ socket: WebSocket) async -> ([WebSocket.Message], (any Error)?) {
        var received: [WebSocket.Message] = []
        do {
            for try await message in socket.messages { received.append(message) }
            return (received, nil)
        } catch {
            return (received, error)
        }
    }

    /// Sends `text`, expects it back, and closes the socket.
    static func expectEcho(_ text: String, on socket: WebSocket) async throws {
        try await socket.send(.text(text))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text(text))
        await socket.close()
        #expect(try await iterator.next() == nil)
    }

    @Test("echo: text and binary messages, small and fragmented on the way out (3 MiB)")
    func echo() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/echo"))
        #expect(socket.response.statusCode == 101)
        let big = patternBytes(count: 3 << 20)
        try await socket.send(.text("héllo"))
        try await socket.send(.binary(Data([0, 1, 2])))
        try await socket.send(.binary(big))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("héllo"))
        #expect(try await iterator.next() == .binary(Data([0, 1, 2])))
        #expect(try await iterator.next() == .binary(big))
        await socket.close(code: 1000, reason: "bye")
        #expect(try await iterator.next() == nil)
        #expect(socket.closeFrame?.code == 1000)
    }

    @Test("ws:// URLs work as well as http://")
    func wsScheme() async throws {
        let base = try Self.server().absoluteString.replacingOccurrences(of: "http://", with: "ws://")
        let socket = try await HTTPClient(baseURL: nil).webSocket(Request<Data>(path: base + "/echo"))
        try await Self.expectEcho("ws", on: socket)
    }

    @Test("the interceptors run on the handshake: their header reaches the server")
    func interceptorsOnHandshake() async throws {
        let client = try Self.client {
            $0.interceptors = [.adapt { $0.headers["Authorization"] = "Bearer secret-token" }]
        }
        let socket = try await client.webSocket(Request<Data>(path: "/headers"))
        var iterator = socket.messages.makeAsyncIterator()
        guard case .text(let json) = try await iterator.next() else {
            Issue.record("no headers message")
            return
        }
        let headers = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(headers?["Authorization"] == "Bearer secret-token")
        await socket.close()
    }

    @Test("a refused upgrade is an HTTPError with the status and body")
    func refused() async throws {
        do {
            _ = try await Self.client().webSocket(Request<Data>(path: "/refuse"))
            Issue.record("the refused upgrade opened a socket")
        } catch let error as HTTPError {
            #expect(error.statusCode == 403)
            #expect(error.response.map { String(decoding: $0.body, as: UTF8.self) } == "go away")
        }
    }

    @Test("a retry policy retries the handshake")
    func retriedHandshake() async throws {
        let attempts = HandshakeCounter()
        let client = try Self.client {
            $0.interceptors = [
                RetryPolicy(
                    maxAttempts: 2, backoff: .exponential(base: .zero, cap: .zero), retryableStatusCodes: [403]),
                .adapt { request in
                    // The first attempt goes to the refusing route, the second to the echo.
                    if attempts.increment() == 1 {
                        request.url = request.url.deletingLastPathComponent().appending(path: "refuse")
                    }
                },
            ]
        }
        let socket = try await client.webSocket(Request<Data>(path: "/echo"))
        try await socket.send(.text("again"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("again"))
        #expect(attempts.value == 2)
        await socket.close()
    }

    @Test("fragments with a ping between them make one message; the ping is answered")
    func fragmentedWithPing() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/fragmented"))
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("Hello"))
        #expect(try await iterator.next() == .text("pong ok"))
        await socket.close()
    }

    @Test(
        "a misbehaving server is closed with RFC 6455's code",
        arguments: [("/bad-utf8", UInt16(1007)), ("/masked", 1002), ("/reserved", 1002), ("/bad-opcode", 1002)])
    func misbehaving(path: String, code: UInt16) async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: path))
        let (received, error) = await Self.drain(socket)
        #expect(received.isEmpty)
        guard case .protocolViolation(let closed, _) = (error as? WebSocketError) else {
            Issue.record("expected a protocol violation, got \(String(describing: error))")
            return
        }
        #expect(closed == code)
    }

    @Test("an abrupt drop ends the messages with connectionLost, after what arrived")
    func abruptDrop() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/drop"))
        let (received, error) = await Self.drain(socket)
        #expect(received == [.text("bye")])
        guard case .connectionLost = (error as? WebSocketError) else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
    }

    @Test("the server's close frame ends the sequence and stays readable")
    func serverClose() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/close"))
        let (received, error) = await Self.drain(socket)
        #expect(received.isEmpty && error == nil)
        #expect(socket.closeFrame == WebSocket.CloseFrame(code: 4000, reason: "done"))
    }

    @Test("1 MiB and 16 MiB (the default limit) arrive whole; 16 MiB + 1 closes with 1009")
    func bigMessages() async throws {
        for size in [1 << 20, 16 << 20] {
            let socket = try await Self.client().webSocket(Request<Data>(path: "/big?size=\(size)"))
            var iterator = socket.messages.makeAsyncIterator()
            let message = try await iterator.next()
            guard case .binary(let data) = message else {
                Issue.record("no binary message of \(size) bytes")
                return
            }
            #expect(data.count == size)
            #expect(data.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
            await socket.close()
        }
        let socket = try await Self.client().webSocket(Request<Data>(path: "/big?size=\((16 << 20) + 1)"))
        let (received, error) = await Self.drain(socket)
        #expect(received.isEmpty)
        #expect(
            (error as? WebSocketError)
                == .protocolViolation(code: 1009, reason: "message larger than 16777216 bytes"))
    }

    @Test("keep-alive: a server that never answers pings ends the sequence with pongTimeout")
    func pongTimeout() async throws {
        var options = WebSocket.Options()
        options.pingInterval = .milliseconds(50)
        options.pongTimeout = .milliseconds(200)
        let socket = try await Self.client().webSocket(Request<Data>(path: "/silent"), options: options)
        let (_, error) = await Self.drain(socket)
        #expect((error as? WebSocketError) == .pongTimeout)
    }

    @Test("keep-alive pings answered by a live server keep the connection open")
    func keepAliveAnswered() async throws {
        var options = WebSocket.Options()
        options.pingInterval = .milliseconds(20)
        options.pongTimeout = .seconds(30)
        let socket = try await Self.client().webSocket(Request<Data>(path: "/echo"), options: options)
        var iterator = socket.messages.makeAsyncIterator()
        for index in 0..<20 {
            try await socket.send(.text("\(index)"))
            #expect(try await iterator.next() == .text("\(index)"))
        }
        await socket.close()
        #expect(try await iterator.next() == nil)
    }

    @Test("a slow reader: the buffer stays bounded and every message arrives in order")
    func slowReader() async throws {
        let count = 400  // 25 MiB in 64 KiB messages
        let socket = try await Self.client().webSocket(Request<Data>(path: "/flood?count=\(count)"))
        var iterator = socket.messages.makeAsyncIterator()
        var index = 0
        while let message = try await iterator.next() {
            guard case .binary(let data) = message else { break }
            #expect(data.prefix(4) == withUnsafeBytes(of: UInt32(index).bigEndian) { Data($0) })
            #expect(socket.session.inbox.bufferedBytes <= WebSocketInbox.byteLimit + 65536)
            index += 1
            if index % 50 == 0 { await Task.yield() }
        }
        #expect(index == count)
    }

    @Test("cancelling the reading task closes the connection")
    func cancelReading() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/echo"))
        let reader = Task { await Self.drain(socket) }
        try await socket.send(.text("one"))
        reader.cancel()
        let (_, error) = await reader.value
        #expect((error as? WebSocketError) == .cancelled)
        // Sending afterwards fails: the socket is closed.
        try await waitUntil("the socket is closed") {
            do {
                try await socket.send(.text("after"))
                return false
            } catch let error as WebSocketError {
                return error == .closed
            }
        }
    }

    @Test("wss through nginx (TLS) echoes")
    func secure() async throws {
        let authority = URL(fileURLWithPath: try TestServers.url(from: "COURIER_TLS_CA").path)
        let transport = try CurlTransport(timeout: .seconds(30), certificateAuthorities: authority)
        let url = try TestServers.url(from: "COURIER_WEBSOCKET_TLS_URL")
        let socket = try await HTTPClient(baseURL: url, transport: transport).webSocket(Request<Data>(path: "/ws/echo"))
        try await Self.expectEcho("over TLS", on: socket)
    }

    @Test("through an HTTP CONNECT proxy (tinyproxy)")
    func throughProxy() async throws {
        var options = WebSocket.Options()
        let proxyURL = try TestServers.url(from: "COURIER_TINYPROXY_URL")
        options.proxy = .always(proxyURL)
        let socket = try await Self.client().webSocket(Request<Data>(path: "/echo"), options: options)
        try await Self.expectEcho("via proxy", on: socket)
    }

    @Test("through the CurlTransport's own proxy settings, with its user and password")
    func throughTheTransportsProxy() async throws {
        let address = try TestServers.value(from: "COURIER_HTTP_PROXY")
        let user = try TestServers.value(from: "COURIER_PROXY_USER")
        let password = try TestServers.value(from: "COURIER_PROXY_PASSWORD")
        func client(password: String) throws -> HTTPClient {
            var proxy = try #require(URLComponents(string: "http://\(address)"))
            proxy.user = user
            proxy.password = password
            let transport = try CurlTransport(timeout: .seconds(60), proxy: .always(try #require(proxy.url)))
            return HTTPClient(baseURL: try Self.server(), transport: transport)
        }
        let socket = try await client(password: password).webSocket(Request<Data>(path: "/echo"))
        try await Self.expectEcho("via the transport's proxy", on: socket)
        // The same call with a password the proxy refuses fails: the socket did go through it.
        let refused = await #expect(throws: HTTPError.self) {
            _ = try await client(password: "wrong-ws-proxy-password").webSocket(Request<Data>(path: "/echo"))
        }
        #expect(refused.map { !String(reflecting: $0).contains("wrong-ws-proxy-password") } == true)
    }
}

/// A thread-safe counter for interceptors.
final class HandshakeCounter: Sendable {
    private let count = Mutex(0)
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}
