public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends ``Request`` values and returns decoded ``Response`` values or throws ``HTTPError``.
///
/// Every call goes through one pipeline, in this order:
///
/// 1. The `Request` is resolved against ``Configuration/baseURL``, its body encoded and the
///    default headers merged: an ``HTTPRequest``.
/// 2. A call that asked for de-duplication (``Request/deduplicated(_:)``) joins an identical
///    call in flight, or is dropped, before anything else runs (see ``HTTPClient/DeduplicationMode``).
/// 3. ``Configuration/interceptors`` run in order, each calling the next; the last one hands the
///    request to ``Configuration/transport``. Retry (``RetryPolicy``), authentication, caching
///    and logging are interceptors, so this list is the whole behaviour of the client.
/// 4. The response is validated: the ``Configuration/apiErrorDecoder`` first, then status codes,
///    content type and custom validators (``Validation``).
/// 5. The body is decoded as the request says.
///
/// ```swift
/// let client = HTTPClient(baseURL: URL(string: "https://api.example.com")!) {
///     $0.interceptors = [.adapt { $0.headers["User-Agent"] = "Example/1.0" }]
/// }
/// let user = try await client.send(Request<User>(path: "/me")).value
/// ```
///
/// A client is immutable once made and safe to share between tasks.
public final class HTTPClient: Sendable {
    /// Everything a client is set up with.
    public struct Configuration: Sendable {
        /// Resolves relative request paths; nil allows absolute URLs only.
        public var baseURL: URL?
        /// Sends requests over the network (``CurlTransport`` on Linux, ``URLSessionTransport`` elsewhere, unless set).
        public var transport: any HTTPTransport
        /// Encodes `.json` bodies.
        public var encoder: JSONEncoder
        /// Decodes `Decodable` responses.
        public var decoder: JSONDecoder
        /// Headers sent with every request; a request's own headers win.
        public var headers: HTTPHeaders
        /// The pipeline, outermost first; the transport comes after the last one.
        public var interceptors: [any Interceptor]
        /// Which responses are accepted.
        public var validation: Validation
        /// Reads the API's own error payloads; nil reports bad statuses as
        /// ``HTTPError/Kind/unacceptableStatus(_:)``.
        public var apiErrorDecoder: (any APIErrorDecoder)?
        /// Observers of every call (logging, metrics, ``NetworkActivity``); none by default.
        /// Events are handed over without waiting for the monitors (see ``EventMonitor``).
        public var eventMonitors: [any EventMonitor]

        /// Creates a configuration with the defaults.
        public init(baseURL: URL? = nil, transport: any HTTPTransport = HTTPClient.defaultTransport) {
            self.baseURL = baseURL
            self.transport = transport
            encoder = JSONEncoder()
            decoder = JSONDecoder()
            headers = [:]
            interceptors = []
            validation = .default
            apiErrorDecoder = nil
            eventMonitors = []
        }
    }

    /// The configuration the client was made with.
    public let configuration: Configuration
    /// Hands events to ``Configuration/eventMonitors``.
    let events: EventDispatcher
    /// Calls in flight that asked for de-duplication, by request identity.
    let inFlight = InFlightRequests<RequestIdentity, SharedOutcome>()
    /// ``Configuration/baseURL`` without trailing slashes, when it is an http(s) URL with a host.
    let validBase: String?

    /// Creates a client from a configuration.
    public init(configuration: Configuration) {
        self.configuration = configuration
        events = EventDispatcher(monitors: configuration.eventMonitors)
        validBase = Self.httpBase(configuration.baseURL)
    }

    /// Creates a client for a base URL, adjusting the default configuration with `configure`.
    public convenience init(
        baseURL: URL?,
        transport: any HTTPTransport = HTTPClient.defaultTransport,
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        var configuration = Configuration(baseURL: baseURL, transport: transport)
        configure(&configuration)
        self.init(configuration: configuration)
    }

    /// Sends a request through the pipeline and decodes its response.
    ///
    /// - Throws: ``HTTPError``, always; cancelling the calling task cancels the request and
    ///   throws ``HTTPError/Kind/cancelled``.
    public func send<Response: Sendable>(_ request: Request<Response>) async throws(HTTPError) -> Response<Response> {
        let context = RequestContext(events: events)
        let httpRequest: HTTPRequest
        do {
            httpRequest = try makeHTTPRequest(request)
        } catch {
            events.requestDidFail(error, requestID: context.id)
            throw error
        }
        return try await context.observe(httpRequest) { () async throws(HTTPError) in
            try await perform(request, httpRequest, context: context)
        }
    }

    /// Runs the pipeline for a resolved request, then validates and decodes the response.
    private func perform<Response: Sendable>(
        _ request: Request<Response>, _ httpRequest: HTTPRequest, context: RequestContext
    ) async throws(HTTPError) -> Response<Response> {
        let raw: HTTPResponse
        do {
            raw = try await dispatch(httpRequest, context: context)
        } catch {
            throw Self.httpError(from: error, request: httpRequest, context: context)
        }
        let sent = context.lastRequest ?? httpRequest
        let attempts = max(context.attempts, 1)
        func failure(_ kind: HTTPError.Kind) -> HTTPError {
            HTTPError(kind, method: sent.method, url: sent.url, response: raw, attempts: attempts)
        }

        if let apiError = configuration.apiErrorDecoder?.decodeError(from: raw) {
            throw failure(.server(apiError))
        }
        let acceptable = request.acceptableStatusCodes ?? configuration.validation.acceptableStatusCodes
        guard acceptable.contains(raw.statusCode) else { throw failure(.unacceptableStatus(raw.statusCode)) }
        if case .invalid(let reason) = configuration.validation.validateContent(raw, extra: request.validators) {
            throw failure(.validationFailed(reason: reason))
        }
        do {
            let value = try request.decode(raw.body, raw, configuration.decoder)
            return Response(value: value, request: sent, raw: raw)
        } catch {
            throw HTTPError.decodingFailure(error, request: sent, response: raw, attempts: attempts)
        }
    }

    /// Runs interceptor `index` and, through `next`, the rest of the chain and the transport.
    func run(_ request: HTTPRequest, context: RequestContext, from index: Int) async throws -> HTTPResponse {
        let interceptors = configuration.interceptors
        guard index < interceptors.count else {
            try Task.checkCancellation()
            return try await context.sendAttempt(request, through: configuration.transport)
        }
        return try await interceptors[index].intercept(request, context: context, next: Next { request in
            try await self.run(request, context: context, from: index + 1)
        })
    }

    /// Wraps anything the chain threw in an ``HTTPError`` with the request's context.
    static func httpError(from error: any Error, request: HTTPRequest, context: RequestContext) -> HTTPError {
        httpError(from: error, request: context.lastRequest ?? request, attempts: max(context.attempts, 1))
    }

    /// Wraps anything an attempt threw in an ``HTTPError`` for the request that was sent.
    static func httpError(from error: any Error, request sent: HTTPRequest, attempts: Int) -> HTTPError {
        switch error {
        case let error as HTTPError:
            return error
        case is CancellationError:
            return HTTPError(.cancelled, method: sent.method, url: sent.url, attempts: attempts)
        case let error as URLError where error.code == .cancelled && Task.isCancelled:
            return HTTPError(.cancelled, method: sent.method, url: sent.url, attempts: attempts)
        case let error as URLError:
            return HTTPError(.transport(error), method: sent.method, url: sent.url, attempts: attempts)
        default:
            return HTTPError(.interceptorFailed(error), method: sent.method, url: sent.url, attempts: attempts)
        }
    }
}
