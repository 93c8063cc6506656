public import Foundation

/// The result of a successful call: the decoded value and the response it came from.
public struct Response<Value> {
    /// The decoded value.
    public let value: Value
    /// The request as it was finally sent, after every interceptor.
    public let request: HTTPRequest
    /// The raw response: status, headers, body bytes, final URL.
    public let raw: HTTPResponse

    /// Creates a response.
    public init(value: Value, request: HTTPRequest, raw: HTTPResponse) {
        self.value = value
        self.request = request
        self.raw = raw
    }

    /// The HTTP status code.
    public var statusCode: Int { raw.statusCode }
    /// The response headers.
    public var headers: HTTPHeaders { raw.headers }
    /// The body bytes as received.
    public var data: Data { raw.body }
    /// The URL that answered, after redirects.
    public var url: URL { raw.url }

    /// The same response with its value transformed.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Response<Other> {
        Response<Other>(value: try transform(value), request: request, raw: raw)
    }
}

extension Response: Sendable where Value: Sendable {}
