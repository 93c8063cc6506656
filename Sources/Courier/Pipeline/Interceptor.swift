/// A step of the request pipeline, in the style of OkHttp interceptors: it may change the
/// request, call the rest of the chain (`next`) zero or more times, and change or replace the
/// response.
///
/// ```swift
/// struct UserAgent: Interceptor {
///     func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
///         var request = request
///         request.headers["User-Agent"] = "MyApp/1.0"
///         return try await next(request)
///     }
/// }
/// ```
///
/// For small steps, the static factories build an interceptor from a closure:
/// `.adapt { $0.headers["User-Agent"] = "MyApp/1.0" }` and `.validate { response in ... }`.
///
/// Errors thrown by an interceptor reach the caller as ``HTTPError``: an `HTTPError` as it is, a
/// `URLError` as a transport error, anything else as ``HTTPError/Kind/interceptorFailed(_:)``
/// naming the interceptor's type.
public protocol Interceptor: Sendable {
    /// The rest of the pipeline after an interceptor: call it with a request to pass that request
    /// on through the remaining interceptors and the transport (as many times as the interceptor
    /// needs, or not at all).
    typealias Next = @Sendable (HTTPRequest) async throws -> HTTPResponse

    /// Handles one request, calling `next` to pass it on.
    ///
    /// `next` may be kept and called later (it is `@escaping`); an implementation that only calls
    /// it may declare the parameter as plain `next: Next`.
    func intercept(_ request: HTTPRequest, context: RequestContext, next: @escaping Next) async throws -> HTTPResponse
}

extension HTTPClient {
    /// The interceptor made by ``Interceptor/adapt(_:)`` and ``Interceptor/validate(_:)``: a
    /// closure in the interceptor's place. You need not name this type.
    public struct ClosureInterceptor: Interceptor {
        private let body: @Sendable (HTTPRequest, RequestContext, Next) async throws -> HTTPResponse

        init(_ body: @escaping @Sendable (HTTPRequest, RequestContext, Next) async throws -> HTTPResponse) {
            self.body = body
        }

        /// Runs the closure.
        public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse
        {
            try await body(request, context, next)
        }
    }
}

extension Interceptor where Self == HTTPClient.ClosureInterceptor {
    /// An interceptor that changes each request with `adapt` before passing it on; an error it
    /// throws fails the call as ``HTTPError/Kind/interceptorFailed(_:)``.
    ///
    /// ```swift
    /// let auth: any Interceptor = .adapt { request in
    ///     request.headers["Authorization"] = "Bearer \(try await tokens.current())"
    /// }
    /// ```
    public static func adapt(_ adapt: @escaping @Sendable (inout HTTPRequest) async throws -> Void)
        -> HTTPClient.ClosureInterceptor
    {
        HTTPClient.ClosureInterceptor { request, _, next in
            var request = request
            try await adapt(&request)
            return try await next(request)
        }
    }

    /// An interceptor that refuses responses for which `validate` returns a reason
    /// (``HTTPError/Kind/validationFailed(reason:)``).
    public static func validate(_ validate: @escaping HTTPClient.Validator) -> HTTPClient.ClosureInterceptor {
        HTTPClient.ClosureInterceptor { request, context, next in
            let response = try await next(request)
            if let reason = validate(response) {
                throw HTTPError.validationFailed(
                    reason, request: request, response: response, attempts: context.attempts)
            }
            return response
        }
    }
}
