import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The practical limit for a client: one keep-alive TCP connection, a request written by hand
/// and the response read back with blocking calls, nothing else. The table quotes it so the
/// transports' numbers have a ceiling to compare with.
enum PlainSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// GETs `path` `count` times, one after another, over one connection to 127.0.0.1:`port`.
    static func run(port: Int, path: String, count: Int) throws -> RunResult {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw Failure(description: "connect() to port \(port) failed") }
        var noDelay: Int32 = 1
        setsockopt(socketFD, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))

        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var pending: [UInt8] = []
        var latencies: [Duration] = []
        latencies.reserveCapacity(count)
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<count {
            let begin = clock.now
            guard request.withUnsafeBytes({ send(socketFD, $0.baseAddress, $0.count, 0) }) == request.count else {
                throw Failure(description: "send() failed")
            }
            // Reads until the head and a Content-Length body have arrived.
            var needed: Int?
            while true {
                if needed == nil, let headEnd = endOfHead(pending) {
                    needed = headEnd + contentLength(pending[..<headEnd])
                }
                if let total = needed, pending.count >= total {
                    pending.removeFirst(total)
                    break
                }
                let received = recv(socketFD, &buffer, buffer.count, 0)
                guard received > 0 else { throw Failure(description: "the server closed the connection") }
                pending.append(contentsOf: buffer[..<received])
            }
            latencies.append(clock.now - begin)
        }
        return RunResult(operations: count, elapsed: clock.now - started, latencies: latencies)
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
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
