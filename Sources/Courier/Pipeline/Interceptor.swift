/// A step of the request pipeline, in the style of OkHttp interceptors: it may change the
/// request, call the rest of the chain (`next`) zero or more times, and change or replace the
/// response.
///
/// ```swift
/// struct UserAgent: Interceptor {
///     func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPRawResponse {
///         var request = request
///         request.headers["User-Agent"] = "MyApp/1.0"
///         return try await next(request)
///     }
/// }
/// ```
///
/// Errors thrown by an interceptor reach the caller as ``HTTPError``: an `HTTPError` as it is, a
/// `URLError` as a transport error, anything else as ``HTTPError/Kind/adaptationFailed(_:)``.
public protocol Interceptor: Sendable {
    /// Handles one request, calling `next` to pass it on.
    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPRawResponse
}

/// The rest of the pipeline after an interceptor.
public struct Next: Sendable {
    private let proceed: @Sendable (HTTPRequest) async throws -> HTTPRawResponse

    init(_ proceed: @escaping @Sendable (HTTPRequest) async throws -> HTTPRawResponse) {
        self.proceed = proceed
    }

    /// Sends `request` through the remaining interceptors and the transport.
    public func callAsFunction(_ request: HTTPRequest) async throws -> HTTPRawResponse {
        try await proceed(request)
    }
}

/// An interceptor that changes each request before it is sent, from an async closure.
///
/// ```swift
/// let auth = AdaptingInterceptor { request in
///     request.headers["Authorization"] = "Bearer \(try await tokens.current())"
/// }
/// ```
public struct AdaptingInterceptor: Interceptor {
    private let adapt: @Sendable (inout HTTPRequest) async throws -> Void

    /// Creates an adapter; an error it throws fails the call as ``HTTPError/Kind/adaptationFailed(_:)``.
    public init(_ adapt: @escaping @Sendable (inout HTTPRequest) async throws -> Void) {
        self.adapt = adapt
    }

    /// Adapts the request, then passes it on.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPRawResponse {
        var request = request
        do {
            try await adapt(&request)
        } catch let error as HTTPError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw HTTPError(.adaptationFailed(error), method: request.method, url: request.url)
        }
        return try await next(request)
    }
}

/// An interceptor that checks each response and fails the call when the closure says so.
public struct ValidatingInterceptor: Interceptor {
    private let validate: @Sendable (HTTPRawResponse) -> ValidationResult

    /// Creates a validator from a closure.
    public init(_ validate: @escaping @Sendable (HTTPRawResponse) -> ValidationResult) {
        self.validate = validate
    }

    /// Passes the request on and validates what comes back.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPRawResponse {
        let response = try await next(request)
        if case .invalid(let reason) = validate(response) {
            throw HTTPError(.validationFailed(reason: reason), method: request.method, url: request.url, response: response)
        }
        return response
    }
}

extension Interceptor where Self == AdaptingInterceptor {
    /// An interceptor that changes each request with `adapt`.
    public static func adapt(_ adapt: @escaping @Sendable (inout HTTPRequest) async throws -> Void) -> AdaptingInterceptor {
        AdaptingInterceptor(adapt)
    }
}

extension Interceptor where Self == ValidatingInterceptor {
    /// An interceptor that refuses responses for which `validate` returns `.invalid`.
    public static func validate(_ validate: @escaping @Sendable (HTTPRawResponse) -> ValidationResult) -> ValidatingInterceptor {
        ValidatingInterceptor(validate)
    }
}
