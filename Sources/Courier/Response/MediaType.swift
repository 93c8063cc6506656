import Foundation

/// A parsed media type such as `application/json; charset=utf-8` (RFC 9110 §8.3.1).
package struct MediaType: Sendable, Hashable, CustomStringConvertible {
    /// The type, lower-cased (`application`).
    package let type: String
    /// The subtype, lower-cased (`json`, `vnd.api+json`).
    package let subtype: String
    /// Parameters with lower-cased names (`charset`).
    package let parameters: [String: String]

    /// Parses a `Content-Type` value; nil when it has no `type/subtype`.
    package init?(_ string: String) {
        let pieces = string.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let essence = pieces.first else { return nil }
        let parts = essence.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        type = parts[0].lowercased()
        subtype = parts[1].lowercased()
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            parameters[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] =
                value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
        }
        self.parameters = parameters
    }

    /// Whether this type matches a pattern such as `application/json`, `text/*`, `*/*`, or a
    /// structured-syntax suffix like `application/*+json`.
    package func matches(_ pattern: String) -> Bool {
        guard let other = MediaType(pattern) else { return false }
        if other.type != "*" && other.type != type { return false }
        if other.subtype == "*" || other.subtype == subtype { return true }
        if other.subtype.hasPrefix("*+") { return subtype.hasSuffix(String(other.subtype.dropFirst())) }
        return false
    }

    /// `type/subtype`.
    package var description: String { "\(type)/\(subtype)" }
}
