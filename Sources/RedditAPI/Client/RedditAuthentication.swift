import Courier
import Foundation

/// Supplies the bearer token for `oauth.reddit.com`.
///
/// CourierOAuth's `OAuthSession` is adapted to this protocol for signed-in and app-only use; a
/// fixed token is available as ``RedditAuthentication/bearer(_:)``.
public protocol RedditTokenProvider: Sendable {
    /// A valid access token, refreshed first when it is about to expire.
    func accessToken() async throws -> String
    /// Called once when Reddit refused `rejected` as invalid; returns a new token, or throws when
    /// there is none (the call then fails with Reddit's `invalid_token` error).
    func refreshAccessToken(rejected: String) async throws -> String
}

/// How a ``RedditClient`` authenticates.
public struct RedditAuthentication: Sendable {
    let provider: (any RedditTokenProvider)?

    /// No token: public JSON from `www.reddit.com` (Reddit allows about 10 requests a minute).
    public static let anonymous = RedditAuthentication(provider: nil)

    /// Bearer tokens from `provider`, sent to `oauth.reddit.com`.
    public static func tokens(_ provider: any RedditTokenProvider) -> RedditAuthentication {
        RedditAuthentication(provider: provider)
    }

    /// A fixed bearer token (for scripts and tests; it is not refreshed).
    public static func bearer(_ token: String) -> RedditAuthentication {
        RedditAuthentication(provider: FixedToken(token: token))
    }

    /// Whether requests carry a token.
    public var isAuthenticated: Bool { provider != nil }
}

/// A token that never changes.
struct FixedToken: RedditTokenProvider {
    let token: String

    struct Rejected: Error, CustomStringConvertible {
        var description: String { "the fixed bearer token was rejected and cannot be refreshed" }
    }

    func accessToken() async throws -> String { token }
    func refreshAccessToken(rejected: String) async throws -> String { throw Rejected() }
}

/// Adds `Authorization: bearer TOKEN`; on a 401 that carried the current token it asks the
/// provider once for a new token and retries.
struct BearerInterceptor: Interceptor {
    let provider: any RedditTokenProvider

    func intercept(_ request: HTTPRequest, context: RequestContext, next: Next) async throws -> HTTPResponse {
        let token = try await provider.accessToken()
        var authorized = request
        authorized.headers["Authorization"] = "bearer " + token
        let response = try await next(authorized)
        guard response.statusCode == 401 else { return response }
        guard let fresh = try? await provider.refreshAccessToken(rejected: token), fresh != token else {
            return response
        }
        authorized.headers["Authorization"] = "bearer " + fresh
        return try await next(authorized)
    }
}
