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

    /// GETs `path` one request after another until `budget` is spent, over one connection to
    /// 127.0.0.1:`port`.
    static func run(port: Int, path: String, budget: Budget) async throws -> RunResult {
        let socket = try LoopbackSocket()
        try socket.connect(port: port)
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var pending: [UInt8] = []
        return try await timeSequentially(budget) {
            guard request.withUnsafeBytes({ send(socket.descriptor, $0.baseAddress, $0.count, 0) }) == request.count
            else {
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
                    return
                }
                let received = recv(socket.descriptor, &buffer, buffer.count, 0)
                guard received > 0 else { throw Failure(description: "the server closed the connection") }
                pending.append(contentsOf: buffer[..<received])
            }
        }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
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
