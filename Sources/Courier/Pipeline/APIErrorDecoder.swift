/// Reads an API's own error payload out of a response: returns the error a response carries, or
/// nil when it carries none.
///
/// The client asks the decoder about every response before validating it. Returning an error
/// makes the call fail with ``HTTPError/Kind/server(_:)`` carrying that error; returning nil lets
/// validation and decoding go on. This is how an API that reports failures in a 200 body
/// (`{"returnCode":"601","returnMsg":"登录失效"}`, Reddit's `{"json":{"errors":[...]}}`) gets a typed
/// error instead of a half-decoded value:
/// `$0.apiErrorDecoder = { response in ... }`.
public typealias APIErrorDecoder = @Sendable (HTTPResponse) -> (any Error)?
