import Foundation
import Synchronization

/// An ``EventMonitor`` that writes one line per event, with secrets always redacted.
///
/// Nothing is logged unless a client has this monitor:
///
/// ```swift
/// let client = HTTPClient(baseURL: api) {
///     $0.eventMonitors = [LoggingMonitor(verbose: true)]
/// }
/// ```
///
/// Every line has the same shape: `[Courier] #<request id> attempt=<n> <event> <METHOD> <redacted URL>`
/// followed by `key=value` fields (`status=`, `bytes=`, `duration=`, ...):
///
/// ```text
/// [Courier] #12 attempt=1 send GET https://api.example.com/me?access_token=<redacted> bytes=0
/// [Courier] #12 attempt=1 receive GET https://api.example.com/me?access_token=<redacted> status=503 bytes=19 duration=8.1ms
/// [Courier] #12 attempt=2 retry GET https://api.example.com/me?access_token=<redacted> delay=500.0ms reason="status 503"
/// [Courier] #12 attempt=2 send GET https://api.example.com/me?access_token=<redacted> bytes=0
/// [Courier] #12 attempt=2 receive GET https://api.example.com/me?access_token=<redacted> status=200 bytes=512 duration=9.7ms
/// [Courier] #12 attempt=2 decoded GET https://api.example.com/me?access_token=<redacted> type=User
/// [Courier] #12 attempt=2 finish GET https://api.example.com/me?access_token=<redacted> status=200 attempts=2 sent=0 received=531 duration=530.2ms
/// ```
///
/// ``verbose`` adds the headers and the body (cut to ``bodyLimit`` bytes, with the full
/// size) below `send` and `receive` lines, indented and marked `>` (out) or `<` (in). Control
/// characters (CR, LF, NUL...) in any text a line shows are written as escapes (`\r`, `\n`),
/// so nothing a server or a request carries can start a log line of its own; a body's own line
/// breaks start a new line marked `>` or `<`.
/// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and every header, query item,
/// form field or JSON key whose name suggests a secret show as `<redacted>`; pass a
/// ``LoggingMonitor/Redactor`` with more names to hide your own.
public final class LoggingMonitor: EventMonitor {
    /// Whether the headers and bodies of requests and responses are written below their lines
    /// (false: one line per event).
    public let verbose: Bool
    /// Hides secrets in every line.
    public let redactor: LoggingMonitor.Redactor
    /// How many body bytes ``verbose`` shows.
    public let bodyLimit: Int
    private let output: @Sendable (String) -> Void
    /// What the lines without a request need, per call in flight.
    private struct Call {
        var method: HTTPMethod
        var url: String
        var attempt: Int?
    }

    private let calls = Mutex<[UInt64: Call]>([:])

    /// Creates a logger.
    ///
    /// - Parameters:
    ///   - verbose: Whether to write headers and bodies too (false by default: one line per event).
    ///   - redactor: Hides secrets; ``LoggingMonitor/Redactor/default`` plus any names you add.
    ///   - bodyLimit: How many body bytes `verbose` shows (default 2 KiB).
    ///   - output: Receives each line, without a trailing newline; standard error by default.
    public init(
        verbose: Bool = false, redactor: LoggingMonitor.Redactor = .default, bodyLimit: Int = 2048,
        output: @escaping @Sendable (String) -> Void = LoggingMonitor.standardError
    ) {
        self.verbose = verbose
        self.redactor = redactor
        self.bodyLimit = max(0, bodyLimit)
        self.output = output
    }

    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: Events

    /// Remembers the call's method and URL for the lines that carry neither.
    public func requestDidStart(_ request: HTTPRequest, requestID: UInt64) {
        calls.withLock { $0[requestID] = Call(method: request.method, url: redactor.redact(request.url)) }
    }

    /// Writes a `send` line (and, verbose, the request's headers and body).
    public func requestWillSend(_ request: HTTPRequest, attempt: Int, requestID: UInt64) {
        // A file or stream body is never read for the log: its size (when known) and, verbose,
        // a summary stand in for the bytes.
        let bytes = request.body.map { $0.length.map(String.init) ?? "unknown" } ?? "0"
        calls.withLock { $0[requestID]?.attempt = attempt }
        write(requestID, attempt, "send", request.method, request.url, "bytes=\(bytes)")
        if verbose {
            if let body = request.body, body.data == nil {
                writeDetails(">", request.headers, Data())
                output("    > body: <\(body.summary)>")
            } else {
                writeDetails(">", request.headers, request.body?.data ?? Data())
            }
        }
    }

