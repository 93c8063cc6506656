public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends ``Request`` values and returns decoded ``Response`` values or throws ``HTTPError``.
///
/// Every call (``send(_:)``, ``stream(_:)``, ``transfer(_:)``, ``download(_:to:)``) goes through
/// one pipeline, whose stages 1 to 8 one runner performs for all of them; what differs is what
/// the call wants from the body and whether it reports progress:
///
/// 1. **Build**: the `Request` is resolved against ``Configuration/baseURL``, its body encoded,
///    the default headers merged and its acceptable statuses fixed: an ``HTTPRequest``. A header
///    field that HTTP does not allow (a name that is not a token, a value with CR, LF or NUL)
///    fails the call with ``HTTPError/Kind/invalidRequest(reason:underlying:)``.
/// 2. **Observe**: the call's start, each attempt, and its end (decoded value or failure, then
///    ``RequestMetrics``) go to ``Configuration/eventMonitors``.
/// 3. **De-duplicate**: a call that asked for it joins an identical call in flight
///    (``Request/deduplicated()``), or is dropped (``Request/droppedIfInFlight()``), before
///    anything else runs; a streamed call or a download never is.
/// 4. **Interceptors**: ``Configuration/interceptors`` run in order, each calling the next.
///    Retry (``RetryPolicy``), authentication, caching and logging are interceptors, so this
///    list is the whole behaviour of the client.
/// 5. **Transport**: after the last interceptor, ``Configuration/transport`` sends the request;
///    each attempt is counted, timed and reported. The header fields are checked again first,
///    as the interceptors left them: a transport is never handed a malformed request.
/// 6. **API errors**: the ``Configuration/apiErrorDecoder`` reads the API's own error payload.
/// 7. **Status**: the status must be one the request accepts (``HTTPRequest/accepts(statusCode:)``,
///    the same rule ``RetryPolicy`` applies).
/// 8. **Content**: the content type (``Configuration/acceptableContentTypes``) and custom
///    validators (``Configuration/validators``, ``Request/validate(_:)``).
/// 9. **Decode**: the body becomes the request's response type.
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
        public var decoder: any JSON.TopLevelDecoder
        /// Headers sent with every request; a request's own headers win.
        public var headers: HTTPHeaders
        /// The pipeline, outermost first; the transport comes after the last one.
        public var interceptors: [any Interceptor]
        /// Status codes that count as success (`200..<300` unless set); a call may set its own
        /// with ``Request/allowed(statusCodes:)-(Set<Int>)``.
        public var acceptableStatusCodes: Set<Int>
        /// Media type patterns a response with a body must match (`application/json`, `text/*`);
        /// nil (the default) accepts any.
        public var acceptableContentTypes: [String]?
        /// Checks run on every response, in order, before the call's own (``Request/validate(_:)``).
        public var validators: [Validator]
        /// Reads the API's own error payloads; nil reports bad statuses as
        /// ``HTTPError/Kind/unacceptableStatus(_:)``.
        public var apiErrorDecoder: APIErrorDecoder?
        /// Observers of every call (logging, metrics, ``NetworkActivity``); none by default.
        /// Events are handed over without waiting for the monitors (see ``EventMonitor``).
        public var eventMonitors: [any EventMonitor]
        /// The most bytes of a response body a call holds in memory
        /// (``defaultMaximumResponseBodySize``, 64 MiB, unless set; nil for no limit). A call may
        /// set its own with ``Request/maximumResponseBodySize(_:)``.
        ///
        /// A larger body ends the call with ``HTTPError/Kind/responseBodyTooLarge(limit:received:expected:)``
        /// as soon as it passes the limit, at once when its `Content-Length` announces more, and
        /// the connection is closed: the bytes past the limit are never kept. The limit bounds
        /// what a call holds in memory, so two ways to receive a larger body are not limited by it:
        /// ``HTTPClient/stream(_:)`` hands the body over while it arrives, and
        /// ``HTTPClient/download(_:to:)`` writes a successful body to its file (an error
        /// response's body, kept in memory for the error, is limited).
        public var maximumResponseBodySize: Int?

        /// The default of ``maximumResponseBodySize``: 64 MiB, far above any API response an app
        /// decodes whole, and small enough that a server sending without end cannot exhaust the
        /// app's memory.
        public static let defaultMaximumResponseBodySize = 64 << 20

        /// Creates a configuration with the defaults.
        public init(baseURL: URL? = nil, transport: any HTTPTransport = HTTPClient.defaultTransport) {
            self.baseURL = baseURL
            self.transport = transport
            encoder = JSONEncoder()
            decoder = JSON.TapeDecoder()
            headers = [:]
            interceptors = []
            acceptableStatusCodes = Set(200..<300)
            acceptableContentTypes = nil
            validators = []
            apiErrorDecoder = nil
            eventMonitors = []
            maximumResponseBodySize = Self.defaultMaximumResponseBodySize
        }
    }

    /// The configuration the client was made with.
    public let configuration: Configuration
    /// Hands events to ``Configuration/eventMonitors``.
    let events: EventDispatcher
    /// Calls in flight that asked for de-duplication.
    let deduplication = DeduplicationGate()
    /// ``Configuration/baseURL`` without trailing slashes, when it is an http(s) URL with a host.
    let validBase: String?
    /// What the client's logs hide beyond the default, hidden from its cURL lines and errors too;
    /// nil when its logs hide no more than the default.
    let redactor: LoggingMonitor.Redactor?

    /// Creates a client from a configuration.
    public init(configuration: Configuration) {
        self.configuration = configuration
        events = EventDispatcher(monitors: configuration.eventMonitors)
        validBase = Self.httpBase(configuration.baseURL)
        redactor = LoggingMonitor.Redactor.of(monitors: configuration.eventMonitors)
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

    // MARK: - The pipeline

    /// Sends a request through the pipeline and decodes its response.
    ///
    /// - Throws: ``HTTPError``, always; cancelling the calling task cancels the request and
    ///   throws ``HTTPError/Kind/cancelled``.
    public func send<Value: Sendable>(_ request: Request<Value>) async throws(HTTPError) -> Response<Value> {
        try await send(request, .whole)
    }

    /// ``send(_:)`` for a caller that wants the body `exchange` says (whole, or written to a
    /// file) and perhaps its progress: stages 1 to 8 (``run(_:_:context:)``), then 9.
    func send<Value: Sendable>(_ request: Request<Value>, _ exchange: Exchange) async throws(HTTPError)
        -> Response<Value>
    {
        let context = RequestContext(events: events)
        let outcome = try await run(request, exchange, context: context)
        let raw = outcome.response
        // 9. Decoding.
        let response: Response<Value>
        do {
            response = Response(
                value: try request.decode(raw.body, raw, configuration.decoder), request: outcome.request, raw: raw)
        } catch {
            let failure = HTTPError.decodingFailure(
                error, request: outcome.request, response: raw, attempts: outcome.attempts
            ).redacted(by: redactor)
            context.callDidFail(failure, request: outcome.request)
            throw failure
        }
        context.eventMonitor.requestDidDecode(response.value, requestID: context.id)
        context.reportMetrics(of: outcome.request, statusCode: raw.statusCode, error: nil)
        return response
    }
}
