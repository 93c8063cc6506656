/// A way to get a token from the token endpoint (RFC 6749 §4 and extensions).
public enum Grant: Sendable, Hashable {
    /// Exchanges an authorization code with its PKCE verifier (§4.1.3, RFC 7636 §4.5).
    case authorizationCode(code: String, codeVerifier: String)
    /// Uses a refresh token (§6).
    case refreshToken(String)
    /// The client's own credentials (§4.4).
    case clientCredentials
    /// A user's name and password (§4.3; the resource-owner password grant).
    case password(username: String, password: String)
    /// Any other grant type (a URI) with its own parameters, such as a provider's app-only grant.
    case custom(type: String, parameters: [String: String])

    /// The `grant_type` value.
    public var type: String {
        switch self {
        case .authorizationCode: "authorization_code"
        case .refreshToken: "refresh_token"
        case .clientCredentials: "client_credentials"
        case .password: "password"
        case .custom(let type, _): type
        }
    }

    /// The form fields for this grant, besides client authentication.
    func formFields(redirectURI: String, scopes: [String]) -> [String: String] {
        var fields = ["grant_type": type]
        switch self {
        case .authorizationCode(let code, let verifier):
            fields["code"] = code
            fields["code_verifier"] = verifier
            fields["redirect_uri"] = redirectURI
        case .refreshToken(let token):
            fields["refresh_token"] = token
        case .clientCredentials:
            if !scopes.isEmpty { fields["scope"] = scopes.joined(separator: " ") }
        case .password(let username, let password):
            fields["username"] = username
            fields["password"] = password
            if !scopes.isEmpty { fields["scope"] = scopes.joined(separator: " ") }
        case .custom(_, let parameters):
            fields.merge(parameters) { _, custom in custom }
        }
        return fields
    }
}
