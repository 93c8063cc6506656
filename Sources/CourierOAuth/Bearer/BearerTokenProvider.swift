/// Where ``OAuthInterceptor`` gets its bearer tokens: a token for each request, and after the
/// server rejected one, a fresh token or a typed error.
///
/// ``OAuthSession`` is the provider for signed-in and app-only use (it refreshes before expiry,
/// once for all callers, and across processes on a shared ``FileTokenStore``);
/// ``StaticBearerToken`` is a fixed token for scripts and tests.
///
/// ```swift
/// let api = HTTPClient(baseURL: apiURL) { $0.interceptors = [OAuthInterceptor(provider: session)] }
/// ```
public protocol BearerTokenProvider: Sendable {
    /// The access token to send now, renewed first when it is about to expire.
    ///
    /// - Throws: ``OAuthError`` when there is no usable token (not signed in, renewal failed).
    func accessToken() async throws(OAuthError) -> String

    /// The access token to retry with after the server refused `rejected` as invalid (RFC 6750
    /// `invalid_token`): a renewed one if `rejected` is still the current token, otherwise the
    /// token that has replaced it meanwhile.
    ///
    /// - Throws: ``OAuthError`` when no fresh token can be had; never returns `rejected` again.
    func accessToken(afterRejectionOf rejected: String) async throws(OAuthError) -> String
}

extension OAuthSession: BearerTokenProvider {
    /// ``validToken()``'s access token.
    public func accessToken() async throws(OAuthError) -> String {
        try await validToken().accessToken
    }

    /// ``token(afterRejectionOf:)``'s access token.
    public func accessToken(afterRejectionOf rejected: String) async throws(OAuthError) -> String {
        try await token(afterRejectionOf: rejected).accessToken
    }
}
