import Courier
import Foundation

/// Sends grants to the token endpoint and tokens to the revocation endpoint, with the
/// configured client authentication, through a Courier `HTTPClient`.
struct TokenEndpoint: Sendable {
    let configuration: OAuthConfiguration
    let client: HTTPClient

    /// Exchanges `grant` for a token; `now` dates the expiry.
    func token(for grant: Grant, now: @Sendable () -> Date) async throws(OAuthError) -> Token {
        let fields = grant.formFields(
            redirectURI: configuration.redirectURI.absoluteString, scopes: configuration.scopes)
        let raw = try await post(fields, to: configuration.tokenEndpoint)
        return try TokenResponse.token(
            from: raw, method: .post, url: configuration.tokenEndpoint, now: now(),
            interpreter: configuration.tokenErrorInterpreter)
    }

    /// Revokes one token (RFC 7009); does nothing without a revocation endpoint.
    func revoke(_ token: String, hint: String) async throws(OAuthError) {
        guard let endpoint = configuration.revocationEndpoint else { return }
        let raw = try await post(["token": token, "token_type_hint": hint], to: endpoint)
        try TokenResponse.checkRevocation(
            raw, method: .post, url: endpoint, interpreter: configuration.tokenErrorInterpreter)
    }

    private func post(_ fields: [String: String], to url: URL) async throws(OAuthError) -> HTTPResponse {
        var fields = fields
        var headers: HTTPHeaders = ["Accept": "application/json"]
        switch configuration.clientAuthentication {
        case .basic:
            // RFC 6749 §2.3.1: id and secret are form-encoded before Base64.
            let pair =
                FormEncoding.escape(configuration.clientID) + ":"
                + FormEncoding.escape(configuration.clientSecret ?? "")
            headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
        case .body:
            fields["client_id"] = configuration.clientID
            if let secret = configuration.clientSecret { fields["client_secret"] = secret }
        case .none:
            fields["client_id"] = configuration.clientID
        }
        let request = Request<Data>(method: .post, path: url.absoluteString, headers: headers, body: .form(fields))
            .allowed(statusCodes: 100..<600)
        do {
            return try await client.send(request).raw
        } catch {
            throw .http(error)
        }
    }
}
