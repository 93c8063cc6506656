/// Reads an API's own error payload out of a response.
///
/// The client asks the decoder about every response before validating it. Returning an error
/// makes the call fail with ``HTTPError/Kind/server(_:)`` carrying that error; returning nil lets
/// validation and decoding go on. This is how an API that reports failures in a 200 body
/// (`{"returnCode":"601","returnMsg":"登录失效"}`, Reddit's `{"json":{"errors":[...]}}`) gets a typed
/// error instead of a half-decoded value:
/// `$0.apiErrorDecoder = .decode { response in ... }`.
public struct APIErrorDecoder: Sendable {
    private let decode: @Sendable (HTTPResponse) -> (any Error)?

    /// A decoder from a closure: return the error a response carries, or nil.
    public init(_ decode: @escaping @Sendable (HTTPResponse) -> (any Error)?) {
        self.decode = decode
    }

    /// An API-error decoder from a closure: return the error a response carries, or nil.
    public static func decode(_ decode: @escaping @Sendable (HTTPResponse) -> (any Error)?) -> APIErrorDecoder {
        APIErrorDecoder(decode)
    }

    /// The error the response carries, or nil when it carries none.
    public func decodeError(from response: HTTPResponse) -> (any Error)? { decode(response) }
}
