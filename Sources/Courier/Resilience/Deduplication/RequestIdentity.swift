import Foundation

/// What makes two requests "the same" for de-duplication: method, URL, redirect handling, the
/// statuses the call accepts, the header fields and the body, compared exactly.
///
/// The shared call keeps its request anyway, so the key holds the fields themselves, not
/// digests. Header names are compared case-insensitively, and the order of differently named
/// fields does not matter. Tracing headers that differ on every call (``ignoredHeaderNames``)
/// are left out, so they do not stop identical calls from being joined. The key's
/// `description` redacts secret header values, so printing it never shows a token.
struct RequestIdentity: Hashable, Sendable, CustomStringConvertible {
    let method: HTTPMethod
    let url: String
    let followsRedirects: Bool
    let acceptableStatusCodes: Set<Int>
    let headers: [HeaderEntry]
    let body: BodyKey?

    /// The body's part of the key: in-memory bytes compared exactly, a file by its path, size and
    /// modification time; a stream never equals another (its bytes are unknown until sent).
    enum BodyKey: Hashable, Sendable {
        case data(Data)
        case pieces([String])
        case stream(UUID)

        var summary: String {
            switch self {
            case .data(let data): "\(data.count) bytes"
            case .pieces(let pieces): "\(pieces.count) pieces, files included"
            case .stream: "a stream"
            }
        }

        init(_ body: HTTPRequest.Body) {
            switch body.storage {
            case .data(let data): self = .data(data)
            case .stream: self = .stream(UUID())
            case .pieces(let pieces):
                self = .pieces(
                    pieces.map { piece in
                        switch piece {
                        case .data(let data): return "data:" + data.base64EncodedString()
                        case .file(let url):
                            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                            return "file:\(url.path):\(HTTPRequest.Body.fileSize(url) ?? -1):\(modified)"
                        }
                    })
            }
        }
    }

    struct HeaderEntry: Hashable, Sendable {
        let name: String
        let value: String
    }

    /// Per-call tracing headers: they never change the response.
    static let ignoredHeaderNames: Set<String> = ["x-request-id", "x-correlation-id", "traceparent", "tracestate"]

    init(_ request: HTTPRequest) {
        method = request.method
        url = request.url.absoluteString
        followsRedirects = request.followsRedirects
        acceptableStatusCodes = request.acceptableStatusCodes
        // Sorted by name; repeated fields of one name keep their order, which can matter.
        headers = request.headers.enumerated().compactMap { position, field -> (Int, HeaderEntry)? in
            let name = field.name.lowercased()
            guard !Self.ignoredHeaderNames.contains(name) else { return nil }
            return (position, HeaderEntry(name: name, value: field.value))
        }
        .sorted { ($0.1.name, $0.0) < ($1.1.name, $1.0) }
        .map(\.1)
        body = request.body.map(BodyKey.init)
    }

    /// The key with secret header values and the body left out.
    var description: String {
        let redactor = LoggingMonitor.Redactor.default
        let fields = headers.map {
            "\($0.name): \(redactor.isSecret(name: $0.name) ? LoggingMonitor.Redactor.placeholder : $0.value)"
        }
        return
            "\(method) \(redactor.redact(URL(string: url) ?? URL(fileURLWithPath: "/"))) [\(fields.joined(separator: ", "))]"
            + (body.map { " body: \($0.summary)" } ?? "")
    }
}
