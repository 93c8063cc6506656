public import Courier
public import Foundation

extension Cassette.Interaction {
    /// Records a request and its response, with secrets replaced by `redactor` before anything
    /// is stored: secret headers, secret query values, form fields and JSON values under secret
    /// keys, and bearer credentials. JSON bodies stay valid JSON, so a replayed token response
    /// still decodes (with `LoggingMonitor.Redactor.placeholder` as its token).
    ///
    /// Binary bodies (multipart uploads, images) are stored as they are; a file or stream body as
    /// its summary (`<N bytes from NAME>`), never its contents.
    public init(
        request: HTTPRequest, response: HTTPResponse, recordedAt: Date = Date(),
        redactor: LoggingMonitor.Redactor = .default
    ) {
        let requestURL = redactor.redact(request.url)
        let responseURL = response.url == request.url ? nil : redactor.redact(response.url)
        let requestBody = Self.redactedBody(
            request.body.map(Self.recordedBytes) ?? Data(), contentType: request.headers["Content-Type"],
            redactor: redactor)
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

    /// What a cassette holds for a request body: the bytes of an in-memory body; for a file,
    /// multipart-with-files or stream body, which are never read into memory for a record, its
    /// summary in angle brackets (`<1048576 bytes from video.mp4>`, `<stream of unknown length>`).
    /// Replay compares a live body the same way, so an unchanged file matches.
    static func recordedBytes(_ body: HTTPRequest.Body) -> Data {
        body.data ?? Data("<\(body.summary)>".utf8)
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
