public import Courier
import Foundation

/// Reads every error shape Reddit sends into a ``RedditError``; an `APIErrorDecoder` for
/// `HTTPClient`.
///
/// - 3xx: a redirect, reported rather than followed.
/// - 401/403 with `WWW-Authenticate: Bearer ... error="..."`: an invalid token or a missing scope.
/// - 429: rate limited, with `Retry-After` when sent.
/// - Other 4xx/5xx: the JSON shapes `{"json":{"errors":...}}`, `{"reason",...}`,
///   `{"error":"oauth_code"}`, `{"message","error":N}`; else the body is reported as empty or non-JSON.
/// - 2xx: only `{"json":{"errors":[...]}}` with at least one error, or an OAuth error body.
///   Other 2xx bodies are not parsed here (only their first key is peeked at), so listings pay nothing.
public struct RedditErrorDecoder: APIErrorDecoder {
    /// Creates the decoder.
    public init() {}

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
            if let errors = payload.apiErrors, !errors.isEmpty {
                return RedditError(kind: .api(errors), status: status)
            }
            if case .code(let code)? = payload.error {
                return RedditError(kind: .oauth(code, description: payload.errorDescription), status: status)
            }
            return nil
        case 300..<400 where status != 304:
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
            if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return RedditError(kind: .emptyBody, status: status)
            }
            return RedditError(
                kind: .nonJSONBody(contentType: response.headers["Content-Type"]), status: status,
                body: Self.snippet(response.body))
        }
        if let errors = payload.apiErrors, !errors.isEmpty {
            return RedditError(kind: .api(errors), status: status, message: message)
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

    /// Whether a 2xx body's first key is one an error payload starts with. Reddit's listings start
    /// with `kind` or `[`, so they are never parsed twice.
    static func mayHoldError(_ body: Data) -> Bool {
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
        return key == "json" || key == "error" || key == "error_description"
    }

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
struct ErrorPayload: Decodable {
    enum ErrorField: Decodable {
        case status(Int)
        case code(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .status(number)
            } else {
                self = .code(try container.decode(String.self))
            }
        }
    }

    struct JSONWrapper: Decodable {
        let errors: [[String?]]?
    }

    let json: JSONWrapper?
    let message: String?
    let error: ErrorField?
    let errorDescription: String?
    let reason: String?
    let explanation: String?
    let fields: [String]?
    let errorType: String?
    let quarantineMessage: String?
    let specialErrors: [String]?

    private enum CodingKeys: String, CodingKey {
        case json, message, error
        case errorDescription = "error_description"
        case reason, explanation, fields
        case errorType = "error_type"
        case quarantineMessage = "quarantine_message"
        case specialErrors = "special_errors"
    }

    /// Reads each field on its own, so one field of an unexpected type does not hide the others.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        json = try? c.decodeIfPresent(JSONWrapper.self, forKey: .json)
        message = try? c.decodeIfPresent(String.self, forKey: .message)
        error = try? c.decodeIfPresent(ErrorField.self, forKey: .error)
        errorDescription = try? c.decodeIfPresent(String.self, forKey: .errorDescription)
        reason = try? c.decodeIfPresent(String.self, forKey: .reason)
        explanation = try? c.decodeIfPresent(String.self, forKey: .explanation)
        fields = try? c.decodeIfPresent([String].self, forKey: .fields)
        errorType = try? c.decodeIfPresent(String.self, forKey: .errorType)
        quarantineMessage = try? c.decodeIfPresent(String.self, forKey: .quarantineMessage)
        specialErrors = try? c.decodeIfPresent([String].self, forKey: .specialErrors)
    }

    var apiErrors: [RedditError.APIError]? {
        json?.errors?.map { entry in
            RedditError.APIError(
                code: entry.first.flatMap { $0 } ?? "UNKNOWN",
                message: entry.count > 1 ? entry[1] ?? "" : "",
                field: entry.count > 2 ? entry[2] : nil
            )
        }
    }
}
