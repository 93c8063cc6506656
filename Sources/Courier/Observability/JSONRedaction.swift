public import Foundation

extension LoggingMonitor.Redactor {
    /// A JSON document with its secrets replaced, still valid JSON of the same shape, or nil when
    /// `data` is not JSON.
    ///
    /// Unlike ``redactBody(_:contentType:)``, which works on text for display, this parses the
    /// document, so the result can still be decoded (cassettes rely on it):
    /// - a string under a secret key (``isSecret(name:)``, at any depth) becomes ``placeholder``;
    /// - a string that is a whole credential (`Bearer …`, `Basic …`) keeps its scheme only;
    /// - a string that is a URL has its secret query values replaced;
    /// - a string that is itself JSON or a form (an echo of a request body) is redacted the same way.
    ///
    /// Numbers, booleans and nulls are kept even under secret keys (`"code": 404` is an error
    /// code far more often than a secret), so decoding them still works. When nothing was
    /// replaced the original bytes are returned unchanged; otherwise the document is written
    /// again with sorted keys.
    public func redactJSON(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        var changed = false
        let redacted = redactJSONNode(object, underSecretKey: false, changed: &changed)
        guard changed else { return data }
        return try? JSONSerialization.data(
            withJSONObject: redacted, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    }

    private func redactJSONNode(_ node: Any, underSecretKey: Bool, changed: inout Bool) -> Any {
        switch node {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, value) in object {
                result[key] = redactJSONNode(
                    value, underSecretKey: underSecretKey || isSecret(name: key), changed: &changed)
            }
            return result
        case let array as [Any]:
            return array.map { redactJSONNode($0, underSecretKey: underSecretKey, changed: &changed) }
        case let string as String:
            let redacted = underSecretKey ? Self.placeholder : redactJSONString(string)
            if redacted != string { changed = true }
            return redacted
        default:
            return node
        }
    }

    private func redactJSONString(_ string: String) -> String {
        let parts = string.split(separator: " ", maxSplits: 1)
        if parts.count == 2, ["bearer", "basic"].contains(parts[0].lowercased()), !parts[1].contains(" ") {
            return parts[0] + " " + Self.placeholder
        }
        if string.contains("://"), let mark = string.firstIndex(of: "?"), !string.contains(" ") {
            // Foundation may re-encode a URL it parses (non-ASCII paths); only a URL that
            // survives parsing unchanged goes through `redact(_:)`, others get their query redacted as text.
            if let url = URL(string: string), url.absoluteString == string { return redact(url) }
            let rest = string[string.index(after: mark)...]
            let hash = rest.firstIndex(of: "#") ?? rest.endIndex
            return string[...mark] + redactForm(String(rest[..<hash])) + rest[hash...]
        }
        if let first = string.first, first == "{" || first == "[",
            let nested = redactJSON(Data(string.utf8)), let text = String(data: nested, encoding: .utf8)
        {
            return text
        }
        if string.contains("="), !string.contains(" "), !string.contains("://") {
            return redactForm(string)
        }
        return string
    }
}
