import Courier
import Foundation
import Testing

@testable import CourierOAuth

@Suite struct AuthorizationRequestTests {
    private func parameters(of url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func sha256MatchesTheFIPSExample() {
        let digest = SHA256Digest.hash(Data("abc".utf8)).map { String(format: "%02x", $0) }.joined()
        #expect(digest == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func challengeIsBase64URLOfTheVerifiersSHA256() {
        // Expected value computed independently with Python's hashlib and base64.urlsafe_b64encode.
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mJ92K9ekE6hcVKWbGbX1GnSyXgL3D4")
        #expect(pkce.codeChallenge == "8YMUmo1Yd7Cl-MptaAS7ORsdmeo_s_sWFimJ5FrJH7Y")
        #expect(pkce.codeChallengeMethod == "S256")
    }

    @Test func verifiersAndStatesAreRandomAndWellFormed() {
        let verifiers = Set((0..<50).map { _ in PKCE().codeVerifier })
        #expect(verifiers.count == 50)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for verifier in verifiers {
            #expect(verifier.count == 43)
            #expect(verifier.allSatisfy(allowed.contains))
        }
        let first = AuthorizationRequest(configuration: .example)
        let second = AuthorizationRequest(configuration: .example)
        #expect(first.state != second.state)
    }

    @Test func urlCarriesCodeFlowParameters() {
        var configuration = OAuthConfiguration.example
        configuration.extraAuthorizationParameters = ["duration": "permanent"]
        let request = AuthorizationRequest(configuration: configuration)
        let query = parameters(of: request.url)
        #expect(request.url.absoluteString.hasPrefix("https://auth.example.com/authorize?"))
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "example-client")
        #expect(query["redirect_uri"] == "http://127.0.0.1/callback")
        #expect(query["state"] == request.state)
        #expect(query["code_challenge"] == request.pkce.codeChallenge)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["scope"] == "read write")
        #expect(query["duration"] == "permanent")
        #expect(query["code_verifier"] == nil)
    }

    @Test func redirectWithMatchingStateGivesTheCode() throws {
        let request = AuthorizationRequest(configuration: .example, state: "s-1")
        let code = try request.code(from: URL(string: "http://127.0.0.1:5000/callback?code=abc%2F1&state=s-1")!)
        #expect(code == "abc/1")
    }

    @Test func redirectErrorsAreDistinct() {
        let request = AuthorizationRequest(configuration: .example, state: "s-1")
        func failure(_ text: String) -> OAuthError? {
            do {
                _ = try request.code(from: URL(string: text)!)
                return nil
            } catch { return error }
        }
        guard case .stateMismatch = failure("http://127.0.0.1/callback?code=x&state=s-2") else {
            Issue.record("state")
            return
        }
        guard case .stateMismatch = failure("http://127.0.0.1/callback?code=x") else {
            Issue.record("no state")
            return
        }
        guard case .missingCode = failure("http://127.0.0.1/callback?state=s-1") else {
            Issue.record("code")
            return
        }
        guard
            case .accessDenied(let description) = failure(
                "http://127.0.0.1/callback?error=access_denied&error_description=No+thanks&state=s-1")
        else {
            Issue.record("denied")
            return
        }
        #expect(description == "No thanks")
        guard
            case .authorizationRejected(let error) = failure("http://127.0.0.1/callback?error=invalid_scope&state=s-1")
        else {
            Issue.record("rejected")
            return
        }
        #expect(error.code == .invalidScope)
    }

    @Test func issuerIsCheckedWhenConfiguredAndSent() throws {
        var configuration = OAuthConfiguration.example
        configuration.issuer = "https://auth.example.com"
        let request = AuthorizationRequest(configuration: configuration, state: "s")
        #expect(
            try request.code(
                from: URL(string: "http://127.0.0.1/callback?code=c&state=s&iss=https%3A%2F%2Fauth.example.com")!)
                == "c")
        #expect(throws: OAuthError.self) {
            try request.code(
                from: URL(string: "http://127.0.0.1/callback?code=c&state=s&iss=https%3A%2F%2Fevil.example")!)
        }
    }

    @Test func constantTimeComparison() {
        #expect(AuthorizationRequest.constantTimeEquals("abc", "abc"))
        #expect(!AuthorizationRequest.constantTimeEquals("abc", "abd"))
        #expect(!AuthorizationRequest.constantTimeEquals("abc", "abcd"))
        #expect(!AuthorizationRequest.constantTimeEquals("", "a"))
        #expect(AuthorizationRequest.constantTimeEquals("", ""))
    }
}
