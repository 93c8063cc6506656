public import Courier
import Foundation

/// Adds `Authorization: Bearer <token>` from an ``OAuthSession`` to every request, and replays a
/// request once when the server rejects its token (401 with
/// `WWW-Authenticate: Bearer error="invalid_token"`).
///
/// ```swift
/// let api = HTTPClient(baseURL: URL(string: "https://oauth.reddit.com")!) {
///     $0.interceptors = [OAuthInterceptor(session: session)]
/// }
/// ```
///
/// After a rejection the session refreshes only if the rejected token is still its current one,
/// so a burst of 401s from one expired token causes one refresh, not one per request.
public struct OAuthInterceptor: Interceptor {
    /// The session that owns the token.
    public let session: OAuthSession

    /// Creates an interceptor for `session`.
    public init(session: OAuthSession) {
        self.session = session
    }

    /// Authorizes the request and replays it once after an `invalid_token` rejection.
    public func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        let token = try await session.validToken()
        let response = try await next(Self.authorize(request, with: token))
        guard Self.rejectsToken(response) else { return response }
        let replacement = try await session.token(afterRejectionOf: token.accessToken)
        return try await next(Self.authorize(request, with: replacement))
    }

    static func authorize(_ request: HTTPRequest, with token: Token) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer " + token.accessToken
        return request
    }

    /// Whether the response is a 401 whose Bearer challenge says the token is invalid
    /// (RFC 6750 §3.1), such as an expired or revoked token.
    static func rejectsToken(_ response: HTTPResponse) -> Bool {
        guard response.statusCode == 401 else { return false }
        return response.headers.values(for: "WWW-Authenticate").contains { challenge in
            let lowered = challenge.lowercased()
            guard lowered.hasPrefix("bearer") else { return false }
            let compact = lowered.replacingOccurrences(of: " ", with: "")
            return compact.contains("error=\"invalid_token\"") || compact.contains("error=invalid_token")
        }
    }
}
