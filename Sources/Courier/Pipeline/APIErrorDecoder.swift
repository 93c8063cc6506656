/// Reads an API's own error payload out of a response.
///
/// The client asks the decoder about every response before validating it. Returning an error
/// makes the call fail with ``HTTPError/Kind/server(_:)`` carrying that error; returning nil lets
/// validation and decoding go on. This is how an API that reports failures in a 200 body
/// (`{"returnCode":"601","returnMsg":"登录失效"}`, Reddit's `{"json":{"errors":[...]}}`) gets a typed
/// error instead of a half-decoded value.
public protocol APIErrorDecoder: Sendable {
    /// The error the response carries, or nil when it carries none.
    func decodeError(from response: HTTPRawResponse) -> (any Error)?
}

/// An ``APIErrorDecoder`` made from a closure.
public struct ClosureAPIErrorDecoder: APIErrorDecoder {
    private let decode: @Sendable (HTTPRawResponse) -> (any Error)?

    /// Creates a decoder from a closure.
    public init(_ decode: @escaping @Sendable (HTTPRawResponse) -> (any Error)?) {
        self.decode = decode
    }

    /// Calls the closure.
    public func decodeError(from response: HTTPRawResponse) -> (any Error)? { decode(response) }
}
