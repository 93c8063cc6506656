import Foundation

extension Cassette.Interaction {
    /// Records a request and its response, with secrets replaced by `redactor` before anything
    /// is stored: secret headers, secret query values, form fields and JSON values under secret
    /// keys, and bearer credentials. JSON bodies stay valid JSON, so a replayed token response
    /// still decodes (with ``Redactor/placeholder`` as its token).
    ///
    /// Binary bodies (multipart uploads, images) are stored as they are.
    public init(request: HTTPRequest, response: HTTPRawResponse, recordedAt: Date = Date(), redactor: Redactor = .default) {
        let requestURL = redactor.redact(request.url)
        let responseURL = response.url == request.url ? nil : redactor.redact(response.url)
        self.init(
            request: Cassette.RecordedRequest(
                method: request.method, url: requestURL, headers: redactor.redact(request.headers),
                body: Self.redactedBody(request.body ?? Data(), contentType: request.headers["Content-Type"], redactor: redactor)
            ),
            response: Cassette.RecordedResponse(
                status: response.statusCode, headers: redactor.redact(response.headers),
                body: Self.redactedBody(response.body, contentType: response.headers["Content-Type"], redactor: redactor),
                url: responseURL
            ),
            recordedAt: recordedAt
        )
    }

    static func redactedBody(_ data: Data, contentType: String?, redactor: Redactor) -> Cassette.Body? {
        guard let body = Cassette.Body(data), case .text(let text) = body else { return Cassette.Body(data) }
        if let json = redactor.redactJSON(data) { return Cassette.Body(json) }
        return .text(redactor.redactBody(text, contentType: contentType))
    }
}
