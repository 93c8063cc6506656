public import Foundation

/// A typed description of one API call: where it goes, what it sends, and how its response body
/// becomes a `Response`.
///
/// A request is a plain value: build it once (typically from a static factory or an enum of your
/// API's endpoints) and send it with ``HTTPClient/send(_:)`` as often as you like.
///
/// ```swift
/// enum GitHub {
///     static func user(_ name: String) -> Request<User> { Request(path: "/users/\(name)") }
///     static func star(_ repo: String) -> Request<Void> { Request(method: .put, path: "/user/starred/\(repo)") }
/// }
/// ```
///
/// How the body is read follows from `Response`: a `Decodable` type goes through the client's
/// decoder (`JSON.TapeDecoder` unless set), `Data` is returned as received, `String` is decoded as text, and `Void` ignores
/// the body. ``JSON`` reads any JSON document.
public struct Request<Response>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// A path relative to the client's base URL (`/users/me`), or an absolute URL string.
    public var path: String
    /// Query items, appended to any query already in `path`, percent-encoded strictly
    /// (only RFC 3986 unreserved characters are left as they are).
    public var query: [URLQueryItem]
    /// Headers for this call; they override the client's default headers of the same name.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: RequestBody?
    /// The time one attempt may take before it fails with a timeout; nil uses the transport's.
    public var timeout: Duration?
    /// Whether the transport follows redirects (default true). When false, a 3xx response is
    /// returned as it is and validated like any other.
    public var followsRedirects: Bool
    /// Status codes accepted for this call; nil uses the client's validation.
    public var acceptableStatusCodes: Set<Int>?
    /// Extra validators run after the client's own.
    public var validators: [HTTPClient.Validator]
    /// Per-call options read by interceptors (de-duplication, cache policy, ...).
    package var options: RequestOptions

    /// Turns the received body into the response value.
    let decode:
        @Sendable (_ data: Data, _ response: HTTPResponse, _ decoder: any JSON.TopLevelDecoder) throws -> Response

    /// Creates a request whose body is read by `decode`.
    ///
    /// - Parameters:
    ///   - method: The HTTP method (default `GET`).
    ///   - path: A path relative to the client's base URL, or an absolute URL string.
    ///   - query: Query items.
    ///   - headers: Headers for this call.
    ///   - body: The body.
    ///   - decode: Reads the body; it receives the bytes, the raw response and the client's decoder.
    public init(
        method: HTTPMethod = .get,
        path: String,
        query: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: RequestBody? = nil,
        decode:
            @escaping @Sendable (_ data: Data, _ response: HTTPResponse, _ decoder: any JSON.TopLevelDecoder) throws ->
            Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = nil
        self.followsRedirects = true
        self.acceptableStatusCodes = nil
        self.validators = []
        self.options = RequestOptions()
        self.decode = decode
    }

    /// The same call, reading its body as another type.
    public func map<Other>(
        _ transform:
            @escaping @Sendable (_ data: Data, _ response: HTTPResponse, _ decoder: any JSON.TopLevelDecoder) throws ->
            Other
    ) -> Request<Other> {
        var other = Request<Other>(
            method: method, path: path, query: query, headers: headers, body: body, decode: transform)
        other.timeout = timeout
        other.followsRedirects = followsRedirects
        other.acceptableStatusCodes = acceptableStatusCodes
        other.validators = validators
        other.options = options
        return other
    }
}

extension Request where Response: Decodable & Sendable {
    /// Creates a request whose JSON response is decoded as `Response` with the client's decoder.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { data, _, decoder in
            try decoder.decode(Response.self, from: data)
        }
    }

}

extension Request where Response == Data {
    /// Creates a request that returns the response body as received.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { data, _, _ in data }
    }

}

extension Request where Response == String {
    /// Creates a request that returns the response body as text (in the charset the response
    /// names, UTF-8 otherwise).
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { data, response, _ in
            try TextDecoding.decode(data, contentType: response.headers["Content-Type"])
        }
    }

}

extension Request where Response == Void {
    /// Creates a request whose response body is ignored.
    public init(
        method: HTTPMethod = .get, path: String, query: [URLQueryItem] = [], headers: HTTPHeaders = [:],
        body: RequestBody? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { _, _, _ in () }
    }

}

extension Request {
    /// This request, accepting only the given status codes.
    public func allowed(statusCodes: Range<Int>) -> Self { allowed(statusCodes: Set(statusCodes)) }
    /// This request, accepting only the given status codes.
    public func allowed(statusCodes: ClosedRange<Int>) -> Self { allowed(statusCodes: Set(statusCodes)) }
    /// This request, accepting only the given status codes.
    public func allowed(statusCodes: [Int]) -> Self { allowed(statusCodes: Set(statusCodes)) }
    /// This request, accepting only the given status codes.
    public func allowed(statusCodes: Set<Int>) -> Self {
        var copy = self
        copy.acceptableStatusCodes = statusCodes
        return copy
    }

    /// This request with one more validator, run after the client's: it returns why a
    /// response is refused, or nil to accept it.
    public func validate(_ validator: @escaping HTTPClient.Validator) -> Self {
        var copy = self
        copy.validators.append(validator)
        return copy
    }

    /// This request with a per-attempt timeout.
    public func timeout(_ duration: Duration) -> Self {
        var copy = self
        copy.timeout = duration
        return copy
    }

    /// This request with its own limit on the response body held in memory, instead of the
    /// client's ``HTTPClient/Configuration/maximumResponseBodySize``; nil for no limit.
    ///
    /// ```swift
    /// let archive = Request<Data>(path: "/exports/latest.json").maximumResponseBodySize(512 << 20)
    /// ```
    public func maximumResponseBodySize(_ bytes: Int?) -> Self {
        option(ResponseBodyLimitOption.self, .call(bytes))
    }

    /// This request with one option set.
    package func option<Key: RequestOptionKey>(_ key: Key.Type, _ value: Key.Value) -> Self {
        var copy = self
        copy.options[key] = value
        return copy
    }
}

/// Reads text in the charset a `Content-Type` names.
enum TextDecoding {
    struct UndecodableText: Error, CustomStringConvertible {
        let charset: String
        var description: String { "the body is not valid \(charset) text" }
    }

    static func decode(_ data: Data, contentType: String?) throws -> String {
        let charset = contentType.flatMap(MediaType.init)?.parameters["charset"]?.lowercased() ?? "utf-8"
        let encoding: String.Encoding =
            switch charset {
            case "iso-8859-1", "latin1": .isoLatin1
            case "us-ascii", "ascii": .ascii
            case "utf-16": .utf16
            default: .utf8
            }
        guard let text = String(data: data, encoding: encoding) else { throw UndecodableText(charset: charset) }
        return text
    }
}

/// A call's own limit on its response body (``Request/maximumResponseBodySize(_:)``), if it set
/// one. (An enum rather than `Int??`: options are read back with `as?`, which turns a missing
/// value into `.some(nil)` for a double optional.)
enum ResponseBodyLimitOption: RequestOptionKey {
    enum Limit: Sendable {
        /// The client's limit applies.
        case client
        /// The call's own: bytes, or nil for none.
        case call(Int?)
    }

    static let defaultValue = Limit.client
}
