#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// Counts one event loop's connections and requests per origin, for
/// ``CurlTransport/connectionGauges()``.
///
/// libcurl keeps its connection pool to itself, so the transport opens and closes the sockets
/// for it (`CURLOPT_OPENSOCKETFUNCTION`, `CURLOPT_CLOSESOCKETFUNCTION`) and notes which origin
/// each socket serves; the requests' states come from the transfers themselves (added to the
/// loop, sent, ended). Every count changes on the loop thread; any thread reads a snapshot.
final class CurlPoolGauges: Sendable {
    /// Where a transfer stands in the counts.
    enum Stage {
        case none, queued, active
    }

    private struct Counts {
        var open = 0
        var active = 0
        var queued = 0
    }

    private struct State {
        var origins: [String: Counts] = [:]
        /// The origin each open socket serves.
        var sockets: [Int32: String] = [:]
    }

    private let state = Mutex(State())

    /// The origin a request to `url` counts under: `scheme://host:port`, lowercased (`scheme`
    /// is the URL's, lowercased by the caller).
    static func origin(of url: URL, scheme: String) -> String {
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// Moves a transfer to `origin` from stage `old` to `new`.
    func move(_ origin: String, from old: Stage, to new: Stage) {
        guard old != new else { return }
        state.withLock { state in
            var counts = state.origins[origin, default: Counts()]
            switch old {
            case .queued: counts.queued -= 1
            case .active: counts.active -= 1
            case .none: break
            }
            switch new {
            case .queued: counts.queued += 1
            case .active: counts.active += 1
            case .none: break
            }
            state.origins[origin] = counts
        }
    }

    /// Opens a socket as libcurl asks (`address` is a `struct curl_sockaddr`) for `origin`.
    func openSocket(for origin: String, address: UnsafeMutableRawPointer) -> Int32 {
        // struct curl_sockaddr { int family; int socktype; int protocol; ... }
        let family = address.load(as: Int32.self)
        let type = address.load(fromByteOffset: 4, as: Int32.self)
        let proto = address.load(fromByteOffset: 8, as: Int32.self)
        let socket = Glibc.socket(family, type, proto)
        guard socket >= 0 else { return -1 }
        state.withLock { state in
            state.sockets[socket] = origin
            state.origins[origin, default: Counts()].open += 1
        }
        return socket
    }

    /// Closes a socket libcurl is done with.
    func closeSocket(_ socket: Int32) -> Int32 {
        state.withLock { state in
            guard let origin = state.sockets.removeValue(forKey: socket) else { return }
            state.origins[origin, default: Counts()].open -= 1
        }
        return Glibc.close(socket)
    }

    /// The counts now, origins with nothing open or waiting left out.
    func snapshot() -> [ConnectionGauges] {
        state.withLock { state in
            state.origins.compactMap { origin, counts in
                guard counts.open > 0 || counts.active > 0 || counts.queued > 0 else { return nil }
                return ConnectionGauges(
                    origin: origin, open: counts.open, idle: max(0, counts.open - counts.active),
                    active: counts.active, queued: counts.queued)
            }
        }
    }

    /// Sets the socket callbacks on `easy`: sockets opened for `transfer`, closed through `self`.
    func install(on easy: LibCurl.Handle, transfer: UnsafeMutableRawPointer, curl: LibCurl, check: (Int32) -> Void) {
        typealias Open = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32
        typealias Close = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
        typealias SetOpen = @convention(c) (LibCurl.Handle, Int32, Open) -> Int32
        typealias SetClose = @convention(c) (LibCurl.Handle, Int32, Close) -> Int32
        // curl_easy_setopt is variadic; a function pointer travels like any other pointer.
        let setOpen = unsafeBitCast(curl.setPointer, to: SetOpen.self)
        let setClose = unsafeBitCast(curl.setPointer, to: SetClose.self)
        check(curl.setPointer(easy, CurlOption.openSocketData, transfer))
        check(
            setOpen(easy, CurlOption.openSocketFunction) { context, _, address in
                guard let context, let address else { return -1 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.openSocket(address: address)
            })
        // The gauges outlive every connection: the loop keeps them until its multi handle is gone.
        check(curl.setPointer(easy, CurlOption.closeSocketData, Unmanaged.passUnretained(self).toOpaque()))
        check(
            setClose(easy, CurlOption.closeSocketFunction) { context, socket in
                guard let context else { return Glibc.close(socket) }
                return Unmanaged<CurlPoolGauges>.fromOpaque(context).takeUnretainedValue().closeSocket(socket)
            })
    }
}

extension CurlOption {
    /// `CURLOPT_OPENSOCKETFUNCTION`.
    static let openSocketFunction: Int32 = 20163
    /// `CURLOPT_OPENSOCKETDATA`.
    static let openSocketData: Int32 = 10164
    /// `CURLOPT_CLOSESOCKETFUNCTION`.
    static let closeSocketFunction: Int32 = 20208
    /// `CURLOPT_CLOSESOCKETDATA`.
    static let closeSocketData: Int32 = 10209
}
#endif
