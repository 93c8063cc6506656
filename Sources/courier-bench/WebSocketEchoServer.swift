import Courier
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket echo server inside the bench, fast enough not to be the bottleneck of an echo
/// row: a thread per connection (`courier-bench.echo`) with blocking reads and writes, which
/// unmasks each client frame and writes it back as it came (text as text, binary as binary), with
/// no allocation per message beyond its buffer. No extensions, no fragments (the bench's messages
/// are small), pings answered; a close frame is echoed and ends the connection.
///
/// It counts the CPU time its threads used (`CLOCK_THREAD_CPUTIME_ID`), so a row can give the
/// server's CPU per run and take it out of the process's to leave the client's.
final class WebSocketEchoServer: Sendable {
    let port: Int
    private let listener: Int32
    /// CPU seconds of connection threads that ended, and how many are still running.
    private let usage = Mutex<(seconds: Double, running: Int)>((0, 0))

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw BenchFailure("socket() failed") }
        self.listener = listener
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound, listen(listener, 128) == 0 else { throw BenchFailure("the echo server could not listen") }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "courier-bench.echo-accept"
        thread.start()
    }

    /// CPU seconds the connection threads used so far, once every connection opened has ended.
    func cpuSecondsWhenIdle() async -> Double {
        for _ in 0..<3000 {
            let (seconds, running) = usage.withLock { $0 }
            if running == 0 { return seconds }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return usage.withLock { $0.seconds }
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            var noDelay: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            usage.withLock { $0.running += 1 }
            let thread = Thread { [self] in
                serve(connection)
                var spent = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spent)
                let seconds = Double(spent.tv_sec) + Double(spent.tv_nsec) / 1e9
                usage.withLock {
                    $0.seconds += seconds
                    $0.running -= 1
                }
                close(connection)
            }
            thread.name = "courier-bench.echo"
            thread.start()
        }
    }

    /// Answers the handshake, then echoes frames until the client closes.
    private func serve(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var filled = 0
        // The request head.
        var headEnd: Int?
        while headEnd == nil {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress! + filled, $0.count - filled) }
            guard count > 0 else { return }
            filled += count
            headEnd = Self.find([13, 10, 13, 10], in: buffer, upTo: filled)
            if headEnd == nil && filled == buffer.count { return }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        guard
            let keyLine = head.split(separator: "\r\n").first(where: {
                $0.lowercased().hasPrefix("sec-websocket-key:")
            })
        else { return }
        let key = keyLine.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
        let answer =
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocket.acceptValue(forKey: key))\r\n\r\n"
        guard Self.writeAll(connection, Array(answer.utf8)) else { return }
        let start = headEnd! + 4
        buffer.withUnsafeMutableBytes { raw in
            raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: filled - start)
        }
        filled -= start
        var out = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            // Echo every whole frame in the buffer, in one write.
            var offset = 0
            var outCount = 0
            while let (frameEnd, closing) = Self.echo(buffer, from: offset, upTo: filled, into: &out, at: &outCount) {
                offset = frameEnd
                if closing {
                    _ = Self.writeAll(connection, Array(out[..<outCount]))
                    return
                }
            }
            if outCount > 0 && !Self.writeAll(connection, Array(out[..<outCount])) { return }
            if offset > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.baseAddress!.copyMemory(from: raw.baseAddress! + offset, byteCount: filled - offset)
                }
                filled -= offset
            }
            guard filled < buffer.count else { return }  // a frame larger than the buffer: not for this bench
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress! + filled, $0.count - filled) }
            guard count > 0 else { return }
            filled += count
        }
    }

    /// Writes the echo of the frame at `buffer[from...]` into `out` when it is whole: its end,
    /// and whether it was a close frame. Nil when it is not whole yet.
    private static func echo(
        _ buffer: [UInt8], from start: Int, upTo end: Int, into out: inout [UInt8], at outCount: inout Int
    ) -> (Int, Bool)? {
        guard end - start >= 2 else { return nil }
        let first = buffer[start]
        var length = Int(buffer[start + 1] & 0x7F)
        var header = 2
        if length == 126 {
            guard end - start >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
        } else if length == 127 {
            guard end - start >= 10 else { return nil }
            length = 0
            for index in 2..<10 { length = length << 8 | Int(buffer[start + index]) }
            header = 10
        }
        let masked = buffer[start + 1] & 0x80 != 0
        let maskStart = start + header
        let payloadStart = maskStart + (masked ? 4 : 0)
        guard end - payloadStart >= length, outCount + header + length <= out.count else { return nil }
        let opcode = first & 0x0F
        // A ping is answered with a pong; everything else goes back with its own opcode.
        out[outCount] = opcode == 0x9 ? (first & 0xF0) | 0xA : first
        out[outCount + 1] = buffer[start + 1] & 0x7F
        for index in 2..<header { out[outCount + index] = buffer[start + index] }
        outCount += header
        for index in 0..<length {
            let byte = buffer[payloadStart + index]
            out[outCount + index] = masked ? byte ^ buffer[maskStart + (index & 3)] : byte
        }
        outCount += length
        return (payloadStart + length, opcode == 0x8)
    }

    private static func find(_ needle: [UInt8], in buffer: [UInt8], upTo end: Int) -> Int? {
        guard end >= needle.count else { return nil }
        for index in 0...(end - needle.count) where buffer[index] == needle[0] {
            if Array(buffer[index..<index + needle.count]) == needle { return index }
        }
        return nil
    }

    private static func writeAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { write(connection, $0.baseAddress! + sent, bytes.count - sent) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
