package import Courier
package import Foundation

/// One recorded request and Reddit's answer to it, read from a cassette or from a folder of
/// recordings, with the request as ``OfflineTransport/normalize(_:)`` writes it.
package struct RecordedExchange: Sendable {
    /// The recorded request, normalized.
    package let request: HTTPRequest
    /// The recorded answer.
    package let status: Int
    /// The answer's headers.
    package let headers: HTTPHeaders
    /// The answer's body.
    package let body: Data

    /// The answer, for a live request.
    func response(for live: HTTPRequest) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers, body: body, url: live.url)
    }
}

extension RecordedExchange {
    /// The exchanges of a cassette in Courier's format (`{"format": "courier-cassette",
    /// "interactions": [{"request": {...}, "response": {...}}]}`: what CourierTesting's
    /// `RecordingTransport` writes and `reddit --offline` ships).
    static func cassette(_ data: Data) throws -> [RecordedExchange] {
        struct Body: Decodable {
            let text: String?
            let base64: String?
            var data: Data { text.map { Data($0.utf8) } ?? base64.flatMap { Data(base64Encoded: $0) } ?? Data() }
        }
        struct Side: Decodable {
            let method: String?
            let url: String?
            let status: Int?
            let headers: [String: String]?
            let body: Body?
        }
        struct Interaction: Decodable {
            let request: Side
            let response: Side
        }
        struct File: Decodable { let interactions: [Interaction] }
        return try JSONDecoder().decode(File.self, from: data).interactions.compactMap { interaction in
            guard let text = interaction.request.url, let url = URL(string: text),
                let status = interaction.response.status
            else { return nil }
            var request = HTTPRequest(method: HTTPMethod(rawValue: interaction.request.method ?? "GET"), url: url)
            request.headers = HTTPHeaders(interaction.request.headers ?? [:])
            if let body = interaction.request.body?.data, !body.isEmpty { request.body = .data(body) }
            return RecordedExchange(
                request: OfflineTransport.normalize(request), status: status,
                headers: HTTPHeaders(interaction.response.headers ?? [:]),
                body: interaction.response.body?.data ?? Data())
        }
    }

    /// The exchanges of a folder of recordings, searched recursively: each body (`NAME.json`,
    /// `NAME.txt`, `NAME.html`…) beside its sidecar `NAME.meta.json`, whose
    /// `request` has `method`, `url` and `form_body`, and `response` has `status_code` and
    /// `headers` (the format of `../shared/fixtures/reddit` and `reddit-praw`). Files without a
    /// readable sidecar are skipped.
    static func folder(_ folder: URL) throws -> [RecordedExchange] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        var sidecars: [String] = []
        for case let file as URL in files where file.lastPathComponent.hasSuffix(".meta.json") {
            sidecars.append(file.path)
        }
        return sidecars.sorted().compactMap { path in
            let stem = String(path.dropLast(".meta.json".count))
            guard let meta = FileManager.default.contents(atPath: path),
                let root = try? JSONSerialization.jsonObject(with: meta) as? [String: Any],
                let recorded = root["request"] as? [String: Any], let answer = root["response"] as? [String: Any],
                let text = recorded["url"] as? String, let url = URL(string: text),
                let status = answer["status_code"] as? Int,
                let body = bodyFile(of: stem).flatMap({ FileManager.default.contents(atPath: $0) })
            else { return nil }
            var request = HTTPRequest(method: HTTPMethod(rawValue: recorded["method"] as? String ?? "GET"), url: url)
            if let form = recorded["form_body"] as? [String: Any] {
                let fields = form.sorted { $0.key < $1.key }.map {
                    "\(OfflineTransport.formEncode($0.key))=\(OfflineTransport.formEncode("\($0.value)"))"
                }
                request.body = .data(Data(fields.joined(separator: "&").utf8))
                request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            }
            var headers = HTTPHeaders()
            for (name, value) in answer["headers"] as? [String: Any] ?? [:] {
                guard let value = value as? String, !["content-length", "content-encoding"].contains(name.lowercased())
                else { continue }
                headers[name] = value
            }
            return RecordedExchange(
                request: OfflineTransport.normalize(request), status: status, headers: headers, body: body)
        }
    }

    /// The body beside a sidecar `STEM.meta.json`: `STEM.json`, `STEM.txt`, … (the first that exists).
    private static func bodyFile(of stem: String) -> String? {
        ["json", "txt", "html", "xml"].map { "\(stem).\($0)" }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
