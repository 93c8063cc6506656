public import Foundation

extension LoggingMonitor {
    /// Hides secrets in headers, URLs, form bodies and JSON text before they are shown or stored.
    ///
    /// Used by ``HTTPError`` descriptions, and by logging, cURL rendering and cassettes. A name is
    /// secret when it is in ``secretHeaderNames`` (headers) or when, lower-cased, it contains one of
    /// ``secretNameFragments`` (query items, form fields, JSON keys, headers).
    public struct Redactor: Sendable {
        /// What replaces a secret value.
        public static let placeholder = "<redacted>"

        /// Header names whose values are always secret.
        public var secretHeaderNames: Set<String>
        /// Fragments that make a query item, form field, JSON key or header name secret.
        public var secretNameFragments: [String]

        /// The built-in rules.
        public static let `default` = LoggingMonitor.Redactor()

        /// Creates a redactor with the built-in rules plus extra secret names.
        public init(additionalSecretNames: [String] = []) {
            secretHeaderNames = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
            secretNameFragments =
                [
                    "token", "secret", "password", "passwd", "api_key", "apikey", "api-key", "session",
                    "signature", "credential",
                ] + additionalSecretNames.map { $0.lowercased() }
            exactSecretNames = ["code", "key", "sig", "otp", "client_assertion", "code_verifier", "device_code"]
        }

        /// Names that contain a secret fragment but describe a secret rather than hold one; replaying
        /// an OAuth token response needs `token_type` intact.
        private static let nonSecretNames: Set<String> = [
            "token_type", "token_type_hint", "access-control-allow-credentials",
        ]

        /// Names that are secret only when they match exactly (too short to match as fragments).
        private var exactSecretNames: Set<String>

        /// Whether a query item, form field or JSON key with this name holds a secret.
        public func isSecret(name: String) -> Bool {
            let lowered = name.lowercased()
            if Self.nonSecretNames.contains(lowered) { return false }
            if exactSecretNames.contains(lowered) || secretHeaderNames.contains(lowered) { return true }
            return secretNameFragments.contains { lowered.contains($0) }
        }

        /// The headers with secret values replaced.
        public func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
            HTTPHeaders(
                headers.fields.map { field in
                    isSecret(name: field.name) ? .init(name: field.name, value: Self.placeholder) : field
                })
        }

