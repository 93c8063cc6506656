import Courier
public import Foundation

/// An access token and what came with it, as the token endpoint issued it.
///
/// `Codable` so token stores can keep it; its `description` never shows the tokens.
public struct Token: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The access token sent as `Authorization: Bearer …`.
    public var accessToken: String
    /// The token type (`bearer`, in any case).
    public var tokenType: String
    /// The refresh token, when the server issued one.
    public var refreshToken: String?
    /// When the access token expires, from `expires_in`; nil when the server did not say.
    public var expiresAt: Date?
    /// The granted scopes (from `scope`, space-separated).
    public var scopes: [String]
    /// Fields the response carried beyond the standard ones, as text (for example a `device_id`).
    public var additionalFields: [String: String]

    /// Creates a token.
    public init(
        accessToken: String,
        tokenType: String = "bearer",
        refreshToken: String? = nil,
        expiresAt: Date? = nil,
        scopes: [String] = [],
        additionalFields: [String: String] = [:]
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.additionalFields = additionalFields
    }

    /// Whether the access token has expired at `date`, or will within `margin`.
    public func isExpired(at date: Date = Date(), margin: Duration = .zero) -> Bool {
        guard let expiresAt else { return false }
        return date.addingTimeInterval(margin.timeInterval) >= expiresAt
    }

    /// The token with secrets hidden.
    public var description: String {
        var text = "Token(\(tokenType), access: \(LoggingMonitor.Redactor.placeholder)"
        if refreshToken != nil { text += ", refresh: \(LoggingMonitor.Redactor.placeholder)" }
        if let expiresAt { text += ", expires: \(expiresAt)" }
        if !scopes.isEmpty { text += ", scopes: \(scopes.joined(separator: " "))" }
        return text + ")"
    }
}
