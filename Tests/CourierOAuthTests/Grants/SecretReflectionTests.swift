import CourierOAuth
import Foundation
import Testing

/// `dump()` and `Mirror` of the values that hold a token, a password or a client secret.
@Suite("Secrets hidden from reflection")
struct SecretReflectionTests {
    static let secret = "hostile-oauth-secret-45"

    static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test("dump(), Mirror and interpolation show no token, password or client secret")
    func reflection() throws {
        let url = try #require(URL(string: "https://auth.example/token"))
        let values: [Any] = [
            Token(accessToken: Self.secret, refreshToken: Self.secret, additionalFields: ["id_token": Self.secret]),
            OAuthConfiguration(
                authorizationEndpoint: url, tokenEndpoint: url, clientID: "app", clientSecret: Self.secret,
                redirectURI: url),
            Grant.password(username: "me", password: Self.secret),
            Grant.refreshToken(Self.secret),
            Grant.authorizationCode(code: Self.secret, codeVerifier: Self.secret),
            Grant.custom(type: "urn:x", parameters: ["assertion": Self.secret]),
            StaticBearerToken(Self.secret),
        ]
        for value in values {
            let texts = [
                Self.dumped(value), String(reflecting: value), "\(Mirror(reflecting: value).children.map(\.value))",
            ]
            for text in texts { #expect(!text.contains(Self.secret), "\(text)") }
        }
        #expect(Self.dumped(Grant.password(username: "me", password: Self.secret)).contains("me"))
    }
}
