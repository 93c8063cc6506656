public import Foundation

/// Reads a provider's non-standard error answers from the token endpoint as RFC 6749 §5.2
/// errors, for servers whose refusals do not follow the RFC's shape.
///
/// CourierOAuth reads only RFC 6749 error bodies (`{"error": "invalid_grant", ...}`, whatever
/// the status). A provider that answers some refusals differently installs an interpreter in
/// its ``OAuthConfiguration``; it is asked first, and a nil answer falls back to the RFC rules.
///
/// ```swift
/// configuration.tokenErrorInterpreter = TokenErrorInterpreter(name: "numeric-400") { status, body in
///     status == 400 && body == Data(#"{"error": 400}"#.utf8)
///         ? OAuthError.ServerError(code: .invalidGrant, statusCode: status) : nil
/// }
/// ```
///
/// Interpreters compare equal by ``name``, so give different interpretations different names.
public struct TokenErrorInterpreter: Sendable, Hashable, CustomStringConvertible {
    /// Identifies the interpretation (compared by `==` and shown in descriptions).
    public let name: String
    private let interpret: @Sendable (_ statusCode: Int, _ body: Data) -> OAuthError.ServerError?

    /// Creates an interpreter.
    ///
    /// - Parameters:
    ///   - name: Identifies the interpretation.
    ///   - interpret: Given the HTTP status and body of a token or revocation answer, the OAuth
    ///     error it means, or nil to read it by the RFC rules.
    public init(
        name: String, interpret: @escaping @Sendable (_ statusCode: Int, _ body: Data) -> OAuthError.ServerError?
    ) {
        self.name = name
        self.interpret = interpret
    }

    /// The OAuth error an answer with `statusCode` and `body` means, or nil.
    public func serverError(statusCode: Int, body: Data) -> OAuthError.ServerError? {
        interpret(statusCode, body)
    }

    /// Whether both have the same ``name``.
    public static func == (lhs: TokenErrorInterpreter, rhs: TokenErrorInterpreter) -> Bool { lhs.name == rhs.name }

    /// Hashes the ``name``.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// `TokenErrorInterpreter(<name>)`.
    public var description: String { "TokenErrorInterpreter(\(name))" }
}
