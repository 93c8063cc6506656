public import Courier
package import CourierOAuth
import Foundation

extension RedditClient {
    /// Creates a client from a site of `praw.ini` (see ``PRAWSite``), as `praw.Reddit("site")` does.
    ///
    /// How it authenticates follows from the site's keys: a `refresh_token` signs in with it;
    /// else `username` and `password` use a script app's password grant; else a `client_id`
    /// with a `client_secret` gets an app-only token (client credentials), one without a
    /// secret an installed app's app-only token; no `client_id` reads anonymously. Tokens go to
    /// `reddit_url`'s `/api/v1/access_token`, authenticated calls to `oauth_url`, and every
    /// request may take at most `timeout` seconds.
    ///
    /// ```swift
    /// let reddit = try RedditClient(site: try PRAWSite.load("bot1"))
    /// ```
    ///
    /// - Throws: ``RedditUsageError/badConfiguration(file:line:key:reason:)`` when the site has no
    ///   `user_agent`, or ``RedditUsageError/invalidUserAgent(_:reason:)`` when it is not in
    ///   Reddit's format.
    public convenience init(
        site: PRAWSite, transport: any HTTPTransport = HTTPClient.defaultTransport,
        sharedBudget: (any RateBudgetStore)? = nil
    ) throws(RedditUsageError) {
        guard let agent = site.userAgent else {
            throw .badConfiguration(
                file: site.files.dropFirst().joined(separator: ", "), line: nil, key: "user_agent",
                reason: "site [\(site.name)] has no user_agent (set it in praw.ini or praw_user_agent)")
        }
        let userAgent = try UserAgent(agent)
        let authentication = site.authentication(transport: transport)
        let baseURL = authentication.isAuthenticated ? site.oauthURL : site.redditURL
        let timeout = Duration.seconds(max(site.timeout, 1))
        let limit: any Interceptor = .adapt { request in request.timeout = request.timeout ?? timeout }
        self.init(
            userAgent: userAgent, authentication: authentication, transport: transport, sharedBudget: sharedBudget
        ) { configuration in
            configuration.baseURL = baseURL
            configuration.interceptors.insert(limit, at: 0)
        }
    }
}

extension PRAWSite {
    /// The OAuth configuration of the site's app, its token endpoints on `reddit_url`.
    package func oauthConfiguration(scopes: [RedditScope] = [.identity, .read]) -> OAuthConfiguration? {
        guard let clientID else { return nil }
        var configuration = OAuthConfiguration.reddit(
            clientID: clientID, clientSecret: clientSecret ?? "",
            redirectURI: URL(string: redirectURI ?? "http://localhost:8080") ?? RedditClient.publicBaseURL,
            scopes: scopes)
        let base =
            redditURL.absoluteString.hasSuffix("/")
            ? String(redditURL.absoluteString.dropLast()) : redditURL.absoluteString
        if let authorize = URL(string: base + "/api/v1/authorize"),
            let token = URL(string: base + "/api/v1/access_token"),
            let revoke = URL(string: base + "/api/v1/revoke_token")
        {
            configuration.authorizationEndpoint = authorize
            configuration.tokenEndpoint = token
            configuration.revocationEndpoint = revoke
        }
        return configuration
    }

    /// The grant the site signs in with: its refresh token, a script app's password, client
    /// credentials, or an installed app's app-only grant; nil without a `client_id`.
    package var signInGrant: Grant? {
        guard clientID != nil else { return nil }
        if let refreshToken { return .refreshToken(refreshToken) }
        if let username, let password { return .password(username: username, password: password) }
        return clientSecret == nil ? .redditInstalledClient() : .clientCredentials
    }

    /// How a client of this site authenticates: an `OAuthSession` that signs in with
    /// ``signInGrant`` whenever it has no token, or anonymously without a `client_id`.
    package func authentication(transport: any HTTPTransport) -> RedditAuthentication {
        guard let configuration = oauthConfiguration(), let grant = signInGrant else { return .anonymous }
        var options = OAuthSession.Options()
        options.automaticSignInGrant = grant
        options.renewalGrant = grant
        let session = OAuthSession(
            configuration: configuration, client: HTTPClient(baseURL: nil, transport: transport), options: options)
        return .session(session)
    }
}
