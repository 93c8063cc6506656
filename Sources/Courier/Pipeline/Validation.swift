extension Validation {
    /// The outcome of a response validator.
    public enum Result: Sendable, Equatable {
        /// The response is acceptable.
        case valid
        /// The response is refused, with a reason shown in the resulting ``HTTPError``.
        case invalid(reason: String)
    }

    /// A check run on every response before it is decoded: a closure returning the outcome.
    public typealias Validator = @Sendable (HTTPResponse) -> Result
}

/// How a client decides whether a response is acceptable.
///
/// Checks run in order: the ``APIErrorDecoder`` (an error payload wins over everything), the
/// status code, the content type, then custom validators. The first failure becomes the
/// ``HTTPError``; a refused response is never turned into an empty value.
public struct Validation: Sendable {
    /// Status codes that count as success (default `200..<300`).
    public var acceptableStatusCodes: Set<Int>
    /// Media type patterns the response must match (`application/json`, `text/*`); nil accepts
    /// any. Responses without a body are not checked.
    public var acceptableContentTypes: [String]?
    /// Custom validators, run in order.
    public var validators: [Validation.Validator]

    /// Creates a validation.
    public init(
        acceptableStatusCodes: Set<Int> = Set(200..<300),
        acceptableContentTypes: [String]? = nil,
        validators: [Validation.Validator] = []
    ) {
        self.acceptableStatusCodes = acceptableStatusCodes
        self.acceptableContentTypes = acceptableContentTypes
        self.validators = validators
    }

    /// The default: any 2xx status.
    public static let `default` = Validation()

    /// Checks the content type and custom validators (status codes are checked by the client,
    /// which may accept a per-call set).
    func validateContent(_ response: HTTPResponse, extra: [Validation.Validator]) -> Validation.Result {
        if let acceptable = acceptableContentTypes, !response.body.isEmpty {
            guard let media = response.mediaType else {
                return .invalid(
                    reason: "the response has no Content-Type; expected \(acceptable.joined(separator: " or "))")
            }
            if !acceptable.contains(where: media.matches) {
                return .invalid(reason: "content type \(media) is not \(acceptable.joined(separator: " or "))")
            }
        }
        func firstFailure(_ validators: [Validation.Validator]) -> Validation.Result? {
            for validator in validators {
                let result = validator(response)
                if case .invalid = result { return result }
            }
            return nil
        }
        return firstFailure(validators) ?? firstFailure(extra) ?? .valid
    }
}