        /// The URL's text with secret query values (and any user info) replaced.
        public func redact(_ url: URL) -> String {
            var text = url.absoluteString
            var fragment: String?
            if let hash = text.firstIndex(of: "#") {
                fragment = String(text[text.index(after: hash)...])
                text = String(text[..<hash])
            }
            var query: String?
            if let mark = text.firstIndex(of: "?") {
                query = String(text[text.index(after: mark)...])
                text = String(text[..<mark])
            }
            if let schemeEnd = text.range(of: "://") {
                let authorityEnd = text[schemeEnd.upperBound...].firstIndex(of: "/") ?? text.endIndex
                if let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") {
                    text.replaceSubrange(schemeEnd.upperBound..<at, with: Self.placeholder)
                }
            }
            if let query { text += "?" + redactForm(query) }
            // Implicit-grant redirects carry tokens in the fragment.
            if let fragment { text += "#" + (fragment.contains("=") ? redactForm(fragment) : fragment) }
            return text
        }

        /// A form-encoded string (`a=1&token=x`) with secret values replaced.
        public func redactForm(_ encoded: String) -> String {
            encoded.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                guard parts.count == 2, isSecret(name: name) else { return String(pair) }
                return parts[0] + "=" + Self.placeholder
            }.joined(separator: "&")
        }

        /// Body text with secrets replaced: JSON string or number values under secret keys, form
        /// fields when the text is a form, parts of a multipart form with secret names, query items
        /// inside URLs quoted in the text (`…?access_token=…`), header lines with secret names
        /// (`Cookie: …`, as a server echoing a request writes them), and bearer tokens anywhere.
        public func redactBody(_ text: String, contentType: String? = nil) -> String {
            var result = text
            let media = contentType.flatMap(MediaType.init)
            if media.map({ $0.type == "application" && $0.subtype == "x-www-form-urlencoded" }) ?? false
                || (media == nil && !text.contains("{") && text.contains("=") && !text.contains(" "))
            {
                result = redactForm(result)
            }
            if media.map({ $0.type == "multipart" }) ?? false {
                result = Self.replacingMatches(of: Self.multipartPartPattern, in: result) { groups in
                    isSecret(name: groups[2]) ? groups[1] + Self.placeholder + groups[4] : groups[0]
                }
            }
            result = redactJSONValues(result)
            result = Self.replacingMatches(of: Self.queryPairPattern, in: result) { groups in
                // An empty match is a value already redacted (`<` ends a value) or truly empty.
                guard !groups[3].isEmpty, isSecret(name: groups[2].removingPercentEncoding ?? groups[2]) else {
                    return groups[0]
                }
                return "\(groups[1])\(groups[2])=\(Self.placeholder)"
            }
            result = Self.replacingMatches(of: Self.headerLinePattern, in: result) { groups in
                isSecret(name: groups[2]) ? groups[1] + Self.placeholder : groups[0]
            }
            result = Self.replacingMatches(of: Self.bearerPattern, in: result) { "\($0[1]) \(Self.placeholder)" }
            return result
        }

        /// The body bytes as text, redacted and cut to `limit` bytes; binary bodies are summarised.
        public func redactBody(_ data: Data, contentType: String?, limit: Int) -> String {
            guard !data.isEmpty else { return "" }
            guard
                let text = String(data: data.prefix(limit), encoding: .utf8)
                    ?? String(data: data.prefix(max(0, limit - 3)), encoding: .utf8)
            else {
                return "<\(data.count) bytes of binary data>"
            }
            let redacted = redactBody(text, contentType: contentType)
            return data.count > limit ? redacted + "… (\(data.count) bytes)" : redacted
        }

        /// A line `Name: value` (a header echoed in text): the name in group 2, everything before
        /// the value in group 1.
        private static let headerLinePattern = try! NSRegularExpression(
            pattern: "(?m)^(([A-Za-z0-9!#$%&'*+.^_`|~-]{1,64})[ \\t]*:[ \\t]*)[^\\r\\n]*", options: [])
        private static let bearerPattern = try! NSRegularExpression(
            pattern: "\\b(bearer|basic)\\s+[A-Za-z0-9._~+/=-]+", options: [.caseInsensitive])
        /// `name=value` after `?`, `&` or `;` (also JSON-escaped `\u0026`), as in a URL quoted in text.
        private static let queryPairPattern = try! NSRegularExpression(
            pattern: "([?&;]\\s*|\\\\u0026)([A-Za-z0-9_.~%\\[\\]-]+)=([^&;#\\s\"'<>\\\\]*)", options: [])
        /// A multipart part: its headers up to the blank line (naming it in group 2), its value
        /// (group 3) and the boundary line that follows (group 4).
        private static let multipartPartPattern = try! NSRegularExpression(
            pattern: "(name=\"([^\"]*)\"[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n)(.*?)(\\r?\\n--)",
            options: [.dotMatchesLineSeparators]
        )
        private static let jsonPairPattern = try! NSRegularExpression(
            pattern: "\"([^\"\\\\]{1,64})\"\\s*:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"?|-?[0-9][0-9.eE+-]*)",
            options: []
        )

        private func redactJSONValues(_ text: String) -> String {
            Self.replacingMatches(of: Self.jsonPairPattern, in: text) { groups in
                isSecret(name: groups[1]) ? "\"\(groups[1])\": \"\(Self.placeholder)\"" : groups[0]
            }
        }

        private static func replacingMatches(
            of pattern: NSRegularExpression, in text: String, with replacement: ([String]) -> String
        ) -> String {
            let nsText = text as NSString
            var result = ""
            var last = 0
            for match in pattern.matches(in: text, range: NSRange(location: 0, length: nsText.length)) {
                result += nsText.substring(with: NSRange(location: last, length: match.range.location - last))
                let groups = (0..<match.numberOfRanges).map { index -> String in
                    let range = match.range(at: index)
                    return range.location == NSNotFound ? "" : nsText.substring(with: range)
                }
                result += replacement(groups)
                last = match.range.location + match.range.length
            }
            result += nsText.substring(from: last)
            return result
        }
    }
}

extension LoggingMonitor.Redactor {
    /// These rules and `other`'s: a name secret to either is secret to both.
    func merging(_ other: LoggingMonitor.Redactor) -> LoggingMonitor.Redactor {
        var merged = self
        merged.secretHeaderNames.formUnion(other.secretHeaderNames)
        merged.secretNameFragments += other.secretNameFragments.filter { !secretNameFragments.contains($0) }
        merged.exactSecretNames.formUnion(other.exactSecretNames)
        return merged
    }

    /// Whether these rules hide more than ``default`` does.
    var hidesMoreThanDefault: Bool {
        let base = LoggingMonitor.Redactor.default
        return !secretHeaderNames.isSubset(of: base.secretHeaderNames)
            || !exactSecretNames.isSubset(of: base.exactSecretNames)
            || secretNameFragments.contains { !base.secretNameFragments.contains($0) }
    }

    /// The one redactor of a client: ``default`` plus the names every ``LoggingMonitor`` among
    /// `monitors` hides. Its cURL lines (``HTTPRequest/curlDescription``), its errors'
    /// descriptions and its requests' mirrors hide what its logs hide. Nil when that is no more
    /// than ``default``.
    static func of(monitors: [any EventMonitor]) -> LoggingMonitor.Redactor? {
        let merged = monitors.compactMap { ($0 as? LoggingMonitor)?.redactor }
            .reduce(LoggingMonitor.Redactor.default) { $0.merging($1) }
        return merged.hidesMoreThanDefault ? merged : nil
    }
}

/// The client's redactor (``LoggingMonitor/Redactor/of(monitors:)``), carried by the requests it
/// builds so that a request describes itself as the client's logs would.
package enum RedactorOption: RequestOptionKey {
    package static let defaultValue: LoggingMonitor.Redactor? = nil
}
