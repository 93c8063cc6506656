public import Courier
import Foundation

/// Adds `Authorization: Bearer <token>` from a ``BearerTokenProvider`` to every request, and
/// replays a request once when the server says its token is invalid.
///
/// ```swift
/// let api = HTTPClient(baseURL: URL(string: "https://api.example.com")!) {
///     $0.interceptors = [OAuthInterceptor(session: session)]
/// }
/// ```
///
/// A response is a rejection only when it is a 401 whose Bearer challenge says
/// `error="invalid_token"` (RFC 6750 §3.1); any other 401 or 403 is passed on unchanged. After a
/// rejection the provider is asked for a fresh token with the rejected one, so a session
/// refreshes only if that token is still its current one: a burst of 401s from one expired token
/// causes one refresh, not one per request. When the provider cannot give a fresh token, the
/// call fails with its ``OAuthError`` (inside `HTTPError.Kind.interceptorFailed`; see
/// `HTTPError.oauthError`), never with a silent second 401.
///
/// Some servers answer an expired token with a bare 401, no `WWW-Authenticate` header at all.
/// For those, opt in with `refreshesOnBare401: true`: a 401 without any challenge is then a
/// rejection too (a 401 with another challenge, such as `Basic`, still is not). The guards stay:
/// the request is replayed at most once, the session refreshes only when the rejected token is
/// still its current one, and too many refreshes in a short window fail instead of looping.
public struct OAuthInterceptor: Interceptor {
    /// Where the tokens come from.
    public let provider: any BearerTokenProvider
    /// The authorization scheme written before the token (`Bearer`; RFC 6750 makes it
    /// case-insensitive, some APIs document `bearer`).
    public let scheme: String
    /// Whether a 401 with no `WWW-Authenticate` header also renews the token and replays the
    /// request once (false by default: only a `Bearer error="invalid_token"` challenge does).
    public let refreshesOnBare401: Bool

    /// An interceptor that takes tokens from `provider`.
    ///
    /// - Parameters:
    ///   - provider: Where the tokens come from.
    ///   - scheme: The authorization scheme written before the token.
    ///   - refreshesOnBare401: Whether a 401 without any `WWW-Authenticate` challenge counts as
    ///     a rejected token (for servers that send no challenge); off by default.
    public init(provider: any BearerTokenProvider, scheme: String = "Bearer", refreshesOnBare401: Bool = false) {
        self.provider = provider
        self.scheme = scheme
        self.refreshesOnBare401 = refreshesOnBare401
    }

    /// An interceptor that takes tokens from `session`.
    ///
    /// - Parameters:
    ///   - session: The session that owns the token.
    ///   - refreshesOnBare401: Whether a 401 without any `WWW-Authenticate` challenge counts as
    ///     a rejected token (for servers that send no challenge); off by default.
    public init(session: OAuthSession, refreshesOnBare401: Bool = false) {
        self.init(provider: session, refreshesOnBare401: refreshesOnBare401)
    }

    /// Authorizes the request and replays it once after an `invalid_token` rejection.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        let token = try await provider.accessToken()
        let response = try await next(authorize(request, with: token))
        guard Self.rejectsToken(response, bare401: refreshesOnBare401) else { return response }
        let replacement = try await provider.accessToken(afterRejectionOf: token)
        guard replacement != token else { throw OAuthError.tokenRejected }
        return try await next(authorize(request, with: replacement))
    }

    func authorize(_ request: HTTPRequest, with token: String) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = scheme + " " + token
        return request
    }

    /// Whether the response is a 401 whose Bearer challenge says the token is invalid
    /// (RFC 6750 §3.1), such as an expired or revoked token; with `bare401`, also a 401 with no
    /// challenge at all.
    static func rejectsToken(_ response: HTTPResponse, bare401: Bool = false) -> Bool {
        guard response.statusCode == 401 else { return false }
        let challenges = response.headers.values(for: "WWW-Authenticate")
        if bare401, challenges.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return true }
        return challenges.contains { challenge in
            let lowered = challenge.lowercased()
            guard lowered.hasPrefix("bearer") else { return false }
            let compact = lowered.replacingOccurrences(of: " ", with: "")
            return compact.contains("error=\"invalid_token\"") || compact.contains("error=invalid_token")
        }
    }
}

extension HTTPError {
    /// The ``OAuthError`` that failed the call, when an ``OAuthInterceptor`` could not get a
    /// token (not signed in, a refresh refused, a fixed token rejected).
    public var oauthError: OAuthError? {
        switch kind {
        case .interceptorFailed(let error): error as? OAuthError
        case .retriesExhausted(_, let last), .retryStopped(_, let last): last.oauthError
        default: nil
        }
    }
}
