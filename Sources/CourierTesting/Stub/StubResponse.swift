public import Courier
public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a ``StubTransport`` route answers: a canned response, or a thrown `URLError`, after an
/// optional delay.
///
/// ```swift
/// let ok = try StubResponse.json(User(name: "spez"))
/// let missing = StubResponse.string("not found", status: 404)
/// let offline = StubResponse.failure(URLError(.notConnectedToInternet))
/// let slow = ok.delayed(by: .seconds(2))
/// ```
public struct StubResponse: Sendable {
    /// The status code sent back.
    public var statusCode: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: Data
    /// How long the transport waits (on its clock) before answering.
    public var delay: Duration?
    /// When set, the transport throws this instead of answering.
    public var failure: URLError?
    /// When true, the transport never answers: the call ends only when its task is cancelled
    /// (with `CancellationError`). For testing timeouts, deadlines and cancellation.
    public var hangs = false

    /// Creates a response from raw bytes.
    public init(statusCode: Int = 200, headers: HTTPHeaders = [:], body: Data = Data(), delay: Duration? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.delay = delay
        failure = nil
    }

    /// A response with a body of bytes.
    public static func data(_ body: Data, status: Int = 200, headers: HTTPHeaders = [:]) -> StubResponse {
        StubResponse(statusCode: status, headers: headers, body: body)
    }

    /// A response with a UTF-8 text body; `Content-Type` defaults to `text/plain; charset=utf-8`.
    public static func string(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> StubResponse {
        StubResponse(
            statusCode: status, headers: defaulting(headers, contentType: "text/plain; charset=utf-8"),
            body: Data(text.utf8))
    }

    /// A response whose body is `value` encoded as JSON; `Content-Type` defaults to `application/json`.
    ///
    /// - Throws: The encoder's `EncodingError` when `value` cannot be encoded.
    public static func json<Value: Encodable>(
        _ value: Value, status: Int = 200, headers: HTTPHeaders = [:], encoder: JSONEncoder = JSONEncoder()
    ) throws -> StubResponse {
        StubResponse(
            statusCode: status, headers: defaulting(headers, contentType: "application/json"),
            body: try encoder.encode(value))
    }

    /// A response whose body is read from a file now, so a missing file fails the test's setup
    /// rather than the request. `Content-Type` is guessed from the extension unless given.
    ///
    /// - Throws: The error from reading the file.
    public static func file(_ url: URL, status: Int = 200, headers: HTTPHeaders = [:]) throws -> StubResponse {
        let body = try Data(contentsOf: url)
        return StubResponse(
            statusCode: status, headers: defaulting(headers, contentType: contentType(forExtension: url.pathExtension)),
            body: body)
    }

    /// A response that fails the request with `error`, as a network failure would.
    public static func failure(_ error: URLError) -> StubResponse {
        var response = StubResponse(statusCode: 0)
        response.failure = error
        return response
    }

    /// A response that never comes: the call waits until its task is cancelled.
    public static var hang: StubResponse {
        var response = StubResponse(statusCode: 0)
        response.hangs = true
        return response
    }

    /// The same response, answered (or failed) after `delay`.
    public func delayed(by delay: Duration) -> StubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    private static func defaulting(_ headers: HTTPHeaders, contentType: String) -> HTTPHeaders {
        var headers = headers
        if headers["Content-Type"] == nil { headers["Content-Type"] = contentType }
        return headers
    }

    private static func contentType(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "json": "application/json"
        case "txt": "text/plain; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "xml": "application/xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        default: "application/octet-stream"
        }
    }
}