    /// Writes a `receive` line (and, verbose, the response's headers and body).
    public func requestDidReceive(
        _ response: HTTPResponse, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {
        write(
            requestID, attempt, "receive", request.method, request.url,
            "status=\(response.statusCode) bytes=\(response.body.count) duration=\(DurationFormat.milliseconds(duration))"
        )
        if verbose { writeDetails("<", response.headers, response.body) }
    }

    /// Writes an `error` line for an attempt that got no response.
    public func attemptDidFail(
        _ error: any Error, for request: HTTPRequest, attempt: Int, duration: Duration, requestID: UInt64
    ) {
        write(
            requestID, attempt, "error", request.method, request.url,
            "duration=\(DurationFormat.milliseconds(duration)) error=\(quoted(describe(error)))")
    }

    /// An error's text with this monitor's redactor: an ``HTTPError`` hides what the log hides,
    /// anything else is redacted as body text.
    private func describe(_ error: any Error) -> String {
        if let error = error as? HTTPError { return error.redacted(by: redactor).description }
        return redactor.redactBody(String(describing: error))
    }

    /// Writes a `retry` line.
    public func requestWillRetry(
        _ request: HTTPRequest, attempt: Int, delay: Duration, reason: String, requestID: UInt64
    ) {
        write(
            requestID, attempt, "retry", request.method, request.url,
            "delay=\(DurationFormat.milliseconds(delay)) reason=\(quoted(reason))")
    }

    /// Writes a `failed` line with the error's description.
    public func requestDidFail(_ error: HTTPError, requestID: UInt64) {
        let call = calls.withLock { $0[requestID] }
        var fields = error.statusCode.map { "status=\($0) " } ?? ""
        fields += "error=\(quoted(error.redacted(by: redactor).description))"
        line(
            requestID, error.attempts, "failed", call?.method ?? error.method,
            call?.url ?? error.url.map(redactor.redact) ?? "<no URL>", fields)
    }

    /// Writes a `decoded` line with the value's type.
    public func requestDidDecode(_ value: any Sendable, requestID: UInt64) {
        let call = calls.withLock { $0[requestID] }
        line(
            requestID, call?.attempt, "decoded", call?.method ?? .get, call?.url ?? "<unknown>",
            "type=\(type(of: value))")
    }

    /// Writes a `finish` line with the call's metrics.
    public func requestDidFinish(_ metrics: RequestMetrics, requestID: UInt64) {
        calls.withLock { _ = $0.removeValue(forKey: requestID) }
        var fields = metrics.statusCode.map { "status=\($0) " } ?? ""
        fields += "attempts=\(metrics.attempts.count) sent=\(metrics.bytesSent) received=\(metrics.bytesReceived)"
        fields += " duration=\(DurationFormat.milliseconds(metrics.duration))"
        if metrics.joinedInFlightRequest { fields += " joined=true" }
        if metrics.error != nil { fields += " failed=true" }
        write(requestID, metrics.attempts.last?.number, "finish", metrics.method, metrics.url, fields)
    }

    // MARK: Formatting

    private func write(
        _ id: UInt64, _ attempt: Int?, _ event: String, _ method: HTTPMethod, _ url: URL, _ fields: String
    ) {
        line(id, attempt, event, method, redactor.redact(url), fields)
    }

    private func line(
        _ id: UInt64, _ attempt: Int?, _ event: String, _ method: HTTPMethod, _ url: String, _ fields: String
    ) {
        let attemptText = attempt.map { "attempt=\($0)" } ?? "attempt=-"
        // Error texts may quote URLs or bodies: a second pass applies this logger's own names.
        // Control characters are escaped, so that no text of a request or response (a header
        // name, an error from a server) can end the line and forge one of its own.
        output(
            "[Courier] #\(id) \(attemptText) \(event) \(method.rawValue) \(url) \(redactor.redactBody(fields))"
                .escapingControlCharacters)
    }

    private func writeDetails(_ marker: String, _ headers: HTTPHeaders, _ body: Data) {
        for field in redactor.redact(headers) {
            output("    \(marker) \(field.name): \(field.value)".escapingControlCharacters)
        }
        guard !body.isEmpty else { return }
        let text = redactor.redactBody(body, contentType: headers["Content-Type"], limit: bodyLimit)
        // A body's own lines are kept, each marked as part of it; nothing else in them is raw.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            String($0).escapingControlCharacters
        }
        output("    \(marker) body (\(body.count) bytes): " + lines.joined(separator: "\n    \(marker) "))
    }

    private func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: " ") + "\""
    }
}
