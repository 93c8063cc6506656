import Courier
import Foundation

// `dump()`, `Mirror` and interpolation without a description read stored properties through
// reflection: each value holding a token, a password or a client secret shows it as
// `<redacted>` there, as its description does.

extension Token: CustomReflectable {
    /// The token's type, expiry and scopes; the access and refresh tokens as `<redacted>`, and
    /// the additional fields' values too (a provider may put a token there).
    public var customMirror: Mirror {
        let hidden = LoggingMonitor.Redactor.placeholder
        return Mirror(
            self,
            children: [
                "accessToken": hidden, "tokenType": tokenType, "refreshToken": refreshToken == nil ? "nil" : hidden,
                "expiresAt": expiresAt as Any, "scopes": scopes,
                "additionalFields": additionalFields.keys.sorted().map { "\($0): \(hidden)" },
            ],
            displayStyle: .struct)
    }
}

extension OAuthConfiguration: CustomReflectable {
    /// The configuration with its client secret as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "authorizationEndpoint": authorizationEndpoint, "tokenEndpoint": tokenEndpoint,
                "revocationEndpoint": revocationEndpoint as Any, "clientID": clientID,
                "clientSecret": clientSecret == nil ? "nil" : LoggingMonitor.Redactor.placeholder,
                "clientAuthentication": clientAuthentication, "redirectURI": redirectURI, "scopes": scopes,
                "issuer": issuer as Any,
            ],
            displayStyle: .struct)
    }
}

extension Grant: CustomReflectable {
    /// The grant's type, with every code, verifier, token, password and parameter value as
    /// `<redacted>` (a user name is shown).
    public var customMirror: Mirror {
        let hidden = LoggingMonitor.Redactor.placeholder
        let children: KeyValuePairs<String, Any> =
            switch self {
            case .authorizationCode: ["type": type, "code": hidden, "codeVerifier": hidden]
            case .refreshToken: ["type": type, "refreshToken": hidden]
            case .clientCredentials: ["type": type]
            case .password(let username, _): ["type": type, "username": username, "password": hidden]
            case .custom(_, let parameters): ["type": type, "parameters": parameters.keys.sorted()]
            }
        return Mirror(self, children: children, displayStyle: .enum)
    }
}

extension StaticBearerToken: CustomReflectable {
    /// The token as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(self, children: ["token": LoggingMonitor.Redactor.placeholder], displayStyle: .struct)
    }
}
