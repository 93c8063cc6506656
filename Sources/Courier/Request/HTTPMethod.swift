/// An HTTP request method such as `GET` or `POST`.
///
/// Methods are open-ended: any token a server understands can be written as
/// `HTTPMethod(rawValue: "PROPFIND")`. The idempotent ones, which a retry may send again, are
/// listed once, with reasons: ``RetryPolicy/defaultRetryableMethods``.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method token as sent on the wire, upper-cased.
    public let rawValue: String

    /// Creates a method from its token; the token is upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// Creates a method from a string literal such as `"GET"`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// `GET`: read a resource.
    public static let get: HTTPMethod = "GET"
    /// `POST`: create or act; not idempotent.
    public static let post: HTTPMethod = "POST"
    /// `PUT`: replace a resource.
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`: change part of a resource; not idempotent.
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`: remove a resource.
    public static let delete: HTTPMethod = "DELETE"
    /// `HEAD`: like `GET` without a body.
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`: ask what a resource allows.
    public static let options: HTTPMethod = "OPTIONS"
    /// `TRACE`: echo the request.
    public static let trace: HTTPMethod = "TRACE"

    /// The method token.
    public var description: String { rawValue }
}
