public import Foundation

/// A response on the wire, as a transport received it: status, headers, body bytes and the
/// final URL. The typed ``Response`` wraps one with the decoded value.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The response header fields.
    public var headers: HTTPHeaders
    /// The body bytes (already decompressed when the transport handles `Content-Encoding`).
    public var body: Data
    /// The URL that answered, after any redirects.
    public var url: URL
    /// The body still arriving, for a response of ``HTTPTransport/stream(_:)`` (then ``body`` is
    /// empty); nil for a response received whole.
    public var bodyStream: ByteStream?
    /// Where the exchange's time went, when the transport measured it (see
    /// ``RequestMetrics/Phases``); the pipeline copies it into the attempt's metrics.
    package var phases: PhaseTimings?
    /// How many body bytes the transport wrote to the download's file instead of ``body``
    /// (``HTTPClient/download(_:to:)`` on a transport that writes downloads itself); nil when
    /// the body is in ``body``.
    package var bytesWrittenToFile: Int64?
    /// The request as the transport was handed it, after every interceptor: set by the
    /// pipeline's transport stage, so the run's outcome names what was sent (nil for a
    /// response an interceptor made up).
    package var sentRequest: HTTPRequest?
    /// The connection a WebSocket handshake opened (``HTTPTransport/openWebSocket(_:options:)``
    /// answered 101), not started; the client takes it. Released unused, it closes itself.
    var webSocket: (any WebSocketConnection)?

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The `Content-Type` media type, if the response has one.
    package var mediaType: MediaType? { headers["Content-Type"].flatMap(MediaType.init) }
}
