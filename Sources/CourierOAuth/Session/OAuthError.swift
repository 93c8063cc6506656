public import Courier
import Foundation

/// Everything that can go wrong in CourierOAuth, as one typed error.
///
/// ```swift
/// do { try await session.completeSignIn(redirectURL: url) }
/// catch .accessDenied { showMessage("You declined.") }
/// catch { showMessage(error.description) }
/// ```
///
/// Descriptions never contain a token, code or client secret.
public enum OAuthError: Error, Sendable, CustomStringConvertible {
    /// The redirect's `state` does not match the one sent: possibly a forged redirect.
    case stateMismatch
    /// The redirect carries neither a code nor an error.
    case missingCode
    /// The user declined the authorization (`error=access_denied` on the redirect).
    case accessDenied(description: String?)
    /// The redirect's `iss` is not the configured issuer (RFC 9207): a mix-up attack.
    case issuerMismatch(expected: String, received: String?)
    /// The authorization server refused the request on the redirect (any other `error=`).
    case authorizationRejected(ServerError)
    /// The token or revocation endpoint answered with an RFC 6749 §5.2 error
    /// (`invalid_grant`, `invalid_client`, ...), whatever the HTTP status.
    case server(ServerError)
    /// The token endpoint answered with something that is not a token.
    case invalidTokenResponse(reason: String)
    /// The request could not be sent or the server failed (network, 5xx without an OAuth error).
    case http(HTTPError)
    /// The server refused to renew the sign-in (`invalid_grant` on a refresh): it was revoked,
    /// it expired, or its refresh token had been used already. The session has signed out; the
    /// user signs in again. ``isInvalidGrant`` is true.
    ///
    /// `storeFailure` is set when the token store could not be cleared afterwards either. A store
    /// that cannot be written now most likely could not be written before: a refresh's new token
    /// was not saved, the store kept the refresh token the server had rotated away, and sending
    /// it again (after a restart) was refused. The description says so in those words.
    case signInEnded(ServerError, storeFailure: (any Error)?)
    /// There is no token: sign in first. Also for callers that find the session signed out
    /// after ``signInEnded(_:storeFailure:)``.
    case notSignedIn
    /// No sign-in is in progress for ``OAuthSession/completeSignIn(redirectURL:)``.
    case noSignInInProgress
    /// The token expired and there is no refresh token or renewal grant to get another.
    case tokenExpired
    /// The server rejected the token as invalid and the provider cannot renew it (a
    /// ``StaticBearerToken``).
    case tokenRejected
    /// More refreshes than allowed in the window: a server keeps refusing fresh tokens.
    case tooManyRefreshes(count: Int, window: Duration)
    /// The token store failed to load, save or clear.
    case store(any Error)

    /// An RFC 6749 §5.2 error response.
    public struct ServerError: Sendable, Equatable, CustomStringConvertible {
        /// The `error` code.
        public var code: Code
        /// `error_description`, if sent.
        public var errorDescription: String?
        /// `error_uri`, if sent.
        public var errorURI: String?
        /// The HTTP status the error came with (nil on a redirect).
        public var statusCode: Int?

        /// Creates an error.
        public init(code: Code, errorDescription: String? = nil, errorURI: String? = nil, statusCode: Int? = nil) {
            self.code = code
            self.errorDescription = errorDescription
            self.errorURI = errorURI
            self.statusCode = statusCode
        }

        /// `code: description (HTTP status)`, redacted.
        public var description: String {
            var text = code.rawValue
            if let errorDescription { text += ": " + LoggingMonitor.Redactor.default.redactBody(errorDescription) }
            if let statusCode { text += " (HTTP \(statusCode))" }
            return text
        }
    }

    /// An OAuth error code; the RFC 6749, 7009 and 6750 codes are predefined, others pass through.
    public struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The code as sent.
        public var rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a code from a literal.
        public init(stringLiteral value: String) { rawValue = value }

        /// The request is malformed.
        public static let invalidRequest: Code = "invalid_request"
        /// Client authentication failed.
        public static let invalidClient: Code = "invalid_client"
        /// The code, refresh token, credentials or PKCE verifier is invalid, expired or revoked.
        public static let invalidGrant: Code = "invalid_grant"
        /// The client may not use this grant type.
        public static let unauthorizedClient: Code = "unauthorized_client"
        /// The server does not support this grant type.
        public static let unsupportedGrantType: Code = "unsupported_grant_type"
        /// A requested scope is invalid or unknown.
        public static let invalidScope: Code = "invalid_scope"
        /// The resource owner or server denied the request.
        public static let accessDenied: Code = "access_denied"
        /// The server does not support this response type.
        public static let unsupportedResponseType: Code = "unsupported_response_type"
        /// The server failed.
        public static let serverError: Code = "server_error"
        /// The server is overloaded.
        public static let temporarilyUnavailable: Code = "temporarily_unavailable"
        /// The revocation endpoint does not support this token type (RFC 7009).
        public static let unsupportedTokenType: Code = "unsupported_token_type"
    }

    /// The server's error code, for ``server(_:)``, ``authorizationRejected(_:)`` and
    /// ``signInEnded(_:storeFailure:)``.
    public var serverErrorCode: Code? {
        switch self {
        case .server(let error), .authorizationRejected(let error), .signInEnded(let error, _): error.code
        case .accessDenied: .accessDenied
        default: nil
        }
    }

    /// Whether the grant itself is dead (`invalid_grant`): the user must sign in again.
    public var isInvalidGrant: Bool { serverErrorCode == .invalidGrant }

    /// A readable account of the error, with secrets redacted.
    public var description: String {
        switch self {
        case .stateMismatch:
            "the redirect's state does not match the sign-in request"
        case .missingCode:
            "the redirect carries no authorization code"
        case .accessDenied(let description):
            "the user denied access" + (description.map { ": " + LoggingMonitor.Redactor.default.redactBody($0) } ?? "")
        case .issuerMismatch(let expected, let received):
            "the redirect's issuer \(received.map { "\"\($0)\"" } ?? "(missing)") is not \"\(expected)\""
        case .authorizationRejected(let error):
            "the authorization server refused: \(error)"
        case .server(let error):
            "the token endpoint refused: \(error)"
        case .invalidTokenResponse(let reason):
            "the token response is invalid: \(LoggingMonitor.Redactor.default.redactBody(reason))"
        case .http(let error):
            "the request to the authorization server failed: \(error)"
        case .signInEnded(let error, nil):
            "the sign-in has ended: the server refused to renew it (\(error)); sign in again"
        case .signInEnded(let error, let storeFailure?):
            "the saved sign-in could not be updated because the token store cannot be written ("
                + LoggingMonitor.Redactor.default.redactBody(String(describing: storeFailure))
                + "), and the server has refused its outdated refresh token (\(error)); sign in again"
        case .notSignedIn:
            "not signed in"
        case .noSignInInProgress:
            "no sign-in is in progress"
        case .tokenExpired:
            "the token expired and cannot be renewed"
        case .tokenRejected:
            "the server rejected the bearer token as invalid and it cannot be renewed"
        case .tooManyRefreshes(let count, let window):
            "refused to refresh the token: \(count) refreshes within \(window) already"
        case .store(let error):
            "the token store failed: \(LoggingMonitor.Redactor.default.redactBody(String(describing: error)))"
        }
    }
}
