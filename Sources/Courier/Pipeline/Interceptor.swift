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
    /// The rest of the pipeline after an interceptor: call it to pass a request on.
    typealias Next = HTTPClient.Next

    /// Handles one request, calling `next` to pass it on.
    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse
}

extension HTTPClient {
    /// The rest of the pipeline after an interceptor (``Interceptor/Next``): the remaining
    /// interceptors, then the transport.
    public struct Next: Sendable {
        let client: HTTPClient
        let context: RequestContext
        let index: Int

        /// Sends `request` through the remaining interceptors and the transport.
        public func callAsFunction(_ request: HTTPRequest) async throws -> HTTPResponse {
            try await client.intercept(request, context: context, from: index)
        }
    }

    /// The interceptor made by ``Interceptor/adapt(_:)``: changes each request before it is
    /// sent. You need not name this type.
    public struct AdaptingInterceptor: Interceptor {
        private let adapt: @Sendable (inout HTTPRequest) async throws -> Void

        init(_ adapt: @escaping @Sendable (inout HTTPRequest) async throws -> Void) {
            self.adapt = adapt
        }

        /// Adapts the request, then passes it on.
        public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse
        {
            var request = request
            try await adapt(&request)
            return try await next(request)
        }
    }

    /// The interceptor made by ``Interceptor/validate(_:)``: fails the call when the closure
    /// refuses a response. You need not name this type.
    public struct ValidatingInterceptor: Interceptor {
        private let validate: @Sendable (HTTPResponse) -> Validation.Result

        init(_ validate: @escaping @Sendable (HTTPResponse) -> Validation.Result) {
            self.validate = validate
        }

        /// Passes the request on and validates what comes back.
        public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse
        {
            let response = try await next(request)
            if case .invalid(let reason) = validate(response) {
                throw HTTPError.validationFailed(
                    reason, request: request, response: response, attempts: context.attempts)
            }
            return response
        }
    }
}

extension Interceptor where Self == HTTPClient.AdaptingInterceptor {
    /// An interceptor that changes each request with `adapt` before passing it on; an error it
    /// throws fails the call as ``HTTPError/Kind/interceptorFailed(_:)``.
    ///
    /// ```swift
    /// let auth: any Interceptor = .adapt { request in
    ///     request.headers["Authorization"] = "Bearer \(try await tokens.current())"
    /// }
    /// ```
    public static func adapt(_ adapt: @escaping @Sendable (inout HTTPRequest) async throws -> Void)
        -> HTTPClient.AdaptingInterceptor
    {
        HTTPClient.AdaptingInterceptor(adapt)
    }
}

extension Interceptor where Self == HTTPClient.ValidatingInterceptor {
    /// An interceptor that refuses responses for which `validate` returns `.invalid`
    /// (``HTTPError/Kind/validationFailed(reason:)``).
    public static func validate(_ validate: @escaping @Sendable (HTTPResponse) -> Validation.Result)
        -> HTTPClient.ValidatingInterceptor
    {
        HTTPClient.ValidatingInterceptor(validate)
    }
}
