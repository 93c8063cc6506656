import Foundation

extension HTTPClient {
    /// Resolves a ``Request`` into the ``HTTPRequest`` the interceptors see.
    func makeHTTPRequest<Response>(_ request: Request<Response>) throws(HTTPError) -> HTTPRequest {
        let url = try resolveURL(path: request.path, query: request.query, method: request.method)
        var headers = configuration.headers
        headers.merge(request.headers)
        var body: Data?
        if let requestBody = request.body {
            do {
                let encoded = try requestBody.encoded(with: configuration.encoder)
                body = encoded.data
                if !headers.contains("Content-Type") { headers["Content-Type"] = encoded.contentType }
            } catch {
                throw HTTPError(.invalidRequest(reason: "the body could not be encoded", underlying: error), method: request.method, url: url)
            }
        }
        return HTTPRequest(
            method: request.method, url: url, headers: headers, body: body, timeout: request.timeout,
            followsRedirects: request.followsRedirects, options: request.options
        )
    }

    /// Joins a path to the base URL and appends strictly percent-encoded query items.
    func resolveURL(path: String, query: [URLQueryItem], method: HTTPMethod) throws(HTTPError) -> URL {
        func invalid(_ reason: String) -> HTTPError {
            HTTPError(.invalidRequest(reason: reason, underlying: nil), method: method, url: nil)
        }
        var text: String
        if let scheme = URLComponents(string: path)?.scheme, !scheme.isEmpty {
            text = path
        } else {
            guard let base = configuration.baseURL else {
                throw invalid("\"\(path)\" is relative and the client has no base URL")
            }
            var baseText = base.absoluteString
            while baseText.hasSuffix("/") { baseText.removeLast() }
            text = path.isEmpty ? baseText : baseText + (path.hasPrefix("/") ? "" : "/") + path
        }
        if !query.isEmpty {
            let encoded = FormEncoding.encode(query.map { ($0.name, $0.value) })
            text += (text.contains("?") ? "&" : "?") + encoded
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil,
              scheme == "http" || scheme == "https"
        else {
            throw invalid("\"\(Redactor.default.redactForm(text))\" is not a valid http(s) URL")
        }
        return url
    }
}
