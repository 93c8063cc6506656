public import Courier
import Foundation

/// Reads every error shape Reddit sends into a ``RedditError``; ``RedditClient`` installs it as
/// its `HTTPClient`'s `APIErrorDecoder`.
///
/// - 3xx: a redirect, reported rather than followed (unless the call takes the redirect as its
///   answer, as ``Reddit/stickiedPost(of:slot:)`` does).
/// - 401/403 with `WWW-Authenticate: Bearer ... error="..."`: an invalid token or a missing scope.
/// - 429: rate limited, with `Retry-After` when sent.
/// - Other 4xx/5xx: the JSON shapes `{"json":{"errors":...}}`, `{"reason",...}`,
///   `{"error":"oauth_code"}`, `{"message","error":N}`; else the body is reported as empty or non-JSON.
/// - 2xx: only `{"json":{"errors":[...]}}` with at least one error, an image upload's
///   `{"errors": ["IMAGE_ERROR"], "errors_values": [...]}`, or an OAuth error body.
///   Other 2xx bodies are not parsed here (only their first key is peeked at), so listings pay nothing.
public struct RedditErrorDecoder: Sendable {
    /// Creates the decoder.
    public init() {}

    /// The header ``RedditClient`` marks a redirect with when the call takes it as its answer.
    static let acceptedRedirectHeader = "X-RedditAPI-Accepted-Redirect"

    /// The error the response carries, or nil.
    public func decodeError(from response: HTTPResponse) -> (any Error)? {
        redditError(from: response)
    }

    /// The ``RedditError`` the response carries, or nil.
    public func redditError(from response: HTTPResponse) -> RedditError? {
        let status = response.statusCode
        switch status {
        case 200..<300:
            guard Self.mayHoldError(response.body), let payload = Self.payload(response.body) else { return nil }
            let errors = payload.apiErrors.isEmpty ? payload.uploadErrors : payload.apiErrors
            if !errors.isEmpty {
                return RedditError(kind: .api(errors), status: status)
            }
            switch payload.error {
            case .code(let code)?:
                return RedditError(kind: .oauth(code, description: payload.errorDescription), status: status)
            case .status(let number)?:
                // `{"error": N}` is Reddit's shape for a failed status; sent with a 2xx, it is
                // still a failure, and N is the only thing saying which.
                let message = [payload.message, "error \(number)"].compactMap { $0 }.joined(separator: ", ")
                return RedditError(kind: .status, status: status, message: message)
            case nil:
                return nil
            }
        case 300..<400 where status != 304:
            guard response.headers[Self.acceptedRedirectHeader] == nil else { return nil }
            return RedditError(kind: .redirect(location: response.headers["Location"]), status: status)
        case 400...:
            return failure(response)
        default:
            return nil
        }
    }

