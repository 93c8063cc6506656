public import Courier
import Foundation

/// An error Reddit reported, in any of the shapes it uses.
///
/// ``RedditClient`` installs ``RedditErrorDecoder`` as the client's API-error decoder, so these
/// arrive as `HTTPError.Kind.server(_:)`; `HTTPError.redditError` digs them out.
///
/// ```swift
/// do { try await reddit.send(Reddit.me()) }
/// catch let error where error.redditError?.kind == .insufficientScope { askForMoreScopes() }
/// ```
public struct RedditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One `[CODE, message, field]` entry of an `api_type=json` answer.
    public struct APIError: Sendable, Hashable {
        /// The machine-readable code (`SUBREDDIT_EXISTS`).
        public var code: String
        /// The explanation for people.
        public var message: String
        /// The form field it is about, if any.
        public var field: String?

        /// Creates an entry.
        public init(code: String, message: String, field: String?) {
            self.code = code
            self.message = message
            self.field = field
        }

        /// The code of an entry that did not carry one (an entry of an unexpected shape; its
        /// ``message`` then shows the entry as sent).
        public static let unknownCode = "UNKNOWN"

        /// `CODE: message [field]`, without the parts that are empty or unknown.
        var summary: String {
            var parts: [String] = []
            if code != Self.unknownCode || message.isEmpty { parts.append(code) }
            if !message.isEmpty { parts.append(message) }
            return parts.joined(separator: ": ") + (field.map { " [\($0)]" } ?? "")
        }
    }

    /// What kind of error Reddit reported.
    public enum Kind: Sendable, Hashable {
        /// `{"json": {"errors": [[code, message, field], ...]}}`, usually with HTTP 200; never
        /// empty. Entries of another shape are kept too (see ``APIError/unknownCode``).
        case api([APIError])
        /// `{"reason": ..., "message": ..., "explanation": ..., "fields": [...]}`.
        case reason(String, explanation: String?, fields: [String])
        /// An OAuth error body (`{"error": "invalid_grant", "error_description": ...}`), often with HTTP 200.
        case oauth(String, description: String?)
        /// The bearer token was refused (`WWW-Authenticate: ... error="invalid_token"`).
        case invalidToken
        /// The token lacks a scope this call needs (`error="insufficient_scope"`).
        case insufficientScope
        /// The call was redirected, to a login page or, for `/r/random`, to a subreddit. Redirects
        /// are not followed, so an HTML page is never decoded as data.
        case redirect(location: String?)
        /// Too many requests; wait `retryAfter` seconds when Reddit said how long.
        case rateLimited(retryAfter: Double?)
        /// `{"message": ..., "error": N}` or `{"error": N}`: an HTTP failure with a short message.
        case status
        /// The failure came with a body that is not JSON (HTML, plain text); ``RedditError/body``
        /// holds the start of it.
        case nonJSONBody(contentType: String?)
        /// The failure came with an empty body.
        case emptyBody
    }

    /// What kind of error it is.
    public var kind: Kind
    /// The HTTP status code.
    public var status: Int
    /// Reddit's short message (`Forbidden`), when it sent one.
    public var message: String?
    /// The start of a non-JSON body, for diagnosis (at most 200 characters).
    public var body: String?

    /// The `error_type` of a `reason` body (`SUBMIT_VALIDATION_ERROR`), when sent.
    public var errorType: String?

    /// For a quarantined subreddit (403, reason `quarantined`), the text Reddit shows before opting in.
    public var quarantineMessage: String?
    /// For a 415 with `special_errors`, what they say.
    public var specialErrors: [String] = []

    /// Creates an error.
    public init(kind: Kind, status: Int, message: String? = nil, body: String? = nil, errorType: String? = nil) {
        self.kind = kind
        self.status = status
        self.message = message
        self.body = body
        self.errorType = errorType
    }

    /// Every `[code, message, field]` entry (several may come in one answer); empty for other kinds.
    public var apiErrors: [APIError] {
        if case .api(let errors) = kind { errors } else { [] }
    }

    /// The first `api_type=json` error code (the first known one, when an entry of an unexpected
    /// shape came first), or the `reason`, or the OAuth error: the one machine-readable code a
    /// caller may switch on.
    public var code: String? {
        switch kind {
        case .api(let errors): (errors.first { $0.code != APIError.unknownCode } ?? errors.first)?.code
        case .reason(let reason, _, _): reason
        case .oauth(let error, _): error
        case .invalidToken: "invalid_token"
        case .insufficientScope: "insufficient_scope"
        default: nil
        }
    }

    /// A readable account of the error.
    public var description: String {
        var text = "Reddit error (HTTP \(status)"
        if let message { text += " \(message)" }
        text += "): "
        switch kind {
        case .api(let errors):
            text += errors.map(\.summary).joined(separator: "; ")
        case .reason(let reason, let explanation, let fields):
            text += (errorType.map { $0 + " " } ?? "") + reason + (explanation.map { ": \($0)" } ?? "")
            if !fields.isEmpty { text += " [\(fields.joined(separator: ", "))]" }
            if let quarantineMessage { text += " — " + quarantineMessage }
            if !specialErrors.isEmpty { text += " — " + specialErrors.joined(separator: "; ") }
        case .oauth(let error, let description):
            text += "OAuth error \(error)" + (description.map { ": \($0)" } ?? "")
        case .invalidToken:
            text += "the access token is invalid or expired"
        case .insufficientScope:
            text += "the access token lacks a scope this call needs"
        case .redirect(let location):
            text +=
                "redirected" + (location.map { " to \(LoggingMonitor.Redactor.default.redactBody($0))" } ?? "")
                + "; redirects are not followed"
        case .rateLimited(let retryAfter):
            text += "rate limited" + (retryAfter.map { "; retry after \($0) s" } ?? "")
        case .status:
            text += "request failed"
        case .nonJSONBody(let contentType):
            text += "non-JSON body (\(contentType ?? "no content type"))"
            if let body { text += ": " + LoggingMonitor.Redactor.default.redactBody(body) }
        case .emptyBody:
            text += "empty body"
        }
        return text
    }
}

extension HTTPError {
    /// The ``RedditError`` this failure carries, when Reddit reported one (also inside exhausted retries).
    public var redditError: RedditError? { serverError as? RedditError }
}
