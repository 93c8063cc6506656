public import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one error ``HTTPClient`` throws.
///
/// Every error carries the request's method and URL, the response when there was one (status,
/// headers, body bytes), and how many attempts were made, so it can be debugged from a log line.
/// ``description`` is meant for people and never shows an `Authorization` header, a cookie or a
/// token: URLs, headers and body snippets pass through ``LoggingMonitor/Redactor``.
///
/// Switch on ``kind`` to handle a case:
///
/// ```swift
/// do { _ = try await client.send(request) }
/// catch where error.isConnectivity { showOfflineBanner() }
/// catch { if error.statusCode == 404 { ... } }
/// ```
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    ///
    /// **Not frozen: switch with `default`.** A later release may add a case (a failure now
    /// reported as another kind gets its own), so a `switch` over a kind keeps a `default`
    /// branch, as every example in this documentation does. An enum rather than a struct over a
    /// private code (async-http-client's `HTTPClientError`) because the cases carry what a caller
    /// matches on (`case .unacceptableStatus(404)`, `case .retriesExhausted(let attempts, let
    /// last)`), which a struct of static values cannot offer; and because SwiftPM builds without
    /// library evolution, where `@frozen` means nothing, the promise is this documentation.
    /// ``HTTPError/isTimeout``,
    /// ``HTTPError/isConnectivity``, ``HTTPError/isCancelled`` and ``HTTPError/statusCode`` answer
    /// the common questions without a `switch`.
    public enum Kind: Sendable {
        /// The request could not be built: a bad URL or a body that failed to encode.
        case invalidRequest(reason: String, underlying: (any Error)?)
        /// An interceptor threw (for example a token could not be got); ``HTTPError/interceptor``
        /// names it.
        case interceptorFailed(any Error)
        /// The transport produced no response: the network failed (a `URLError`: no connection, a
        /// timeout, a reset, a TLS failure; see ``HTTPError/urlError``) or the transport failed
        /// with an error of its own (a test double with no answer for the request).
        case transport(any Error)
        /// The response's status code was not acceptable.
        case unacceptableStatus(Int)
        /// The response body was larger than the call allows
        /// (``HTTPClient/Configuration/maximumResponseBodySize``, or the call's own
        /// ``Request/maximumResponseBodySize(_:)``). The transfer stopped as soon as the body
        /// passed `limit` (at once when its `Content-Length` announced more) and nothing past the
        /// limit was kept. `received` counts the body bytes that had arrived (0 when the head
        /// alone said it; otherwise at most the limit plus one read from the network) and
        /// `expected` is the length the response announced, if any. Read a larger body with
        /// ``HTTPClient/stream(_:)`` or ``HTTPClient/download(_:to:)``; it is not retried.
        case responseBodyTooLarge(limit: Int, received: Int, expected: Int?)
        /// The response's header section was larger than the transport accepts: `limit` bytes
        /// for the whole section, or for one line (libcurl's limits). Nothing of the response is
        /// kept, and it is not retried: the same server answers the same way.
        case responseHeadersTooLarge(limit: Int)
        /// A redirect pointed at `location`, whose scheme is neither http nor https (`file:`,
        /// `ftp:`, `data:`…): it was not followed, and nothing was sent there.
        case redirectRefused(location: String)
        /// The server sent an error payload, decoded by the client's ``APIErrorDecoder``.
        case server(any Error)
        /// A validator refused the response.
        case validationFailed(reason: String)
        /// The body could not be read as the expected type. `codingPath` names the field that
        /// broke (`data.children[3].data.score`) and `snippet` holds up to 512 bytes of the body.
        case decodingFailed(any Error, codingPath: String, snippet: String)
        /// The calling task was cancelled.
        case cancelled
        /// Retries stopped: `attempts` were made and `last` is the error of the final one.
        indirect case retriesExhausted(attempts: Int, last: HTTPError)
        /// The retrier chose to stop, optionally saying why; `last` is the error it saw.
        indirect case retryStopped(reason: String?, last: HTTPError)
        /// An identical request was already in flight and the call asked to be dropped.
        case duplicateDropped
        /// The server's public key matched none of the pins for `host`
        /// (``TLSSettings/pins``): the connection was closed during the TLS handshake, before any
        /// byte of the request was sent.
        case certificatePinMismatch(host: String)
        /// The proxy refused or failed the request: it was the proxy, not the server the request
        /// was for. `proxy` is `scheme://host:port`, never its credentials; `status` is an HTTP
        /// proxy's answer (407 when it wants credentials or refused them, else the status it
        /// refused a `CONNECT` tunnel with), nil for a SOCKS5 server; `reason` says what failed.
        case proxyFailed(proxy: String, status: Int?, reason: String)
        /// A transport cannot be created or used as asked: libcurl cannot be loaded, a setting
        /// this platform cannot honour (client certificates with URLSession on Linux), a pin or
        /// a proxy URL that is not well-formed. Thrown by a transport's initialiser, so
        /// ``HTTPError/url`` is nil.
        case transportUnavailable(reason: String)
    }

    /// What went wrong.
    public let kind: Kind
    /// The request's method.
    public let method: HTTPMethod
    /// The request's URL, if it could be built. Shown redacted in ``description``.
    public let url: URL?
    /// The response, when the error came after one was received.
    public let response: HTTPResponse?
    /// How many attempts were made (1 without retries).
    public var attempts: Int
    /// The type name of the interceptor that threw, for ``Kind/interceptorFailed(_:)`` (and for
    /// any error an interceptor threw that is not an `HTTPError` already).
    public var interceptor: String?
    /// What the client's logs hide beyond the default (see ``LoggingMonitor/Redactor``), hidden
    /// from ``description`` too; nil for the default rules.
    var redactor: LoggingMonitor.Redactor?

    /// Creates an error.
    public init(
        _ kind: Kind, method: HTTPMethod, url: URL?, response: HTTPResponse? = nil, attempts: Int = 1,
        interceptor: String? = nil
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.response = response
        self.attempts = attempts
        self.interceptor = interceptor
    }

    /// The status code, when there was a response.
    public var statusCode: Int? { response?.statusCode }

    /// The underlying `URLError` of a transport failure (also inside exhausted retries).
    public var urlError: URLError? {
        switch kind {
        case .transport(let error): error as? URLError
        case .retriesExhausted(_, let last), .retryStopped(_, let last): last.urlError
        default: nil
        }
    }

    /// Whether the request timed out (one attempt, or the overall deadline).
    public var isTimeout: Bool { urlError?.code == .timedOut }

    /// Whether the transport produced no response (also inside exhausted retries): a network
    /// failure or the transport's own error (``Kind/transport(_:)``), a proxy that refused
    /// (``Kind/proxyFailed(proxy:status:reason:)``) or a server key that matched no pin
    /// (``Kind/certificatePinMismatch(host:)``).
    public var isTransport: Bool {
        switch kind {
        case .transport, .proxyFailed, .certificatePinMismatch: true
        case .retriesExhausted(_, let last), .retryStopped(_, let last): last.isTransport
        default: false
        }
    }

    /// Whether the device seems to be offline or the host unreachable: no network, DNS failure,
    /// connection refused or lost. Worth showing as "offline" rather than as a server problem.
    public var isConnectivity: Bool {
        guard let code = urlError?.code else { return false }
        return Self.connectivityCodes.contains(code)
    }

    /// Whether the calling task was cancelled.
    public var isCancelled: Bool {
        if case .cancelled = kind { return true }
        return urlError?.code == .cancelled
    }

    /// The error payload the ``APIErrorDecoder`` produced, if any.
    public var serverError: (any Error)? {
        switch kind {
        case .server(let error): error
        case .retriesExhausted(_, let last), .retryStopped(_, let last): last.serverError
        default: nil
        }
    }

    private static let connectivityCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .callIsActive,
    ]

    /// A readable account of the error, with secrets redacted, on one line: control characters
    /// (CR, LF, NUL...) from a header name, a server's message or a body are written as escapes
    /// (`\r`, `\n`), so the text cannot forge a line of a log.
    public var description: String {
        // A transport that could not be created had no request to name.
        if case .transportUnavailable = kind, url == nil { return reason }
        let redactor = self.redactor ?? .default
        var text = "\(method) \(url.map(redactor.redact) ?? "<no URL>") failed"
        // Exhausted retries say the number themselves.
        if attempts > 1, !kind.isRetriesExhausted { text += " after \(attempts) attempts" }
        text += ": " + unescapedReason
        if let response {
            let snippet = redactor.redactBody(response.body, contentType: response.headers["Content-Type"], limit: 512)
            if !snippet.isEmpty, !kindDescribesBody { text += "; body: " + snippet }
        }
        return text.escapingControlCharacters
    }

    private var kindDescribesBody: Bool {
        if case .decodingFailed = kind { return true }
        return false
    }

    /// The reason alone, without the request line, with control characters escaped as in
    /// ``description``.
    public var reason: String { unescapedReason.escapingControlCharacters }

    private var unescapedReason: String {
        let redactor = self.redactor ?? .default
        switch kind {
        case .invalidRequest(let reason, let underlying):
            return "invalid request: \(reason)" + (underlying.map { " (\(Self.describe($0)))" } ?? "")
        case .interceptorFailed(let error):
            return "\(interceptor.map { "interceptor \($0)" } ?? "an interceptor") failed: \(Self.describe(error))"
        case .transport(let error as URLError):
            // "-1004 cannot connect to host", then the transport's own words when it gave any
            // (Foundation's stand-in, "The operation could not be completed. (NSURLErrorDomain
            // error -1004.)", says nothing more).
            let words = (error.userInfo[NSLocalizedDescriptionKey] as? String).map { ": " + redactor.redactBody($0) }
            return "transport error \(error.code.rawValue) \(error.code.words)" + (words ?? "")
        case .transport(let error):
            return "the transport failed: \(Self.describe(error))"
        case .unacceptableStatus(let status):
            return "unacceptable status \(status) \(HTTPStatus.reasonPhrase(status))"
        case .responseBodyTooLarge(let limit, let received, let expected):
            return ResponseBodyTooLarge(limit: limit, received: received, expected: expected).description
                + "; read larger bodies with stream(_:) or download(_:to:)"
        case .responseHeadersTooLarge(let limit):
            return ResponseHeadersTooLarge(limit: limit).description
        case .redirectRefused(let location):
            return RedirectRefused(location: location).description
        case .server(let error):
            return "server error" + (response.map { " (status \($0.statusCode))" } ?? "") + ": \(Self.describe(error))"
        case .validationFailed(let reason):
            return "validation failed: \(reason)"
        case .decodingFailed(let error, let codingPath, let snippet):
            let path = codingPath.isEmpty ? "" : " at \(codingPath)"
            return "decoding failed\(path): \(Self.describe(error)); body: "
                + redactor.redactBody(snippet, contentType: response?.headers["Content-Type"])
        case .cancelled:
            return "cancelled"
        case .retriesExhausted(let attempts, let last):
            return "gave up after \(attempts) attempts; last error: \(last.redacted(by: redactor).reason)"
        case .retryStopped(let reason, let last):
            return "retrying stopped" + (reason.map { " (\($0))" } ?? "")
                + "; last error: \(last.redacted(by: redactor).reason)"
        case .duplicateDropped:
            return "dropped: an identical request is already in flight"
        case .certificatePinMismatch(let host):
            return "the public key of \(host) matches none of its pins; the request was not sent"
        case .proxyFailed(let proxy, _, let reason):
            return "the proxy \(proxy) \(reason)"
        case .transportUnavailable(let reason):
            return "the transport is unavailable: \(reason)"
        }
    }

    static func describe(_ error: any Error) -> String {
        let text: String
        if let decoding = error as? DecodingError {
            text = DecodingFailure.summary(of: decoding)
        } else {
            text = oneLine(String(describing: error))
        }
        return LoggingMonitor.Redactor.default.redactBody(text)
    }
}