    private func failure(_ response: HTTPResponse) -> RedditError {
        let status = response.statusCode
        let payload = Self.payload(response.body)
        let message = payload?.message
        if status == 429 {
            let retryAfter = RetryAfter.delay(in: response.headers).map { Double($0.components.seconds) }
            return RedditError(
                kind: .rateLimited(retryAfter: retryAfter), status: status, message: message,
                body: payload == nil ? Self.snippet(response.body) : nil)
        }
        if status == 401 || status == 403, let challenge = response.headers["WWW-Authenticate"] {
            if challenge.contains("insufficient_scope") {
                return RedditError(kind: .insufficientScope, status: status, message: message)
            }
            if challenge.contains("invalid_token") {
                return RedditError(kind: .invalidToken, status: status, message: message)
            }
        }
        guard let payload else {
            if let errors = UploadFailurePage.errors(in: response.body) {
                return RedditError(kind: .api(errors), status: status)
            }
            if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return RedditError(kind: .emptyBody, status: status)
            }
            return RedditError(
                kind: .nonJSONBody(contentType: response.headers["Content-Type"]), status: status,
                body: Self.snippet(response.body))
        }
        if !payload.apiErrors.isEmpty {
            return RedditError(kind: .api(payload.apiErrors), status: status, message: message)
        }
        if let reason = payload.reason {
            var error = RedditError(
                kind: .reason(reason, explanation: payload.explanation, fields: payload.fields ?? []),
                status: status, message: message, errorType: payload.errorType)
            error.quarantineMessage = payload.quarantineMessage
            error.specialErrors = payload.specialErrors ?? []
            return error
        }
        if case .code(let code)? = payload.error {
            return RedditError(
                kind: .oauth(code, description: payload.errorDescription), status: status, message: message)
        }
        return RedditError(kind: .status, status: status, message: message)
    }

    /// Whether a 2xx body's first key is one an error payload starts with, or a small body (an
    /// image upload's answer, whose keys come in any order) names an `errors` list. Reddit's
    /// listings start with `kind` or `[` and are larger, so they are never parsed twice.
    static func mayHoldError(_ body: Data) -> Bool {
        if body.count <= 1024, body.range(of: Data(#""errors""#.utf8)) != nil { return true }
        var index = body.startIndex
        func skipSpace() {
            while index < body.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(body[index]) { index += 1 }
        }
        skipSpace()
        guard index < body.endIndex, body[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        guard index < body.endIndex, body[index] == UInt8(ascii: "\"") else { return false }
        let start = index + 1
        guard let end = body[start...].prefix(32).firstIndex(of: UInt8(ascii: "\"")) else { return false }
        let key = String(decoding: body[start..<end], as: UTF8.self)
        return key == "json" || key == "error" || key == "error_description" || key == "errors"
    }

    /// The body as an error payload; nil when it is not a JSON object. Such a body carries no
    /// error list, and it cannot pass for success either: a 4xx becomes ``RedditError/Kind/nonJSONBody(contentType:)``
    /// or ``RedditError/Kind/emptyBody``, and a 2xx fails to decode as the expected answer.
    private static func payload(_ body: Data) -> ErrorPayload? {
        guard !body.isEmpty else { return nil }
        return try? JSON.TapeDecoder().decode(ErrorPayload.self, from: body)
    }

    private static func snippet(_ body: Data) -> String? {
        guard !body.isEmpty else { return nil }
        return String(decoding: body.prefix(200), as: UTF8.self)
    }
}

/// The union of Reddit's error bodies; every field is optional.
///
/// The two members that say *whether* there is an error, `json.errors` and `error`, are read as
/// any JSON, so no shape of theirs can make an error pass for success. The members that only
/// describe it are read each on its own, so one of an unexpected type does not hide the others.
struct ErrorPayload: Decodable {
    enum ErrorField: Equatable {
        /// `{"error": 403}`: an HTTP status.
        case status(Int)
        /// `{"error": "invalid_grant"}`, or any other value, as compact JSON text.
        case code(String)

        /// The field's meaning; nil for the values that say "no error" (`null`, `false`, `""`).
        init?(_ value: JSON) {
            switch value {
            case .null, .bool(false), .string(""): return nil
            case .string(let code): self = .code(code)
            case .number where value.intValue != nil: self = .status(value.intValue!)
            default: self = .code(value.description)
            }
        }
    }

    /// `json`: only its `errors` matters here, and the rest (a comment's things) is skipped.
    struct JSONWrapper: Decodable {
        let errors: JSON?

        init(from decoder: any Decoder) throws {
            // A `json` member that is not an object holds no error list.
            guard let container = try? decoder.container(keyedBy: Keys.self) else {
                errors = nil
                return
            }
            errors = try container.decodeIfPresent(JSON.self, forKey: .errors)
        }

        private enum Keys: String, CodingKey { case errors }
    }

    let apiErrors: [RedditError.APIError]
    let error: ErrorField?
    let message: String?
    let errorDescription: String?
    let reason: String?
    let explanation: String?
    let fields: [String]?
    let errorType: String?
    let quarantineMessage: String?
    let specialErrors: [String]?
    /// `/r/SUB/api/upload_sr_img`'s codes, with their messages in `errors_values`.
    let errors: [String]?
    let errorsValues: [String]?

    private enum CodingKeys: String, CodingKey {
        case json, message, error
        case errorDescription = "error_description"
        case reason, explanation, fields
        case errorType = "error_type"
        case quarantineMessage = "quarantine_message"
        case specialErrors = "special_errors"
        case errors
        case errorsValues = "errors_values"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // Any JSON value decodes, so these two cannot fail on a body that parsed.
        apiErrors = try c.decodeIfPresent(JSONWrapper.self, forKey: .json)?.errors.map(APIErrorList.entries) ?? []
        error = try c.decodeIfPresent(JSON.self, forKey: .error).flatMap(ErrorField.init)
        message = try? c.decodeIfPresent(String.self, forKey: .message)
        errorDescription = try? c.decodeIfPresent(String.self, forKey: .errorDescription)
        reason = try? c.decodeIfPresent(String.self, forKey: .reason)
        explanation = try? c.decodeIfPresent(String.self, forKey: .explanation)
        fields = try? c.decodeIfPresent([String].self, forKey: .fields)
        errorType = try? c.decodeIfPresent(String.self, forKey: .errorType)
        quarantineMessage = try? c.decodeIfPresent(String.self, forKey: .quarantineMessage)
        specialErrors = try? c.decodeIfPresent([String].self, forKey: .specialErrors)
        errors = try? c.decodeIfPresent([String].self, forKey: .errors)
        errorsValues = try? c.decodeIfPresent([String].self, forKey: .errorsValues)
    }

    /// An image upload's `{"errors": [code, ...], "errors_values": [message, ...]}`.
    var uploadErrors: [RedditError.APIError] {
        (errors ?? []).enumerated().map { index, code in
            let messages = errorsValues ?? []
            return RedditError.APIError(code: code, message: index < messages.count ? messages[index] : "", field: nil)
        }
    }
}
