import Courier
public import Foundation

/// One authorization-code sign-in: the URL to open in the browser, and the `state` and PKCE
/// verifier needed to check the redirect and exchange its code.
///
/// Keep it until the redirect arrives; it is only good for one sign-in.
public struct AuthorizationRequest: Sendable, Hashable {
    /// Open this in the user's browser.
    public let url: URL
    /// The random `state` the redirect must echo.
    public let state: String
    /// The PKCE pair whose challenge is in ``url``.
    public let pkce: PKCE
    /// The configuration the URL was made for.
    public let configuration: OAuthConfiguration

    /// Builds the authorization URL with `response_type=code`, a random `state` and a PKCE
    /// S256 challenge, plus the configuration's scopes and extra parameters.
    ///
    /// - Parameters:
    ///   - configuration: The client and authorization server to sign in with.
    ///   - state: The `state` to send; nil makes a 256-bit random one.
    ///   - pkce: The PKCE pair; a new random one unless given.
    public init(configuration: OAuthConfiguration, state: String? = nil, pkce: PKCE = PKCE()) {
        let state = state ?? SecureRandom.token()
        self.configuration = configuration
        self.state = state
        self.pkce = pkce
        var items: [(String, String?)] = [
            ("response_type", "code"),
            ("client_id", configuration.clientID),
            ("redirect_uri", configuration.redirectURI.absoluteString),
            ("state", state),
            ("code_challenge", pkce.codeChallenge),
            ("code_challenge_method", pkce.codeChallengeMethod),
        ]
        if !configuration.scopes.isEmpty { items.append(("scope", configuration.scopes.joined(separator: " "))) }
        for (name, value) in configuration.extraAuthorizationParameters.sorted(by: { $0.key < $1.key }) {
            items.append((name, value))
        }
        let endpoint = configuration.authorizationEndpoint.absoluteString
        let separator = endpoint.contains("?") ? "&" : "?"
        url = URL(string: endpoint + separator + FormEncoding.encode(items))!
    }

    /// Reads the redirect: checks `state` (in constant time), reports `error=access_denied` as
    /// the user's refusal and other errors as the server's, checks `iss` when the server sends
    /// one and an issuer is configured, and returns the code.
    public func code(from redirectURL: URL) throws(OAuthError) -> String {
        let text = redirectURL.absoluteString
        var query = ""
        if let mark = text.firstIndex(of: "?") {
            query = String(text[text.index(after: mark)...].prefix { $0 != "#" })
        }
        var parameters: [String: String] = [:]
        for (name, value) in FormEncoding.decode(query) where parameters[name] == nil {
            parameters[name] = value
        }
        guard let returnedState = parameters["state"], Self.constantTimeEquals(returnedState, state) else {
            throw .stateMismatch
        }
        if let expected = configuration.issuer, let issuer = parameters["iss"], issuer != expected {
            throw .issuerMismatch(expected: expected, received: issuer)
        }
        if let error = parameters["error"] {
            let description = parameters["error_description"]
            if error == OAuthError.Code.accessDenied.rawValue { throw .accessDenied(description: description) }
            throw .authorizationRejected(
                OAuthError.ServerError(
                    code: OAuthError.Code(rawValue: error), errorDescription: description,
                    errorURI: parameters["error_uri"]
                ))
        }
        guard let code = parameters["code"], !code.isEmpty else { throw .missingCode }
        return code
    }

    /// Compares every byte whatever the first difference, so timing does not reveal a prefix.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0 && left.count == right.count
    }
}