/// Turns a `DecodingError` into a coding path and a one-line summary.
enum DecodingFailure {
    static func codingPath(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "" }
        let path: [any CodingKey]
        switch decoding {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        return render(path)
    }

    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    static func summary(of error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            "expected \(type) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            "expected \(type) but found null (\(context.debugDescription))"
        case .keyNotFound(let key, _):
            "missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            "data corrupted (\(context.debugDescription))"
        @unknown default:
            "\(error)"
        }
    }
}

extension HTTPError {
    /// The error for a response body that could not be decoded: the coding path of the field
    /// that broke and the first 512 bytes of the body.
    public static func decodingFailure(
        _ error: any Error, request: HTTPRequest, response: HTTPResponse, attempts: Int = 1
    ) -> HTTPError {
        let snippet = String(decoding: response.body.prefix(512), as: UTF8.self)
        return HTTPError(
            .decodingFailed(error, codingPath: DecodingFailure.codingPath(of: error), snippet: snippet),
            method: request.method, url: request.url, response: response, attempts: attempts
        )
    }
}

extension HTTPError {
    /// This error, described with `redactor` when it hides more than the default.
    func redacted(by redactor: LoggingMonitor.Redactor?) -> HTTPError {
        guard let redactor else { return self }
        var error = self
        error.redactor = redactor
        return error
    }

    /// A description that spans lines (a test double's list of routes, one a line) on one line:
    /// "routes tried:" followed by its items, each line's leading "- " dropped, joined by "; ".
    static func oneLine(_ text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard var joined = lines.first else { return text }
        for (index, line) in lines.dropFirst().enumerated() {
            let item = line.hasPrefix("- ") ? String(line.dropFirst(2)) : line
            joined += (index == 0 && joined.hasSuffix(":") ? " " : "; ") + item
        }
        return joined
    }
}

extension HTTPError.Kind {
    fileprivate var isRetriesExhausted: Bool {
        if case .retriesExhausted = self { return true }
        return false
    }
}
