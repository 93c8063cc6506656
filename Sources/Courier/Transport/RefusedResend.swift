import Foundation

extension URLError {
    /// The error of a request whose connection died before any answer and that the transport
    /// did not send again, the same on both built-in transports.
    ///
    /// HTTP libraries send a request again by themselves when a reused keep-alive connection
    /// turns out dead before any response byte arrived, whatever the method: libcurl does, both
    /// under ``CurlTransport`` and under FoundationNetworking. The server may well have received
    /// and acted on the first one, so the built-in transports refuse: only a ``RetryPolicy``
    /// retries, knowing the method and counting the attempt. A lost connection, so that the
    /// policy retries an idempotent request (or one marked ``Request/retryable(_:)``).
    static let refusedResend = URLError(
        .networkConnectionLost,
        userInfo: [
            NSLocalizedDescriptionKey:
                "the connection closed before any response arrived: the request may or may not have "
                + "reached the server, and it was not sent again (a RetryPolicy decides that)"
        ])
}
