import Foundation
import Synchronization

extension WebSocket {
    /// Reopening a connection that was lost (``Options/reconnect``), for long-lived feeds.
    ///
    /// When ``WebSocket/messages`` reaches a loss (``WebSocketError/Kind/connectionLost(reason:)``
    /// or ``WebSocketError/Kind/pongTimeout``), the socket waits ``backoff``'s delay and sends the
    /// opening handshake again, through the client's pipeline as the first one went (interceptors,
    /// authentication, the handshake's retry policy), up to ``maxAttempts`` times; once a handshake
    /// succeeds, ``onReconnect`` is told and the messages go on with the new connection's. A close
    /// frame from the server, a protocol violation, ``WebSocket/close(code:reason:)`` and
    /// cancellation end the messages as without a policy. Messages sent while the connection is
    /// down fail with ``WebSocketError/Kind/closed``; nothing is replayed.
    public struct ReconnectPolicy: Sendable {
        /// How many handshakes are tried after each loss before the messages end with the loss.
        public var maxAttempts: Int
        /// The wait before each attempt: ``RetryPolicy/Backoff``, with full jitter by default.
        public var backoff: RetryPolicy.Backoff
        /// Called after each successful reconnection, before the new connection's messages are read.
        public var onReconnect: @Sendable (Reconnection) -> Void

        /// Creates a policy.
        public init(
            maxAttempts: Int = 5, backoff: RetryPolicy.Backoff = .exponential(),
            onReconnect: @escaping @Sendable (Reconnection) -> Void = { _ in }
        ) {
            self.maxAttempts = maxAttempts
            self.backoff = backoff
            self.onReconnect = onReconnect
        }
    }

    /// One reconnection, as ``ReconnectPolicy/onReconnect`` reports it.
    public struct Reconnection: Sendable {
        /// Which attempt after the loss succeeded (1 for the first).
        public var attempt: Int
        /// The loss the reconnection follows.
        public var cause: WebSocketError
        /// The server's answer to the new handshake.
        public var response: HTTPResponse
    }

    /// The next message, reconnecting first when the connection was lost and a policy allows.
    func nextMessage() async throws -> Message? {
        while true {
            let session = current.withLock { $0.session }
            do {
                return try await session.inbox.next()
            } catch let error as WebSocketError {
                guard let reconnect, error.kind.isLoss, !current.withLock({ $0.closing }) else { throw error }
                try await reopen(after: error, with: reconnect)
            }
        }
    }

    private func reopen(after cause: WebSocketError, with reconnect: Reconnector) async throws {
        for attempt in 1...max(reconnect.policy.maxAttempts, 1) {
            do {
                try await Task.sleep(for: reconnect.policy.backoff.delay(forRetry: attempt))
            } catch {
                throw WebSocketError(.cancelled)
            }
            if current.withLock({ $0.closing }) { throw cause }
            guard let opened = try? await reconnect.open() else { continue }
            let (response, session) = opened
            let closing = current.withLock {
                if !$0.closing { $0 = (response, session, false) }
                return $0.closing
            }
            session.start()
            if closing {
                await session.close(code: 1000, reason: "")
                throw cause
            }
            reconnect.policy.onReconnect(Reconnection(attempt: attempt, cause: cause, response: response))
            return
        }
        throw cause
    }

    /// How a socket reopens itself: its policy and the handshake to repeat.
    struct Reconnector: Sendable {
        var policy: ReconnectPolicy
        var open: @Sendable () async throws -> (HTTPResponse, any WebSocketConnection)
    }
}

extension WebSocketError.Kind {
    /// A loss a reconnect policy may repair: the connection ended without a close handshake.
    var isLoss: Bool {
        switch self {
        case .connectionLost, .pongTimeout: true
        default: false
        }
    }
}
