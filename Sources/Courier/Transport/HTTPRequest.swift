public import Foundation

/// A request on the wire: what travels through the interceptors to the transport, everything
/// resolved (absolute URL, encoded body, merged headers).
///
/// Interceptors read and change this value; transports send it. It is the wire twin of the typed
/// ``Request``, as ``HTTPResponse`` is the wire twin of the typed ``Response``.
public struct HTTPRequest: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields to send.
    public var headers: HTTPHeaders
    /// The body, if any: bytes in memory, a file read as it is sent, or a stream (see ``Body``).
    public var body: Body?
    /// How long one attempt may take; nil uses the transport's default.
    public var timeout: Duration?
    /// Whether the transport follows redirects.
    public var followsRedirects: Bool
    /// The status codes that count as success for this call: the ``Request``'s own
    /// (`Request.allowed(statusCodes:)`) or else the client's ``HTTPClient/Configuration/acceptableStatusCodes``.
    ///
    /// The one rule for "acceptable": the client's status validation and ``RetryPolicy`` both ask
    /// ``accepts(statusCode:)``.
    public var acceptableStatusCodes: Set<Int>
    /// The most bytes of the response body the transport may hold in memory; nil for no limit.
    ///
    /// The client sets it from ``HTTPClient/Configuration/maximumResponseBodySize`` or the call's
    /// own ``Request/maximumResponseBodySize(_:)``, and leaves it nil for ``HTTPClient/stream(_:)``.
    /// The built-in transports stop reading a larger body as soon as it passes the limit (at once
    /// when its `Content-Length` says so) without keeping the bytes past it, and the call fails
    /// with ``HTTPError/Kind/responseBodyTooLarge(limit:received:expected:)``; a download's
    /// successful body, written to its file, is not held in memory and not limited. For any
    /// other transport the client checks the body it returns.
    public var maximumResponseBodySize: Int?
    /// Per-call options set on the ``Request``, read by interceptors.
    package var options: RequestOptions

    /// Creates a request.
    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Body? = nil,
        timeout: Duration? = nil,
        followsRedirects: Bool = true,
        acceptableStatusCodes: Set<Int> = Set(200..<300)
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.followsRedirects = followsRedirects
        self.acceptableStatusCodes = acceptableStatusCodes
        self.maximumResponseBodySize = nil
        self.options = RequestOptions()
    }

    /// Creates a request whose body is `body`'s bytes, held in memory.
    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data,
        timeout: Duration? = nil,
        followsRedirects: Bool = true,
        acceptableStatusCodes: Set<Int> = Set(200..<300)
    ) {
        self.init(
            method: method, url: url, headers: headers, body: .data(body), timeout: timeout,
            followsRedirects: followsRedirects, acceptableStatusCodes: acceptableStatusCodes)
    }

    /// Whether a response with `statusCode` counts as success for this call.
    @inlinable
    public func accepts(statusCode: Int) -> Bool { acceptableStatusCodes.contains(statusCode) }
}
