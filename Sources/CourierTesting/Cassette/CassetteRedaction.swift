public import Courier
public import Foundation

extension Cassette.Interaction {
    /// Records a request and its response, with secrets replaced by `redactor` before anything
    /// is stored: secret headers, secret query values, form fields and JSON values under secret
    /// keys, and bearer credentials. JSON bodies stay valid JSON, so a replayed token response
    /// still decodes (with `LoggingMonitor.Redactor.placeholder` as its token).
    ///
    /// Binary bodies (multipart uploads, images) are stored as they are.
    public init(
        request: HTTPRequest, response: HTTPResponse, recordedAt: Date = Date(),
        redactor: LoggingMonitor.Redactor = .default
    ) {
        let requestURL = redactor.redact(request.url)
        let responseURL = response.url == request.url ? nil : redactor.redact(response.url)
        let requestBody = Self.redactedBody(
            request.body ?? Data(), contentType: request.headers["Content-Type"], redactor: redactor)
        let responseBody = Self.redactedBody(
            response.body, contentType: response.headers["Content-Type"], redactor: redactor)
        self.init(
            request: Cassette.RecordedRequest(
                method: request.method, url: requestURL,
                headers: Self.fixingLength(redactor.redact(request.headers), body: requestBody), body: requestBody
            ),
            response: Cassette.RecordedResponse(
                status: response.statusCode,
                headers: Self.fixingLength(redactor.redact(response.headers), body: responseBody),
                body: responseBody, url: responseURL
            ),
            recordedAt: recordedAt
        )
    }

    /// A redacted body is usually shorter; a stale `Content-Length` would contradict it on replay.
    private static func fixingLength(_ headers: HTTPHeaders, body: Cassette.Body?) -> HTTPHeaders {
        guard headers["Content-Length"] != nil, let body else { return headers }
        var headers = headers
        headers["Content-Length"] = String(body.data.count)
        return headers
    }

    static func redactedBody(_ data: Data, contentType: String?, redactor: LoggingMonitor.Redactor) -> Cassette.Body? {
        guard let body = Cassette.Body(data), case .text(let text) = body else { return Cassette.Body(data) }
        if let json = redactor.redactJSON(data) { return Cassette.Body(json) }
        return .text(redactor.redactBody(text, contentType: contentType))
    }
}
