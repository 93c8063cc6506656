import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Courier

/// WebSockets against a hostile server (`Tests/Servers/hostile_websocket_server.py`, issue 45):
/// malformed handshake answers and lengths, limits at their largest values, a server that stops
/// reading while it closes, floods or is waited on, and one that accepts every handshake and drops
/// the connection. Nothing it sends may trap, hang past the configured timeouts, or grow memory
/// without bound.
@Suite("WebSocket against a hostile server")
struct WebSocketHostileServerTests {
    static func server() throws -> URL { try TestServers.url(from: "COURIER_HOSTILE_WEBSOCKET_URL") }

    static func client(_ configure: (inout HTTPClient.Configuration) -> Void = { _ in }) throws -> HTTPClient {
        var configuration = HTTPClient.Configuration(baseURL: try server())
        configure(&configuration)
        return HTTPClient(configuration: configuration)
    }

    /// A plain HTTP GET to the hostile server's control routes (`/trigger`, `/unread`, ...).
    static func control(_ path: String) async throws -> (Int, String) {
        let response = try await client().send(
            Request<Data>(path: path).allowed(statusCodes: 100..<600).timeout(.seconds(120)))
        return (response.statusCode, String(decoding: response.data, as: UTF8.self))
    }

    /// `work`'s result, or nil when it has not finished after `seconds` (a hang: the test fails
    /// instead of waiting forever; the deadline is generous, far above any timeout configured).
    static func within<T: Sendable>(_ seconds: Int, _ work: @escaping @Sendable () async -> T) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await work() }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// A key for one scripted connection.
    static func key() -> String { UUID().uuidString }

    // MARK: Malformed handshake answers

    @Test(
        "a malformed Sec-WebSocket-Extensions answer fails the opening with HTTPError, compression on or off",
        arguments: [
            "permessage-deflate; ; x", "permessage-deflate; =", ";", " ; ", "permessage-deflate;", ",;,",
            "permessage-deflate; server_max_window_bits=", "permessage-deflate; =15",
            "permessage-deflate; server_max_window_bits=99999999999999999999999",
            "permessage-deflate; client_max_window_bits=-9", "x; y=\"", "\"",
        ], [true, false])
    func malformedExtensions(value: String, compression: Bool) async throws {
        var options = WebSocket.Options()
        options.compression = compression
        let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        await #expect(throws: HTTPError.self) {
            _ = try await Self.client().webSocket(Request<Data>(path: "/ext?value=\(encoded)"), options: options)
        }
    }

    @Test(
        "a refused upgrade with a malformed or huge Content-Length fails with HTTPError, no trap",
        arguments: ["-5", "-0", "+5", "abc", "", "1 2", "99999999999999999999999", "9223372036854775807", "4, 4"])
    func refusedWithBadLength(length: String) async throws {
        let encoded = length.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        await #expect(throws: HTTPError.self) {
            _ = try await Self.client().webSocket(Request<Data>(path: "/refuse?length=\(encoded)"))
        }
    }

    @Test(
        "a malformed answer head fails with HTTPError",
        arguments: ["no-colon", "bad-status", "status-only", "huge-header", "empty", "binary"])
    func malformedHead(kind: String) async throws {
        await #expect(throws: HTTPError.self) {
            _ = try await Self.client().webSocket(Request<Data>(path: "/head?kind=\(kind)"))
        }
    }

    @Test("a server that never answers the handshake: the request's timeout ends the opening")
    func handshakeTimeout() async throws {
        let outcome = await Self.within(120) {
            do {
                _ = try await Self.client().webSocket(Request<Data>(path: "/hang").timeout(.seconds(1)))
                return "opened"
            } catch let error as HTTPError {
                return error.urlError?.code == .timedOut ? "timed out" : "\(error)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "timed out")
    }

    // MARK: Lengths at their limits

    @Test(
        "a frame header announcing a huge length allocates nothing for it; close() still returns",
        arguments: [
            (Int.max, UInt64(Int.max)), (Int.max, UInt64(1) << 62), (1 << 40, UInt64(1) << 40),
            (Int.max, UInt64(1) << 40),
        ])
    func hugeAnnouncedLength(limit: Int, announced: UInt64) async throws {
        var options = WebSocket.Options()
        options.maximumMessageSize = limit
        options.closeTimeout = .seconds(1)
        let socket = try await Self.client().webSocket(
            Request<Data>(path: "/frame?length=\(announced)&send=100"), options: options)
        let ended = await Self.within(120) {
            await socket.close()
            return true
        }
        #expect(ended == true)
    }

    @Test("a frame length with its top bit set is a protocol violation (1002)")
    func lengthTopBit() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/frame?length=\(UInt64.max)&send=4"))
        let (_, error) = await WebSocketServerTests.drain(socket)
        guard case .protocolViolation(let code, _) = (error as? WebSocketError) else {
            Issue.record("expected a protocol violation, got \(String(describing: error))")
            return
        }
        #expect(code == 1002)
    }

    @Test("a frame longer than the limit is refused with 1009 before its payload arrives")
    func overLimit() async throws {
        var options = WebSocket.Options()
        options.maximumMessageSize = 1 << 20
        let socket = try await Self.client().webSocket(
            Request<Data>(path: "/frame?length=\(UInt64(1) << 40)&send=0"), options: options)
        let (_, error) = await WebSocketServerTests.drain(socket)
        guard case .protocolViolation(let code, _) = (error as? WebSocketError) else {
            Issue.record("expected a protocol violation, got \(String(describing: error))")
            return
        }
        #expect(code == 1009)
    }

    // MARK: Closes while our writes are blocked

    /// Opens `/stall?key=`, sends 64 MiB that the server never reads, and returns once the
    /// server's socket holds at least 64 KiB unread (the send, far larger than the buffers, is then blocked).
    static func blockedSocket(key: String, options: WebSocket.Options) async throws -> (
        WebSocket, Task<(any Error)?, Never>
    ) {
        // Only the test's own limits end the blocked send: no send timeout, a patient handshake
        // (a loaded machine runs these tests slowly).
        var options = options
        options.sendTimeout = .seconds(3600)
        let socket = try await client().webSocket(
            Request<Data>(path: "/stall?key=\(key)").timeout(.seconds(600)), options: options)
        let sending = Task { () -> (any Error)? in
            do {
                try await socket.send(.binary(Data(count: 64 << 20)))
                return nil
            } catch {
                return error
            }
        }
        let (status, _) = try await control("/unread?key=\(key)&atLeast=\(1 << 16)")
        #expect(status == 200)
        return (socket, sending)
    }

    @Test(
        "the server's close or a violation while our writes are blocked: messages end, close() returns",
        arguments: ["close", "violation"])
    func closeWhileBlocked(action: String) async throws {
        var options = WebSocket.Options()
        options.closeTimeout = .seconds(1)
        let key = Self.key()
        let (socket, sending) = try await Self.blockedSocket(key: key, options: options)
        let (status, _) = try await Self.control("/trigger?key=\(key)&action=\(action)")
        #expect(status == 200)
        let drained = await Self.within(120) { await WebSocketServerTests.drain(socket).1.map { "\($0)" } ?? "end" }
        #expect(drained != nil, "messages did not end")
        let closed = await Self.within(120) {
            await socket.close()
            return true
        }
        #expect(closed == true, "close() did not return")
        let sendOutcome = await Self.within(120) { await sending.value.map { "\($0)" } ?? "sent" }
        #expect(sendOutcome != nil, "the blocked send did not return")
        #expect(sendOutcome != "sent")
    }

    @Test("close() returns while a send is blocked (5 connections at once)")
    func closeWhileSendBlocked() async throws {
        var configured = WebSocket.Options()
        configured.closeTimeout = .seconds(1)
        let options = configured
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    let socket: WebSocket
                    let sending: Task<(any Error)?, Never>
                    do {
                        (socket, sending) = try await Self.blockedSocket(key: Self.key(), options: options)
                    } catch {
                        Issue.record("could not block a socket: \(error)")
                        return false
                    }
                    let closed = await Self.within(300) {
                        await socket.close()
                        return true
                    }
                    _ = await Self.within(300) { await sending.value.map { "\($0)" } }
                    return closed == true
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 5))
    }

    // MARK: Floods from a peer that does not read

    @Test("a ping flood from a server that does not read queues at most one pong")
    func pingFlood() async throws {
        let socket = try await Self.client().webSocket(Request<Data>(path: "/ping-flood?count=400000"))
        let done = await Self.within(300) { () -> Bool in
            do {
                for try await message in socket.messages where message == .text("done") { return true }
            } catch {}
            return false
        }
        #expect(done == true)
        // What is left to write: one pong at most (answering the latest ping), whatever the flood.
        let waiting = (socket.session as? WebSocketSession)?.waitingFrames
        #expect(waiting.map { $0 <= 1 } == true, "\(String(describing: waiting)) frames waiting")
        _ = await Self.within(120) { await socket.close() }
    }

    // MARK: Cancellation and timeouts of every await on a socket

    @Test("a blocked send honours its task's cancellation")
    func sendCancelled() async throws {
        var options = WebSocket.Options()
        options.closeTimeout = .seconds(1)
        let key = Self.key()
        let (socket, sending) = try await Self.blockedSocket(key: key, options: options)
        sending.cancel()
        let outcome = await Self.within(120) { await sending.value.map { "\($0)" } ?? "sent" }
        #expect(outcome != nil, "the cancelled send did not return")
        #expect(outcome != "sent")
        _ = await Self.within(120) { await socket.close() }
    }

    @Test("a send the server does not take within sendTimeout throws sendTimeout; the connection then ends")
    func sendTimeout() async throws {
        var options = WebSocket.Options()
        options.sendTimeout = .seconds(1)
        options.closeTimeout = .seconds(1)
        let socket = try await Self.client().webSocket(
            Request<Data>(path: "/stall?key=\(Self.key())"), options: options)
        let outcome = await Self.within(120) { () -> WebSocketError? in
            do {
                try await socket.send(.binary(Data(count: 64 << 20)))
                return nil
            } catch let error as WebSocketError {
                return error
            } catch {
                return nil
            }
        }
        #expect(outcome == .some(.sendTimeout(.seconds(1))))
        // Cut part-way through its frame: the stream cannot go on, the messages end.
        let drained = await Self.within(120) { await WebSocketServerTests.drain(socket).1.map { "\($0)" } ?? "end" }
        #expect(drained?.contains("connection lost") == true, "\(String(describing: drained))")
        _ = await Self.within(120) { await socket.close() }
    }

    @Test("a send waiting its turn behind a blocked one is dropped when cancelled, and the first goes on")
    func queuedSendCancelled() async throws {
        var options = WebSocket.Options()
        options.closeTimeout = .seconds(1)
        let key = Self.key()
        let (socket, sending) = try await Self.blockedSocket(key: key, options: options)
        let queued = Task { () -> WebSocketError? in
            do {
                try await socket.send(.text("behind"))
                return nil
            } catch let error as WebSocketError {
                return error
            } catch {
                return nil
            }
        }
        queued.cancel()
        let outcome = await Self.within(120) { await queued.value }
        #expect(outcome == .some(.cancelled))
        _ = await Self.within(120) { await socket.close() }
        _ = await Self.within(120) { await sending.value }
    }

    // MARK: Reconnect budget

    @Test("a server that accepts each handshake and drops: at most maxAttempts reconnections")
    func reconnectBudget() async throws {
        let key = Self.key()
        let reports = WebSocketReconnectTests.Reports()
        let socket = try await Self.client().webSocket(
            Request<Data>(path: "/accept-drop?key=\(key)"),
            options: WebSocketReconnectTests.options(maxAttempts: 3, reports: reports))
        let ended = await Self.within(60) { await WebSocketServerTests.drain(socket).1.map { "\($0)" } ?? "end" }
        if ended == nil { _ = await Self.within(60) { await socket.close() } }
        #expect(ended != nil, "the reconnections went on (\(reports.all.count) so far)")
        #expect(reports.all.count == 3)
        let (_, count) = try await Self.control("/handshakes?key=\(key)")
        #expect(Int(count).map { $0 <= 4 } == true, "\(count) handshakes")
    }
}
