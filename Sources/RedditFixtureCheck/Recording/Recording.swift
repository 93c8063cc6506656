package import Courier
package import Foundation

/// One recording: a response body and its `.meta.json` sidecar (the format of
/// `../shared/fixtures/reddit-praw` and `../shared/fixtures/reddit`): the request PRAW sent and
/// the response Reddit gave.
package struct Recording: Sendable {
    /// The body's path relative to the folder that was checked.
    package let file: String
    /// PRAW's endpoint key: the sidecar's `api_path_key`, else its `fixture_key`, else the key
    /// whose template matches the recorded path (sidecars without a `praw` section).
    package let key: String?
    /// The request as recorded.
    package let request: RecordedRequest
    /// The response's status code.
    package let status: Int
    /// The response's headers (without `content-length` and `content-encoding`: bodies are stored decoded).
    package let headers: HTTPHeaders
    /// The body bytes.
    package let body: Data
    /// Whether the sidecar marks the body as written by hand (`"written_by_hand": true`).
    package let writtenByHand: Bool

    /// Why a recording could not be read.
    package enum LoadError: Error, CustomStringConvertible, Equatable {
        /// The body has no `.meta.json` beside it.
        case noSidecar
        /// The sidecar has no body beside it.
        case noBody
        /// A file could not be read.
        case unreadable(String)
        /// The sidecar is not JSON, or lacks a field every sidecar has.
        case badSidecar(String)

        package var description: String {
            switch self {
            case .noSidecar: "no .meta.json sidecar beside the body"
            case .noBody: "no body beside the sidecar"
            case .unreadable(let reason): "unreadable: \(reason)"
            case .badSidecar(let reason): "bad sidecar: \(reason)"
            }
        }
    }

    /// Reads the body at `bodyURL` and its sidecar; `file` names it in reports.
    package init(body bodyURL: URL, sidecar sidecarURL: URL, file: String) throws(LoadError) {
        let body: Data
        let sidecarData: Data
        do {
            body = try Data(contentsOf: bodyURL)
            sidecarData = try Data(contentsOf: sidecarURL)
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        let meta: JSON
        do {
            meta = try JSON.TapeDecoder().decode(JSON.self, from: sidecarData)
        } catch {
            throw .badSidecar("not JSON (\(error))")
        }
        guard let request = meta["request"], request.objectValue != nil,
            let method = request["method"]?.stringValue, let rawPath = request["path"]?.stringValue
        else { throw .badSidecar("no request.method and request.path") }
        guard let response = meta["response"], let status = response["status_code"]?.intValue else {
            throw .badSidecar("no response.status_code")
        }
        var headers = HTTPHeaders()
        for (name, value) in (response["headers"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let value = value.stringValue, !["content-length", "content-encoding"].contains(name.lowercased())
            else { continue }
            headers[name] = value
        }
        let praw = meta["praw"]
        let template = praw?["template"]?.stringValue
        var key = praw?["api_path_key"]?.stringValue ?? praw?["fixture_key"]?.stringValue
        var parameters: [String: String] = [:]
        if let template, let captured = PathTemplate(template).match(rawPath) {
            parameters = captured
        } else if key == nil || template == nil, Self.isReddit(request["host"]?.stringValue),
            let matched = PRAWEndpoints.match(path: rawPath)
        {
            key = key ?? matched.key
            parameters = matched.parameters
        }
        self.file = file
        self.key = key
        self.request = RecordedRequest(
            method: method.uppercased(), path: rawPath,
            query: FormFields.parseQuery(request["query"]?.stringValue ?? ""),
            form: request["form_body"]?.objectValue.map(FormFields.normalize),
            json: request["json_body"].flatMap { $0.isNull ? nil : $0 }, pathParameters: parameters)
        self.status = status
        self.headers = headers
        self.body = body
        writtenByHand = meta["written_by_hand"]?.boolValue ?? false
    }

    /// Whether a recorded host is Reddit's (or unrecorded): a request to another host (an upload
    /// to S3) is no endpoint of PRAW's, whatever its path.
    private static func isReddit(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return true }
        return host == "reddit.com" || host.hasSuffix(".reddit.com")
    }

    /// Whether the response is one of Reddit's errors: a status outside 2xx, a `json.errors`
    /// list with an entry, a top-level `errors` list with an entry (an image upload's
    /// `{"errors": ["IMAGE_ERROR"], "img_src": ""}`), or a top-level `error`.
    package var isErrorResponse: Bool {
        guard (200..<300).contains(status) else { return true }
        guard let json = try? JSON.TapeDecoder().decode(JSON.self, from: body) else { return false }
        if let errors = json["json"]?["errors"]?.arrayValue, !errors.isEmpty { return true }
        if let errors = json["errors"]?.arrayValue, !errors.isEmpty { return true }
        return json["error"] != nil && json["error"]?.isNull == false
    }

    /// The recording's endpoint for counting: its key, or the method and path when it has none.
    package var endpoint: String { key ?? request.method + " " + request.path }
}
