import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX socket calls the loopback receiver needs, blocking, on IPv4 loopback only.
enum Socket {
    #if canImport(Darwin)
    private static let streamType: Int32 = SOCK_STREAM
    private static let sendFlags: Int32 = 0
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// A socket listening on 127.0.0.1:`port` (0: any free port), and the port it got.
    static func listen(port: UInt16) throws(LoopbackError) -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw .socket(operation: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw .socket(operation: "bind 127.0.0.1:\(port)", code: code)
        }
        guard startListening(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw .socket(operation: "listen", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw .socket(operation: "getsockname", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Whether `descriptor` becomes readable within `milliseconds`.
    static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0 && entry.revents & Int16(POLLIN) != 0
    }

    /// An accepted connection, or nil.
    static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Darwin)
        let client = Darwin.accept(listener, nil, nil)
        #elseif canImport(Musl)
        let client = Musl.accept(listener, nil, nil)
        #else
        let client = Glibc.accept(listener, nil, nil)
        #endif
        return client >= 0 ? client : nil
    }

    /// The request head (up to the blank line), read within `timeoutSeconds`; nil when the
    /// client sends nothing usable or more than `limit` bytes of head.
    static func readHead(_ descriptor: Int32, limit: Int, timeoutSeconds: Int) -> String? {
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while received.count < limit {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            let searchFrom = max(0, received.count - 3)
            received.append(contentsOf: buffer[0..<count])
            if received[searchFrom...].firstRange(of: end) != nil {
                return String(decoding: received, as: UTF8.self)
            }
        }
        return nil
    }

    /// Writes a complete HTTP/1.1 response with an HTML body and `Connection: close`.
    static func respond(_ descriptor: Int32, status: String, html: String) {
        let body = Array(html.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    private static func startListening(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.listen(descriptor, 8)
        #elseif canImport(Musl)
        Musl.listen(descriptor, 8)
        #else
        Glibc.listen(descriptor, 8)
        #endif
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Glibc.close(descriptor)
        #endif
    }
}
