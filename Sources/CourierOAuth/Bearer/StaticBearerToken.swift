import Courier

/// A bearer token that never changes, for scripts and tests: it is sent as given, and when the
/// server rejects it the call fails with ``OAuthError/tokenRejected``.
///
/// ```swift
/// let api = HTTPClient(baseURL: apiURL) {
///     $0.interceptors = [OAuthInterceptor(provider: StaticBearerToken(ProcessInfo.processInfo.environment["TOKEN"] ?? ""))]
/// }
/// ```
public struct StaticBearerToken: BearerTokenProvider, CustomStringConvertible {
    private let token: String

    /// A provider of `token`.
    public init(_ token: String) {
        self.token = token
    }

    /// The token.
    public func accessToken() async throws(OAuthError) -> String { token }

    /// Always throws ``OAuthError/tokenRejected``: a fixed token cannot be renewed.
    public func accessToken(afterRejectionOf rejected: String) async throws(OAuthError) -> String {
        throw .tokenRejected
    }

    /// The type without the token.
    public var description: String { "StaticBearerToken(\(LoggingMonitor.Redactor.placeholder))" }
}
