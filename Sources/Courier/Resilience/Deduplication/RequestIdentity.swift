import Foundation

/// What makes two requests "the same" for de-duplication.
///
/// Secret header values (per ``LoggingMonitor/Redactor/isSecret(name:)``: `Authorization`, `Cookie`, token
/// headers) and the body are kept only as SHA-256 digests, so the pool never holds a raw token.
/// Header names are compared case-insensitively, and the order of differently named fields does
/// not matter. Tracing headers that differ on every call (``ignoredHeaderNames``) are left out, so
/// they do not stop identical calls from being joined.
struct RequestIdentity: Hashable, Sendable {
    let method: HTTPMethod
    let url: String
    let followsRedirects: Bool
    let headers: [HeaderEntry]
    let bodyDigest: Data?

    struct HeaderEntry: Hashable, Sendable {
        let name: String
        let value: String
    }

    /// Per-call tracing headers: they never change the response.
    static let ignoredHeaderNames: Set<String> = ["x-request-id", "x-correlation-id", "traceparent", "tracestate"]

    init(_ request: HTTPRequest, redactor: LoggingMonitor.Redactor = .default) {
        method = request.method
        url = request.url.absoluteString
        followsRedirects = request.followsRedirects
        // Sorted by name; repeated fields of one name keep their order, which can matter.
        headers = request.headers.enumerated().compactMap { position, field -> (Int, HeaderEntry)? in
            let name = field.name.lowercased()
            guard !Self.ignoredHeaderNames.contains(name) else { return nil }
            let value = redactor.isSecret(name: name) ? "sha256:" + SHA256Digest.hex(Data(field.value.utf8)) : field.value
            return (position, HeaderEntry(name: name, value: value))
        }
        .sorted { ($0.1.name, $0.0) < ($1.1.name, $1.0) }
        .map(\.1)
        bodyDigest = request.body.map { SHA256Digest.hash($0) }
    }
}
