import Foundation

/// Sends one request over the network and returns the response: the last step of the pipeline.
///
/// A transport reports what happened on the wire and nothing more: any status code is a
/// response, not an error. Network failures are thrown as `URLError`; cancellation of the calling
/// task must cancel the request promptly and throw `CancellationError` or `URLError(.cancelled)`.
///
/// ``CurlTransport`` is the default on Linux and ``URLSessionTransport`` elsewhere. Test doubles (`StubTransport`, `ReplayTransport` in
/// CourierTesting) implement this protocol, so the whole pipeline runs on top of them unchanged.
///
/// **Progress and downloads to a file** work with every transport: for calls made with
/// ``HTTPClient/transfer(_:)`` and ``HTTPClient/download(_:to:)``, the built-in transports report
/// bytes as they move and write a download's body to its file while it arrives; with any other
/// transport the client reports the totals once ``send(_:)`` answered and writes the file then.
///
/// **Streamed bodies** are a capability too: ``stream(_:)`` returns once the status and headers
/// have arrived and hands the body over in ``HTTPResponse/bodyStream`` while it arrives, for
/// ``HTTPClient/stream(_:)``. The default implementation receives the whole body with ``send(_:)``
/// and hands it over as one chunk, so test doubles stream too; the built-in transports stream
/// with backpressure.
public protocol HTTPTransport: Sendable {
    /// Sends `request` once and returns the response, whatever its status.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` once like ``send(_:)`` but returns as soon as the final response's status
    /// and headers have arrived, with an empty ``HTTPResponse/body`` and the body following in
    /// ``HTTPResponse/bodyStream``.
    ///
    /// The transport keeps a bounded number of unread bytes and stops reading from the network
    /// while the reader is behind; cancelling the stream (or dropping it) stops the transfer. A
    /// failure before the head arrived is thrown here; one after it ends the stream.
    func stream(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Opens a WebSocket (RFC 6455) for ``HTTPClient/webSocket(_:options:)``: sends `request` as
    /// the opening handshake (a `GET` asking for the upgrade, with the request's header fields)
    /// and returns the server's answer. A 101 that completes the handshake carries the open
    /// connection, which the client takes; any other answer is returned as it is (its body read,
    /// at most 1 MiB), its connection closed.
    ///
    /// A capability: the default implementation fails with ``HTTPError`` saying the transport
    /// cannot open WebSockets. ``CurlTransport`` and, on Apple platforms, ``URLSessionTransport``
    /// implement it; a transport that wraps one of them can forward the call.
    func openWebSocket(_ request: HTTPRequest, options: WebSocket.Options) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// Receives the whole response with ``send(_:)`` and hands its body over as one chunk.
    public func stream(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response = try await send(request)
        response.bodyStream = HTTPResponse.ByteStream(response.body)
        response.body = Data()
        return response
    }

    /// Fails: this transport cannot open WebSockets.
    public func openWebSocket(_ request: HTTPRequest, options: WebSocket.Options) async throws -> HTTPResponse {
        throw HTTPError.invalidRequest(
            "\(Self.self) cannot open WebSockets (it does not implement HTTPTransport.openWebSocket(_:options:))",
            method: request.method, url: request.url)
    }
}
