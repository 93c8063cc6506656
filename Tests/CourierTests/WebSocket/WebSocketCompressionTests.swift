import Foundation
import TestSupport
import Testing

@testable import Courier

/// permessage-deflate (RFC 7692) against Python's `websockets`, which accepts it under
/// `/deflate/` with the parameters the query names and reports the bytes it received on the wire.
@Suite("WebSocket compression against a real server")
struct WebSocketCompressionTests {
    static func open(_ path: String, options: WebSocket.Options = WebSocket.Options()) async throws -> WebSocket {
        try await WebSocketServerTests.client().webSocket(Request<Data>(path: path), options: options)
    }

    /// Sends `message` and expects it back.
    static func echo(_ message: WebSocket.Message, on socket: WebSocket) async throws {
        try await socket.send(message)
        var iterator = socket.messages.makeAsyncIterator()
        #expect(try await iterator.next() == message)
    }

    /// The bytes the server has received on the connection since the handshake.
    static func wireBytes(of socket: WebSocket) async throws -> Int {
        try await socket.send(.text("wire?"))
        var iterator = socket.messages.makeAsyncIterator()
        guard case .text(let count) = try await iterator.next(), let bytes = Int(count) else {
            Issue.record("no byte count")
            return -1
        }
        return bytes
    }

    @Test("negotiated: large compressible messages go compressed both ways and arrive whole")
    func largeCompressible() async throws {
        let socket = try await Self.open("/deflate/echo")
        #expect(socket.response.headers["Sec-WebSocket-Extensions"]?.hasPrefix("permessage-deflate") == true)
        let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 24_000)  // ~1 MiB
        let binary = patternBytes(count: 4 << 20)
        try await Self.echo(.text(text), on: socket)
        try await Self.echo(.binary(binary), on: socket)
        let wire = try await Self.wireBytes(of: socket)
        #expect(wire > 0 && wire < (text.utf8.count + binary.count) / 50)
        await socket.close()
    }

    @Test("off: no extension is offered and messages go as they are")
    func off() async throws {
        var options = WebSocket.Options()
        options.compression = false
        let socket = try await Self.open("/deflate/echo", options: options)
        #expect(socket.response.headers["Sec-WebSocket-Extensions"] == nil)
        let text = String(repeating: "abc", count: 100_000)
        try await Self.echo(.text(text), on: socket)
        #expect(try await Self.wireBytes(of: socket) > text.utf8.count)
        await socket.close()
    }

    @Test(
        "context takeover: a repeated message refers back to the last one, unless the server says client_no_context_takeover",
        arguments: [false, true])
    func contextTakeover(clientNoContextTakeover: Bool) async throws {
        let socket = try await Self.open(
            "/deflate/echo" + (clientNoContextTakeover ? "?client_no_context_takeover" : ""))
        let block = noise(count: 16 << 10)  // incompressible alone, within one 32 KiB window
        try await Self.echo(.binary(block), on: socket)
        let first = try await Self.wireBytes(of: socket)
        // The server resets its inflater per message when it asked for client_no_context_takeover:
        // a client keeping its window would send back-references it cannot resolve.
        try await Self.echo(.binary(block), on: socket)
        let second = try await Self.wireBytes(of: socket) - first
        if clientNoContextTakeover {
            #expect(second > block.count)
        } else {
            #expect(second < block.count / 20)
        }
        await socket.close()
    }

    @Test("client_max_window_bits=9 in the answer: messages are compressed with a 512-byte window")
    func smallWindow() async throws {
        let socket = try await Self.open("/deflate/echo?client_max_window_bits=9&server_max_window_bits=9")
        #expect(socket.response.headers["Sec-WebSocket-Extensions"]?.contains("client_max_window_bits=9") == true)
        // Repeats 4 KiB apart: a 15-bit window would refer back 4 KiB, which the server's 9-bit
        // inflater refuses.
        var message = Data()
        let block = noise(count: 4 << 10)
        for _ in 0..<8 { message.append(block) }
        try await Self.echo(.binary(message), on: socket)
        try await Self.echo(.text("and after"), on: socket)
        await socket.close()
    }

    @Test("a decompression bomb closes with 1009 (the limit applies to the inflated size)")
    func bomb() async throws {
        var options = WebSocket.Options()
        options.maximumMessageSize = 1 << 20
        // 256 MiB of zeros in about 250 KiB of DEFLATE.
        let socket = try await Self.open("/deflate/bomb?size=\(256 << 20)", options: options)
        let (received, error) = await WebSocketServerTests.drain(socket)
        #expect(received.isEmpty)
        #expect(
            (error as? WebSocketError)
                == .protocolViolation(code: 1009, reason: "message larger than 1048576 bytes"))
    }
}

/// `count` bytes that DEFLATE cannot shrink (xorshift), the same for the same `seed`.
func noise(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> Data {
    var state = seed
    var data = Data(count: count)
    for index in 0..<count {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        data[index] = UInt8(truncatingIfNeeded: state)
    }
    return data
}
