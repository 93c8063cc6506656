extension HTTPClient {
    /// A check run on every response before it is decoded: returns why the response is refused
    /// (shown in ``HTTPError/Kind/validationFailed(reason:)``), or nil to accept it.
    ///
    /// ```swift
    /// $0.validators = [{ $0.headers["X-Version"] == "2" ? nil : "API version must be 2" }]
    /// ```
    public typealias Validator = @Sendable (HTTPResponse) -> String?
}

/// How a client decides whether a response's content is acceptable (stage 8): checks run in
/// order, the content type (``HTTPClient/Configuration/acceptableContentTypes``), then the
/// client's validators, then the call's. The first failure becomes the ``HTTPError``; a refused
/// response is never turned into an empty value. (The API-error decoder and the status code come
/// before, in stages 6 and 7.)
enum Validation {
    /// Why `response` is refused, or nil when it passes.
    static func refusal(
        of response: HTTPResponse, acceptableContentTypes: [String]?, validators: [HTTPClient.Validator]
    ) -> String? {
        if let acceptable = acceptableContentTypes, !response.body.isEmpty {
            guard let media = response.mediaType else {
                return "the response has no Content-Type; expected \(acceptable.joined(separator: " or "))"
            }
            if !acceptable.contains(where: media.matches) {
                return "content type \(media) is not \(acceptable.joined(separator: " or "))"
            }
        }
        for validator in validators {
            if let reason = validator(response) { return reason }
        }
        return nil
    }
}
