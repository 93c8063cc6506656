import Foundation

extension HTTPClient {
    /// Resolves a ``Request`` into the ``HTTPRequest`` the interceptors see.
    func makeHTTPRequest<Response>(_ request: Request<Response>) throws(HTTPError) -> HTTPRequest {
        let url = try resolveURL(path: request.path, query: request.query, method: request.method)
        var headers = configuration.headers
        headers.merge(request.headers)
        var body: HTTPRequest.Body?
        if let requestBody = request.body {
            do {
                let encoded = try requestBody.encoded(with: configuration.encoder)
                body = encoded.body
                if !headers.contains("Content-Type") { headers["Content-Type"] = encoded.contentType }
            } catch let error as URLError {
                // A body file that cannot be read: said before anything is sent.
                throw HTTPError.invalidRequest(
                    error.localizedDescription, underlying: error, method: request.method, url: url)
            } catch {
                throw HTTPError.invalidRequest(
                    "the body could not be encoded", underlying: error, method: request.method, url: url)
            }
        }
        var wire = HTTPRequest(
            method: request.method, url: url, headers: headers, body: body, timeout: request.timeout,
            followsRedirects: request.followsRedirects,
            acceptableStatusCodes: request.acceptableStatusCodes ?? configuration.acceptableStatusCodes
        )
        wire.options = request.options
        if let redactor { wire.options[RedactorOption.self] = redactor }
        switch request.options[ResponseBodyLimitOption.self] {
        case .client: wire.maximumResponseBodySize = configuration.maximumResponseBodySize
        case .call(let bytes): wire.maximumResponseBodySize = bytes
        }
        try Self.checkWellFormed(wire, attempts: 1)
        return wire
    }

    /// Refuses a request that no transport may be handed: a header field whose name is not an
    /// HTTP token or whose value holds CR, LF or NUL (see ``InvalidHeaderField``). Stage 1 checks
    /// the request it built; stage 5 checks again what the interceptors made of it, just before
    /// the transport, so a field an interceptor added is refused as well and nothing is sent.
    static func checkWellFormed(_ request: HTTPRequest, attempts: Int) throws(HTTPError) {
        guard let invalid = request.headers.firstInvalidField() else { return }
        throw HTTPError(
            .invalidRequest(reason: invalid.description, underlying: nil), method: request.method, url: request.url,
            attempts: attempts)
    }

    /// Joins a path to the base URL and appends strictly percent-encoded query items.
    func resolveURL(path: String, query: [URLQueryItem], method: HTTPMethod) throws(HTTPError) -> URL {
        func invalid(_ reason: String) -> HTTPError {
            HTTPError.invalidRequest(reason, method: method, url: nil)
        }
        var text: String
        // Joined to a base already known to be http(s) with a host, the URL keeps both, so
        // only whether it parses is left to check.
        var checked = false
        if Self.startsWithScheme(path) {
            text = path
        } else if let base = validBase {
            text = Self.join(base, path)
            checked = true
        } else if let base = configuration.baseURL {
            text = Self.join(Self.trimmingSlashes(base.absoluteString), path)
        } else {
            throw invalid("\"\(path)\" is relative and the client has no base URL")
        }
        if !query.isEmpty {
            let encoded = FormEncoding.encode(query.map { ($0.name, $0.value) })
            text += (text.contains("?") ? "&" : "?") + encoded
        }
        guard let url = URL(string: text), checked || Self.isHTTP(url) else {
            throw invalid("\"\(LoggingMonitor.Redactor.default.redactForm(text))\" is not a valid http(s) URL")
        }
        return url
    }

    /// The base URL's text without trailing slashes, when it is an http(s) URL with a host.
    static func httpBase(_ base: URL?) -> String? {
        guard let base, isHTTP(base) else { return nil }
        return trimmingSlashes(base.absoluteString)
    }

    private static func isHTTP(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "http" || scheme == "https"
    }

    private static func trimmingSlashes(_ text: String) -> String {
        var text = text
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private static func join(_ base: String, _ path: String) -> String {
        path.isEmpty ? base : base + (path.hasPrefix("/") ? "" : "/") + path
    }

    /// Whether `text` opens with a URL scheme and its colon (RFC 3986, section 3.1:
    /// a letter, then letters, digits, `+`, `-` or `.`), so it is an absolute URL, not a path.
    static func startsWithScheme(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        guard let first = utf8.next(), isLetter(first) else { return false }
        while let byte = utf8.next() {
            if byte == UInt8(ascii: ":") { return true }
            guard
                isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return false }
        }
        return false
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }
}
