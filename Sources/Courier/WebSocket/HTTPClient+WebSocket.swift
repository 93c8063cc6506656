import Foundation

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
    /// Opening a socket is the transport's work (``HTTPTransport/openWebSocket(_:options:)``):
    /// ``CurlTransport`` opens it with libcurl (its proxy, TLS settings and pins apply), and on
    /// Apple platforms ``URLSessionTransport`` with `URLSessionWebSocketTask` (a refusal then
    /// carries its status and header fields, not its body). A transport that cannot open one (a
    /// test double, `URLSessionTransport` on Linux) fails the call with ``HTTPError`` saying so.
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

    /// One opening handshake through the pipeline, and the connection the transport returned with
    /// the 101 (not started). A connection the pipeline drops (a later stage failed the call)
    /// closes itself when released.
    private func openWebSocket<Value>(_ request: Request<Value>, options: WebSocket.Options)
        async throws(HTTPError) -> (HTTPResponse, any WebSocketConnection)
    {
        let context = RequestContext(events: events)
        let outcome = try await run(
            request, Exchange(body: .webSocket(WebSocketUpgrade(options: options)), progress: nil), context: context)
        var response = outcome.response
        guard let session = response.webSocket else {
            // An interceptor answered 101 without the transport: there is no connection.
            let error = HTTPError.invalidRequest(
                "a 101 answer without a WebSocket connection (did an interceptor make it up?)",
                method: outcome.request.method, url: outcome.request.url)
            context.callDidFail(error, request: outcome.request)
            throw error
        }
        response.webSocket = nil
        context.reportMetrics(of: outcome.request, statusCode: response.statusCode, error: nil)
        return (response, session)
    }
}

/// What a WebSocket call asks of the transport stage (the ``Exchange`` body `.webSocket`): the
/// options its connection is opened with. A class so that two calls' exchanges never compare
/// equal.
final class WebSocketUpgrade: Sendable, Equatable {
    static func == (lhs: WebSocketUpgrade, rhs: WebSocketUpgrade) -> Bool { lhs === rhs }

    let options: WebSocket.Options

    init(options: WebSocket.Options) {
        self.options = options
    }
}
