#if os(Linux)
import Foundation
import Synchronization

extension CurlTransport {
    /// Opens a WebSocket: a connection libcurl makes with this transport's settings (its proxy
    /// or `options`' ``WebSocket/Options/proxy``, its certificate authorities, client certificate
    /// and pins), then the opening handshake on it (see ``HTTPTransport/openWebSocket(_:options:)``).
    ///
    /// The blocking part (libcurl's connect, the handshake's reads and writes, each bounded by the
    /// request's timeout or the transport's default) runs on the transport's handshake queue, off
    /// Swift's cooperative pool. Cancelling the calling task ends the handshake (a connect under
    /// way finishes or times out first).
    public func openWebSocket(_ request: HTTPRequest, options: WebSocket.Options) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var configured = self.connection
        if let proxy = options.proxy { configured.proxies = proxy }
        let connection = configured
        let timeout = request.timeout ?? defaultTimeout
        let deadline = ContinuousClock.now + timeout
        let opening = WebSocketOpeningCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                webSocketQueue.async { [curl] in
                    continuation.resume(
                        with: Result {
                            let socket = try CurlWebSocketSocket(
                                url: request.url, connection: connection, curl: curl, connectTimeout: timeout)
                            guard opening.attach(socket) else { throw CancellationError() }
                            do {
                                let response = try WebSocketOpening.run(
                                    request, on: socket, options: options, deadline: deadline)
                                opening.detach()
                                return response
                            } catch {
                                socket.close()
                                if opening.isCancelled { throw CancellationError() }
                                throw error
                            }
                        })
                }
            }
        } onCancel: {
            opening.cancel()
        }
    }
}

/// Cancels a handshake under way: closes its connection once there is one (waking its waits).
///
/// `Sendable`: its state is behind a `Mutex`.
final class WebSocketOpeningCancellation: Sendable {
    private let state = Mutex<(cancelled: Bool, channel: (any WebSocketChannel)?)>((false, nil))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Notes the connection; false when the opening was cancelled already (then closed).
    func attach(_ channel: any WebSocketChannel) -> Bool {
        let cancelled = state.withLock {
            $0.channel = channel
            return $0.cancelled
        }
        if cancelled { channel.close() }
        return !cancelled
    }

    /// The handshake is over: a late cancellation leaves the connection alone.
    func detach() { state.withLock { $0.channel = nil } }

    func cancel() {
        let channel = state.withLock {
            $0.cancelled = true
            return $0.channel
        }
        channel?.close()
    }
}
#endif
