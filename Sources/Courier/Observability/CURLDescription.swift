import Foundation

extension HTTPRequest {
    /// The request as a `curl` command line, with secrets redacted: paste it into a bug report or
    /// a terminal to reproduce a call. A request an ``HTTPClient`` built (``Response/request``,
    /// ``HTTPClient/curlDescription(of:)``) hides what the client's ``LoggingMonitor`` hides;
    /// any other uses ``LoggingMonitor/Redactor/default``.
    ///
    /// ```swift
    /// print(response.request.curlDescription)
    /// // curl -X POST -H 'Authorization: <redacted>' -H 'Content-Type: application/json' --data-raw '{"name":"x"}' 'https://api.example.com/items'
    /// ```
    public var curlDescription: String { curlDescription(redactor: options[RedactorOption.self] ?? .default) }

    /// The request as a `curl` command line, with secrets redacted by `redactor`.
    public func curlDescription(redactor: LoggingMonitor.Redactor) -> String {
        render(redactor: redactor)
    }

    /// The request as a `curl` command line with every secret shown as it is sent.
    ///
    /// Only for reproducing a call on your own machine: the text holds live credentials, so it
    /// must never go to a log, a crash report or an issue tracker.
    public var unredactedCurlDescription: String { render(redactor: nil) }

    private func render(redactor: LoggingMonitor.Redactor?) -> String {
        var parts = ["curl"]
        switch method {
        case .get: break
        case .head: parts.append("--head")
        default: parts += ["-X", method.rawValue]
        }
        if followsRedirects { parts.append("-L") }
        if let timeout {
            parts += ["--max-time", String(format: "%g", timeout.timeInterval)]
        }
        var shownHeaders = redactor?.redact(headers) ?? headers
        // `curl -F` writes the form with a boundary of its own, announced in its own header.
        if body?.form != nil { shownHeaders["Content-Type"] = nil }
        for field in shownHeaders {
            // A control character in a field (a request the pipeline would refuse) is shown
            // escaped: the text stays one line.
            parts += ["-H", Self.shellQuoted("\(field.name): \(field.value)".escapingControlCharacters)]
        }
        if let body, body.data == nil {
            parts += Self.renderUnbuffered(body, redactor: redactor)
        } else if let body = body?.data, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8) {
                let shown = redactor?.redactBody(text, contentType: headers["Content-Type"]) ?? text
                parts += ["--data-raw", Self.shellQuoted(shown)]
            } else {
                // Binary bytes do not survive a command line; say what was there instead.
                parts += ["--data-binary", Self.shellQuoted("<\(body.count) bytes of binary data>")]
            }
        }
        parts.append(Self.shellQuoted(redactor?.redact(url) ?? url.absoluteString))
        return parts.joined(separator: " ")
    }

    /// A body that is not in memory, by reference, never by its contents: a file as
    /// `--data-binary @path`, a multipart form as `-F` fields with `@path` files, a stream as
    /// `--data-binary @-` (curl reads it from standard input).
    private static func renderUnbuffered(_ body: Body, redactor: LoggingMonitor.Redactor?) -> [String] {
        if let form = body.form {
            return form.parts.flatMap { part -> [String] in
                let name = part.name.replacingOccurrences(of: "=", with: "%3D")
                switch part.content {
                case .file(let url):
                    var value = "\(name)=@\"\(url.path)\""
                    if let contentType = part.contentType { value += ";type=\(contentType)" }
                    if let filename = part.filename { value += ";filename=\"\(filename)\"" }
                    return ["-F", shellQuoted(value)]
                case .data(let data):
                    let text: String
                    if redactor?.isSecret(name: part.name) == true {
                        text = LoggingMonitor.Redactor.placeholder
                    } else if part.filename == nil, let string = String(data: data, encoding: .utf8) {
                        text = string
                    } else {
                        text = "<\(data.count) bytes of binary data>"
                    }
                    return ["--form-string", shellQuoted("\(name)=\(text)")]
                }
            }
        }
        if let file = body.fileURL { return ["--data-binary", shellQuoted("@" + file.path)] }
        return ["--data-binary", "@-"]
    }

    /// Wraps text in single quotes for a POSIX shell; an embedded `'` becomes `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension HTTPClient {
    /// The `curl` command line for `request` as this client would send it (base URL, default
    /// headers and encoded body applied, before interceptors), with secrets redacted.
    ///
    /// - Throws: ``HTTPError`` when the request cannot be built.
    public func curlDescription<Response>(of request: Request<Response>) throws(HTTPError) -> String {
        try makeHTTPRequest(request).curlDescription
    }
}
