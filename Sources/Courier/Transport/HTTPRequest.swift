public import Foundation

/// A request as it travels through the interceptors to the transport: everything resolved
/// (absolute URL, encoded body, merged headers).
///
/// Interceptors read and change this value; transports send it.
public struct HTTPRequest: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The encoded body, if any.
    public var body: Data?
    /// How long one attempt may take; nil uses the transport's default.
    public var timeout: Duration?
    /// Whether the transport follows redirects.
    public var followsRedirects: Bool
    /// Per-call options set on the ``Request``.
    public var options: RequestOptions

    /// Creates a request.
    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Duration? = nil,
        followsRedirects: Bool = true,
        options: RequestOptions = RequestOptions()
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followsRedirects = followsRedirects
        self.options = options
    }
}

/// A response as a transport received it: status, headers, body bytes and the final URL.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The response header fields.
    public var headers: HTTPHeaders
    /// The body bytes (already decompressed when the transport handles `Content-Encoding`).
    public var body: Data
    /// The URL that answered, after any redirects.
    public var url: URL

    /// Creates a response.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The `Content-Type` media type, if the response has one.
    public var mediaType: MediaType? { headers["Content-Type"].flatMap(MediaType.init) }
}
