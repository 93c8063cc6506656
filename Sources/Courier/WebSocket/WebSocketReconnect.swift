import Foundation
import Synchronization

extension WebSocket {
    /// Reopening a connection that was lost (``Options/reconnect``), for long-lived feeds.
    ///
    /// When ``WebSocket/messages`` reaches a loss (``WebSocketError/connectionLost(reason:)`` or
    /// ``WebSocketError/pongTimeout``), the socket waits ``backoff``'s delay and sends the
    /// opening handshake again, through the client's pipeline as the first one went (interceptors,
    /// authentication, the handshake's retry policy); once a handshake succeeds, ``onReconnect``
    /// is told and the messages go on with the new connection's.
    ///
    /// **The budget.** ``maxAttempts`` bounds the handshakes tried since the last connection that
    /// was useful, which means it stayed open at least ``stableAfter`` (30 seconds by default)
    /// before it was lost. A connection lost sooner (a server that accepts every handshake and
    /// drops the connection, say) counts against the budget and the backoff goes on growing from
    /// where it was, so such a server sees at most ``maxAttempts`` reconnections before the
    /// messages end with the loss. Only a connection that lasted restores the whole budget.
    ///
    /// A close frame from the server, a protocol violation, ``WebSocket/close(code:reason:)`` and
    /// cancellation end the messages as without a policy. Messages sent while the connection is
    /// down fail with ``WebSocketError/closed``; nothing is replayed.
    public struct ReconnectPolicy: Sendable {
        /// How many handshakes may be tried since the last connection that stayed open
        /// ``stableAfter`` (see the budget above) before the messages end with the loss.
        public var maxAttempts: Int
        /// The wait before each attempt: ``RetryPolicy/Backoff``, with full jitter by default;
        /// the n-th attempt of the budget waits the n-th delay.
        public var backoff: RetryPolicy.Backoff
        /// How long a connection must stay open to restore the budget when it is lost (30 seconds
        /// by default).
        public var stableAfter: Duration
        /// Called after each successful reconnection, before the new connection's messages are
        /// read: which attempt of the budget it was (1 for the first), the loss it follows, and
        /// the server's answer to the new handshake.
        public var onReconnect: @Sendable (_ attempt: Int, _ cause: WebSocketError, _ response: HTTPResponse) -> Void

        /// Creates a policy.
        public init(
            maxAttempts: Int = 5, backoff: RetryPolicy.Backoff = .exponential(), stableAfter: Duration = .seconds(30),
            onReconnect:
                @escaping @Sendable (_ attempt: Int, _ cause: WebSocketError, _ response: HTTPResponse) ->
                Void = { _, _, _ in }
        ) {
            self.maxAttempts = maxAttempts
            self.backoff = backoff
            self.stableAfter = stableAfter
            self.onReconnect = onReconnect
        }
    }

    /// The next message, reconnecting first when the connection was lost and a policy allows.
    func nextMessage() async throws(WebSocketError) -> Message? {
        while true {
            let session = current.withLock { $0.session }
            do {
                return try await session.inbox.next()
            } catch {
                guard let reconnect, error.isLoss, !current.withLock({ $0.closing }) else { throw error }
                try await reopen(after: error, with: reconnect)
            }
        }
    }

    /// Spends the budget on handshakes until one succeeds (the messages then go on) or the budget
    /// is gone (the loss is thrown).
    private func reopen(after cause: WebSocketError, with reconnect: Reconnector) async throws(WebSocketError) {
        let policy = reconnect.policy
        // A connection that lasted restores the budget; one lost sooner goes on spending it.
        current.withLock {
            if ContinuousClock.now - $0.openedAt >= policy.stableAfter { $0.attempts = 0 }
        }
        while true {
            let attempt: Int? = current.withLock {
                guard $0.attempts < max(policy.maxAttempts, 1) else { return nil }
                $0.attempts += 1
                return $0.attempts
            }
            guard let attempt else { throw cause }
            do {
                try await Task.sleep(for: policy.backoff.delay(forRetry: attempt))
            } catch {
                throw .cancelled
            }
            if current.withLock({ $0.closing }) { throw cause }
            guard let (response, session) = try? await reconnect.open() else { continue }
            let closing = current.withLock {
                if !$0.closing {
                    $0.response = response
                    $0.session = session
                    $0.openedAt = .now
                }
                return $0.closing
            }
            session.start()
            if closing {
                await session.close(code: 1000, reason: "")
                throw cause
            }
            policy.onReconnect(attempt, cause, response)
            return
        }
    }

    /// How a socket reopens itself: its policy and the handshake to repeat.
    struct Reconnector: Sendable {
        var policy: ReconnectPolicy
        var open: @Sendable () async throws -> (HTTPResponse, any WebSocketConnection)
    }
}
