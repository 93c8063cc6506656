import Foundation
import Synchronization

extension HTTPClient {
    /// Opens a WebSocket (RFC 6455) with the request's URL (`ws`, `wss`, `http` or `https`;
    /// relative paths resolve against ``Configuration/baseURL``).
    ///
    /// The opening handshake is a call like any other: ``Configuration/headers`` and the
    /// request's headers are sent with it, the interceptors run on it (authentication, logging,
    /// a retry policy retrying the handshake alone), the event monitors see it. A server that
    /// refuses the upgrade fails the call with ``HTTPError`` carrying its status and body
    /// (``HTTPError/Kind/unacceptableStatus(_:)`` or the API error the
    /// ``Configuration/apiErrorDecoder`` reads). Once open, the connection is the socket's
    /// (``WebSocket``): its failures are ``WebSocketError`` and nothing is retried.
    ///
    /// On Linux, libcurl makes the connection (TLS, proxy tunnel) whatever the client's transport;
    /// a ``CurlTransport``'s trusted certificates are used. On Apple platforms a
    /// ``URLSessionTransport`` opens it with `URLSessionWebSocketTask` (a refusal then carries its
    /// status and header fields, not its body); any other transport fails the call with a
    /// transport error.
    ///
    /// - Throws: ``HTTPError``.
    public func webSocket<Value>(_ request: Request<Value>, options: WebSocket.Options = WebSocket.Options())
        async throws(HTTPError) -> WebSocket
    {
        var request = request
        let lowered = request.path.lowercased()
        if lowered.hasPrefix("ws://") {
            request.path = "http://" + request.path.dropFirst(5)
        } else if lowered.hasPrefix("wss://") {
            request.path = "https://" + request.path.dropFirst(6)
        }
        request.method = .get
        request.body = nil
        request.acceptableStatusCodes = [101]
        let (response, session) = try await openWebSocket(request, options: options)
        session.start()
        let reconnect = options.reconnect.map { policy in
            WebSocket.Reconnector(policy: policy) { [request] in try await self.openWebSocket(request, options: options)
            }
        }
        return WebSocket(response: response, session: session, reconnect: reconnect)
    }

    /// One opening handshake through the pipeline, and the connection it opened (not started).
    private func openWebSocket<Value>(_ request: Request<Value>, options: WebSocket.Options)
        async throws(HTTPError) -> (HTTPResponse, any WebSocketConnection)
    {
        let context = RequestContext(events: events)
        let upgrade = WebSocketUpgrade(options: options)
        let outcome: PipelineOutcome
        do {
            outcome = try await run(request, Exchange(body: .webSocket(upgrade), progress: nil), context: context)
        } catch {
            upgrade.opened.withLock { $0?.discard() }
            throw error
        }
        guard let session = upgrade.opened.withLock({ $0 }) else {
            // An interceptor answered 101 without the transport: there is no connection.
            let error = HTTPError.invalidRequest(
                "a 101 answer without a WebSocket connection (did an interceptor make it up?)",
                method: outcome.request.method, url: outcome.request.url)
            context.callDidFail(error, request: outcome.request)
            throw error
        }
        context.reportMetrics(of: outcome.request, statusCode: outcome.response.statusCode, error: nil)
        return (outcome.response, session)
    }
}
