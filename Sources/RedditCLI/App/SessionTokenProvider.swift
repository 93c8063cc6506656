import CourierOAuth
import RedditAPI

/// Gives `RedditClient` its bearer tokens from an `OAuthSession`: the signed-in user's stored
/// token, or, without one, an app-only token from Reddit's installed-client grant.
struct SessionTokenProvider: RedditTokenProvider {
    let session: OAuthSession
    /// The grant used when nobody is signed in; nil requires a stored token.
    let appOnlyGrant: Grant?

    func accessToken() async throws -> String {
        if let appOnlyGrant, try await session.restore() == .signedOut {
            return try await session.signIn(with: appOnlyGrant).accessToken
        }
        return try await session.accessToken()
    }

    func refreshAccessToken(rejected: String) async throws -> String {
        try await session.refreshAccessToken(rejected: rejected)
    }
}
