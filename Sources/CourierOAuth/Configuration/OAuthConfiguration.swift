import Courier
public import Foundation

/// How an OAuth 2.0 client talks to one authorization server: its endpoints, who the client is
/// and what it asks for.
///
/// ```swift
/// let configuration = OAuthConfiguration(
///     authorizationEndpoint: URL(string: "https://auth.example.com/authorize")!,
///     tokenEndpoint: URL(string: "https://auth.example.com/token")!,
///     clientID: "my-app",
///     redirectURI: URL(string: "http://127.0.0.1/callback")!,
///     scopes: ["read"]
/// )
/// ```
public struct OAuthConfiguration: Sendable, Hashable {
    /// How the client proves who it is at the token and revocation endpoints (RFC 6749 §2.3.1).
    public enum ClientAuthentication: Sendable, Hashable {
        /// HTTP Basic with the client id and secret (an empty secret for installed apps).
        case basic
        /// `client_id` and `client_secret` as form fields.
        case body
        /// Only `client_id` as a form field: public clients without a secret.
        case none
    }

    /// Where the user's browser is sent to sign in.
    public var authorizationEndpoint: URL
    /// Where codes, refresh tokens and credentials are exchanged for tokens.
    public var tokenEndpoint: URL
    /// Where tokens are revoked on sign-out (RFC 7009); nil skips revocation.
    public var revocationEndpoint: URL?
    /// The client's id.
    public var clientID: String
    /// The client's secret; nil for public clients. Never shown in descriptions.
    public var clientSecret: String?
    /// How the client authenticates.
    public var clientAuthentication: ClientAuthentication
    /// Where the server sends the browser back with the code.
    public var redirectURI: URL
    /// The scopes asked for, sent space-separated.
    public var scopes: [String]
    /// Extra query items for the authorization URL (a provider's own parameters).
    public var extraAuthorizationParameters: [String: String]
    /// The server's issuer identifier (RFC 9207); when set, a redirect's `iss` must equal it.
    public var issuer: String?
    /// Reads the provider's non-standard token-endpoint errors; nil reads RFC 6749 errors only.
    public var tokenErrorInterpreter: TokenErrorInterpreter?

    /// Creates a configuration.
    public init(
        authorizationEndpoint: URL,
        tokenEndpoint: URL,
        revocationEndpoint: URL? = nil,
        clientID: String,
        clientSecret: String? = nil,
        clientAuthentication: ClientAuthentication? = nil,
        redirectURI: URL,
        scopes: [String] = [],
        extraAuthorizationParameters: [String: String] = [:],
        issuer: String? = nil,
        tokenErrorInterpreter: TokenErrorInterpreter? = nil
    ) {
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.clientAuthentication = clientAuthentication ?? (clientSecret == nil ? .none : .basic)
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.extraAuthorizationParameters = extraAuthorizationParameters
        self.issuer = issuer
        self.tokenErrorInterpreter = tokenErrorInterpreter
    }

    /// A provider that follows the RFCs, with its endpoints under one base URL
    /// (`authorize`, `token` and `revoke` paths as given).
    public static func generic(
        baseURL: URL,
        authorizePath: String = "authorize",
        tokenPath: String = "token",
        revokePath: String? = "revoke",
        clientID: String,
        clientSecret: String? = nil,
        redirectURI: URL,
        scopes: [String] = []
    ) -> OAuthConfiguration {
        OAuthConfiguration(
            authorizationEndpoint: baseURL.appendingPathComponent(authorizePath),
            tokenEndpoint: baseURL.appendingPathComponent(tokenPath),
            revocationEndpoint: revokePath.map { baseURL.appendingPathComponent($0) },
            clientID: clientID,
            clientSecret: clientSecret,
            redirectURI: redirectURI,
            scopes: scopes
        )
    }
}

extension OAuthConfiguration: CustomStringConvertible {
    /// The configuration without its secret.
    public var description: String {
        "OAuthConfiguration(client: \(clientID), token: \(tokenEndpoint.absoluteString), secret: "
            + (clientSecret == nil ? "none" : LoggingMonitor.Redactor.placeholder) + ")"
    }
}
