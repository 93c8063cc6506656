import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The ceiling the transports are measured against: plain keep-alive TCP connections, a request
/// written by hand and the response read back with blocking calls, nothing else, one thread per
/// connection.
///
/// It runs on threads of its own, never on the Swift cooperative pool: its reads block, and with
/// 16 connections on a pool of 2 threads they would take turns instead of overlapping.
enum SocketLoop {
    /// GETs `path` over `connections` keep-alive connections to 127.0.0.1:`port`, each one request
    /// after another, until `budget` is spent (a time slice is shared, a count is split). The
    /// connections open before the clock starts: the transports keep theirs open between turns.
    /// With `tls`, each connection is a TLS session of that client (handshake before the clock
    /// starts too).
    static func run(
        port: Int, path: String, connections: Int, budget: Budget, tls: OpenSSLClient? = nil
    ) async throws -> RunResult {
        let sockets = try (0..<connections).map { _ in
            let socket = try LoopbackSocket()
            try socket.connect(port: port)
            return socket
        }
        let sessions = try sockets.map { socket in try tls?.session(over: socket.descriptor) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let results = Results(count: connections)
        let started = ContinuousClock.now
        let deadline = budget.deadline(from: started)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for (index, socket) in sockets.enumerated() {
                group.enter()
                let descriptor = socket.descriptor
                let session = SessionBox(sessions[index])
                let share = budget.share(of: index, among: connections)
                let thread = Thread {
                    results.set(
                        index,
                        Result {
                            let connection = Connection(
                                descriptor: descriptor, session: session.session, request: request)
                            return try timedLoop(share: share, deadline: deadline) { try connection.exchange() }
                        })
                    group.leave()
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
        let elapsed = ContinuousClock.now - started
        withExtendedLifetime((sessions, sockets)) {}
        let latencies = try results.all().flatMap { try $0.get() }
        return RunResult(operations: latencies.count, elapsed: elapsed, latencies: latencies)
    }

    /// The worker threads' results, one slot each.
    ///
    /// `@unchecked Sendable`: each thread writes only its own slot, under the lock, and the slots
    /// are read after every thread has left the group.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<[Duration], any Error>?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ result: Result<[Duration], any Error>) {
            lock.withLock { slots[index] = result }
        }

        func all() -> [Result<[Duration], any Error>] {
            lock.withLock { slots.map { $0 ?? .success([]) } }
        }
    }

    /// One thread's loop: `share` requests, or as many as start before `deadline`; their latencies.
    private static func timedLoop(
        share: Int?, deadline: ContinuousClock.Instant?, _ operation: () throws -> Void
    ) throws -> [Duration] {
        var latencies: [Duration] = []
        latencies.reserveCapacity(share ?? 4_096)
        let clock = ContinuousClock()
        while true {
            let begin = clock.now
            if let share, latencies.count >= share { break }
            if let deadline, begin >= deadline { break }
            try operation()
            latencies.append(clock.now - begin)
        }
        return latencies
    }

    /// A connection's TLS session handed to its thread.
    ///
    /// `@unchecked Sendable`: after the hand-over only that thread uses the session.
    private struct SessionBox: @unchecked Sendable {
        let session: OpenSSLClient.Session?
        init(_ session: OpenSSLClient.Session?) { self.session = session }
    }

    /// One connection: the request to send and a buffer that lives as long as the connection.
    private final class Connection {
        let descriptor: Int32
        /// The TLS session over the socket; nil for plain TCP.
        let session: OpenSSLClient.Session?
        let request: [UInt8]
        var buffer = [UInt8](repeating: 0, count: 65_536)

        init(descriptor: Int32, session: OpenSSLClient.Session?, request: [UInt8]) {
            self.descriptor = descriptor
            self.session = session
            self.request = request
        }

        /// Writes the request and reads until the head and a Content-Length body have arrived
        /// (nginx answers one request at a time, so nothing follows the body).
        func exchange() throws {
            let sent = request.withUnsafeBytes { bytes in
                session.map { $0.write(bytes) } ?? (send(descriptor, bytes.baseAddress, bytes.count, 0) == bytes.count)
            }
            guard sent else { throw Failure(description: "sending the request failed") }
            var received = 0
            var needed: Int?
            while true {
                if received == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
                let count = buffer.withUnsafeMutableBytes { buffer in
                    let free = UnsafeMutableRawBufferPointer(rebasing: buffer[received...])
                    return session.map { $0.read(into: free) } ?? recv(descriptor, free.baseAddress, free.count, 0)
                }
                guard count > 0 else { throw Failure(description: "the server closed the connection") }
                received += count
                if needed == nil, let headEnd = SocketLoop.endOfHead(buffer[..<received]) {
                    needed = headEnd + SocketLoop.contentLength(buffer[..<headEnd])
                }
                if let total = needed, received >= total { return }
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func endOfHead(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in (bytes.startIndex + 3)..<bytes.endIndex
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard let range = text.range(of: "content-length:") else { return 0 }
        return Int(text[range.upperBound...].prefix { $0 != "\r" }.trimmingCharacters(in: .whitespaces)) ?? 0
    }
}
