import Foundation

// `dump()`, `Mirror`, `print` and string interpolation of a value without a description of its
// own all read its stored properties through reflection. The values that hold a secret offer a
// mirror of their own instead, with the secret shown as `<redacted>` (the same rules as logs,
// cURL lines and error descriptions: ``LoggingMonitor/Redactor/default``).

extension Proxy: CustomReflectable {
    /// The proxy's kind, host, port and user name; its password as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "kind": kind, "host": host, "port": port, "username": username as Any,
                "password": password == nil ? "nil" : LoggingMonitor.Redactor.placeholder,
            ],
            displayStyle: .struct)
    }
}

extension HTTPHeaders: CustomReflectable {
    /// The fields, each as `Name: value`, with secret values as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(
            self, unlabeledChildren: LoggingMonitor.Redactor.default.redact(self).map { "\($0.name): \($0.value)" },
            displayStyle: .collection)
    }
}

extension HTTPRequest: CustomReflectable {
    /// The request with its URL, headers and body redacted (the body summarised unless it is
    /// text in memory).
    public var customMirror: Mirror {
        let redactor = options[RedactorOption.self] ?? .default
        let body: String? = body.map { body in
            guard let data = body.data else { return "<\(body.summary)>" }
            guard let text = String(data: data, encoding: .utf8) else { return "<\(data.count) bytes>" }
            return redactor.redactBody(text, contentType: headers["Content-Type"])
        }
        return Mirror(
            self,
            children: [
                "method": method, "url": redactor.redact(url),
                "headers": redactor.redact(headers).map { "\($0.name): \($0.value)" }, "body": body as Any,
                "timeout": timeout as Any, "followsRedirects": followsRedirects,
                "acceptableStatusCodes": acceptableStatusCodes.sorted(),
                "maximumResponseBodySize": maximumResponseBodySize as Any,
            ],
            displayStyle: .struct)
    }
}
