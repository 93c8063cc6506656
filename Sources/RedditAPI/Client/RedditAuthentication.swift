import Courier
public import CourierOAuth
import Foundation

/// How a ``RedditClient`` authenticates.
///
/// Every authenticated call goes through CourierOAuth's `OAuthInterceptor` with a
/// `BearerTokenProvider`: an `OAuthSession` (signed in, or app-only with
/// `Grant.redditInstalledClient()` as its automatic sign-in grant) or a fixed token.
public struct RedditAuthentication: Sendable {
    let provider: (any BearerTokenProvider)?

    /// No token: public JSON from `www.reddit.com` (Reddit allows about 10 requests a minute).
    public static let anonymous = RedditAuthentication(provider: nil)

    /// Bearer tokens from `provider`, sent to `oauth.reddit.com`.
    public static func tokens(_ provider: any BearerTokenProvider) -> RedditAuthentication {
        RedditAuthentication(provider: provider)
    }

    /// Tokens from an OAuth session.
    ///
    /// - Signed in: authorize with `OAuthConfiguration.reddit(...)` and the authorization code.
    /// - App-only: set `Grant.redditInstalledClient()` (installed apps) or `.clientCredentials`
    ///   (confidential apps) as the session's `automaticSignInGrant` and `renewalGrant`.
    public static func session(_ session: OAuthSession) -> RedditAuthentication {
        .tokens(session)
    }

    /// A fixed bearer token (for scripts and tests): not refreshed; when Reddit rejects it the
    /// call fails with `OAuthError.tokenRejected`.
    public static func bearer(_ token: String) -> RedditAuthentication {
        .tokens(StaticBearerToken(token))
    }

    /// Whether requests carry a token.
    public var isAuthenticated: Bool { provider != nil }
}
