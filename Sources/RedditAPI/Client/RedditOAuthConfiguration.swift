public import CourierOAuth
public import Foundation

/// Reddit's OAuth scopes (`https://www.reddit.com/api/v1/scopes`).
public enum RedditScope: String, Sendable, CaseIterable {
    /// Your account's name and signup date.
    case identity
    /// Edit and delete your comments and submissions.
    case edit
    /// Select flair.
    case flair
    /// Your voting and saving history.
    case history
    /// Manage the configuration of subreddits you moderate.
    case modconfig
    /// Manage flair in subreddits you moderate.
    case modflair
    /// Access the moderation log.
    case modlog
    /// Read and answer new modmail of subreddits you moderate.
    case modmail
    /// Approve, remove, mark spam and distinguish content in subreddits you moderate.
    case modposts
    /// Manage wiki pages in subreddits you moderate.
    case modwiki
    /// Subreddits you subscribe to and moderate.
    case mysubreddits
    /// Read and send private messages.
    case privatemessages
    /// Read posts and comments.
    case read
    /// Report content.
    case report
    /// Save and unsave posts and comments.
    case save
    /// Submit links and comments.
    case submit
    /// Subscribe and unsubscribe to subreddits.
    case subscribe
    /// Vote on submissions and comments.
    case vote
    /// Edit wiki pages.
    case wikiedit
    /// Read wiki pages.
    case wikiread
    /// Read and manage multireddits and your account's preferences.
    case account
}

extension OAuthConfiguration {
    /// Reddit (`www.reddit.com/api/v1`): HTTP Basic client authentication (an installed app has
    /// an empty secret), `duration=permanent`, so sign-in returns a refresh token, and
    /// ``TokenErrorInterpreter/reddit``, which reads Reddit's `{"error": 400}` as `invalid_grant`.
    ///
    /// - Parameters:
    ///   - clientID: The app's id from `https://www.reddit.com/prefs/apps`.
    ///   - clientSecret: The secret of a web or script app; empty for installed apps.
    ///   - redirectURI: The redirect URI registered for the app, exactly.
    ///   - scopes: What to ask for.
    ///   - permanent: Whether to ask for a refresh token (`duration=permanent`).
    public static func reddit(
        clientID: String,
        clientSecret: String = "",
        redirectURI: URL,
        scopes: [RedditScope] = [.identity, .read],
        permanent: Bool = true
    ) -> OAuthConfiguration {
        OAuthConfiguration(
            authorizationEndpoint: URL(string: "https://www.reddit.com/api/v1/authorize")!,
            tokenEndpoint: URL(string: "https://www.reddit.com/api/v1/access_token")!,
            revocationEndpoint: URL(string: "https://www.reddit.com/api/v1/revoke_token")!,
            clientID: clientID,
            clientSecret: clientSecret,
            clientAuthentication: .basic,
            redirectURI: redirectURI,
            scopes: scopes.map(\.rawValue),
            extraAuthorizationParameters: ["duration": permanent ? "permanent" : "temporary"],
            tokenErrorInterpreter: .reddit
        )
    }
}

extension Grant {
    /// Reddit's app-only grant for installed apps (`https://oauth.reddit.com/grants/installed_client`).
    ///
    /// - Parameter deviceID: 20–30 characters unique to this device, or `DO_NOT_TRACK_THIS_DEVICE`.
    public static func redditInstalledClient(deviceID: String = "DO_NOT_TRACK_THIS_DEVICE") -> Grant {
        .custom(type: "https://oauth.reddit.com/grants/installed_client", parameters: ["device_id": deviceID])
    }
}

extension TokenErrorInterpreter {
    /// Reddit answers a dead refresh token with HTTP 400 and `{"error": 400}`: a bad grant in all
    /// but name (RFC 6749 §5.2 puts `invalid_grant` on 400), so the session signs out.
    public static let reddit = TokenErrorInterpreter(name: "reddit") { statusCode, body in
        guard statusCode == 400,
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let number = object["error"] as? NSNumber, !(object["error"] is String), number.intValue == 400
        else { return nil }
        return OAuthError.ServerError(
            code: .invalidGrant, errorDescription: "HTTP 400 with {\"error\": 400}", statusCode: statusCode)
    }
}
